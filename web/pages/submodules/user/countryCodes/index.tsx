import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { COUNTRIES, countryByIso, searchCountries, type Country } from '../../../../api/phone.ts';
import { locale } from '../../../../core/i18n/locale.ts';
import { getLoginModel } from '../../../../app/login-model.ts';
import { goBack } from '../../../../app/navigation.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { regionName } from '../../../../core/i18n/region.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('user/country-codes', {
  title: 'Country / region',
  search: 'Search countries',
  placeholder: 'Search country or code',
  none: params('No country matches “{query}”.'),
  countries: 'Countries',
});

/** Picks the login's country calling code, then returns to the login form with what was typed. */
export default function CountryCodesPage() {
  useSignals();
  const t = useStore(msgs);
  const model = getLoginModel();
  const [query, setQuery] = useState('');
  const lang = useStore(locale);
  const named = useMemo(() => COUNTRIES.map((c) => ({ ...c, name: regionName(c, lang) })), [lang]);
  // A search matches the name shown or the English one, and the calling code.
  const list = useMemo(() => {
    const hits = new Set([...searchCountries(query, named), ...searchCountries(query)].map((c) => c.iso));
    return named.filter((c) => hits.has(c.iso));
  }, [query, named]);
  const selected = model.country.value;

  const pick = (country: Country) => {
    model.setCountry(countryByIso(country.iso) ?? country);
    goBack(PAGE_PATH.login);
  };

  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.login)} />
      <div className="content">
        <label className="search-box">
          <Icon name="search" size={18} />
          <span className="visually-hidden">{t.search}</span>
          <input type="search" placeholder={t.placeholder} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </label>
        {list.length === 0 ? (
          <p className="muted" role="status">{t.none({ query })}</p>
        ) : (
          <ul className="list" aria-label={t.countries}>
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
