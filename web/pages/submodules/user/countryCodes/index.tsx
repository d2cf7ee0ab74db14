import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { searchCountries, type Country } from '../../../../api/phone.ts';
import { getLoginModel } from '../../../../app/login-model.ts';
import { goBack } from '../../../../app/navigation.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Icon } from '../../../../ui/icons.tsx';

/** Picks the login's country calling code, then returns to the login form with what was typed. */
export default function CountryCodesPage() {
  useSignals();
  const model = getLoginModel();
  const [query, setQuery] = useState('');
  const list = useMemo(() => searchCountries(query), [query]);
  const selected = model.country.value;

  const pick = (country: Country) => {
    model.setCountry(country);
    goBack(PAGE_PATH.login);
  };

  return (
    <div className="scroll">
      <NavBar title="Country / region" onBack={() => goBack(PAGE_PATH.login)} />
      <div className="content">
        <label className="search-box">
          <Icon name="search" size={18} />
          <span className="visually-hidden">Search countries</span>
          <input type="search" placeholder="Search country or code" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </label>
        {list.length === 0 ? (
          <p className="muted" role="status">No country matches “{query}”.</p>
        ) : (
          <ul className="list" aria-label="Countries">
            {list.map((c) => {
              const isSelected = c.iso === selected.iso;
              return (
                <li key={c.iso}>
                  <button type="button" className="list__item" aria-current={isSelected} onClick={() => pick(c)}>
                    <span className="list__label">{c.name}</span>
                    <span className={isSelected ? 'country__code country__code--selected' : 'country__code'}>+{c.code}</span>
                    {isSelected && <Icon name="check" size={18} className="country__check" />}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
