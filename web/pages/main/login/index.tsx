import { useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { disposeLoginModel, getLoginModel } from '../../../app/login-model.ts';
import { goBack } from '../../../app/navigation.ts';
import { safeTargetUrl } from '../../../state/login.ts';
import { NavBar } from '../../../ui/NavBar.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { Field } from '../../../ui/Field.tsx';
import { PAGE_PATH, protocolUrl } from '../../../core/paths.ts';
import { locale } from '../../../core/i18n/locale.ts';
import { regionName } from '../../../core/i18n/region.ts';
import { useStore } from '../../../ui/use-store.ts';
import { msgs } from './words.ts';

export default function LoginPage() {
  useSignals();
  const model = getLoginModel();
  const t = useStore(msgs);
  const lang = useStore(locale);
  const countryName = regionName(model.country.value, lang);
  const [, navigate] = useLocation();
  const search = useSearch();
  const target = safeTargetUrl(new URLSearchParams(search).get('targetUrl'));
  const consentId = useId();
  const showPhoneError = model.mobile.value.length > 0 && !model.phoneValid.value;

  const onSubmit = (e: React.FormEvent): void => {
    e.preventDefault();
    // submit() reports its own failures (toast, field message) and never rejects.
    void model.submit().then((ok) => {
      if (!ok) return;
      disposeLoginModel();
      navigate(target, { replace: true });
    });
  };

  return (
    <div className="scroll">
      <NavBar title="" onBack={() => goBack()} />
      <form className="login" onSubmit={onSubmit} noValidate>
        <div className="login__head">
          <h2 className="login__title">{t.title}</h2>
          <p className="muted">{t.newAccount}</p>
        </div>

        <Field
          label={t.phone}
          error={showPhoneError ? t.invalidPhone({ country: countryName }) : ''}
          announce="polite"
          prefix={
            <button
              type="button"
              className="field__prefix"
              onClick={() => navigate(PAGE_PATH.countryCodes)}
              aria-label={t.countryCode({ code: model.country.value.code, country: countryName })}
            >
              +{model.country.value.code}
              <Icon name="chevron" size={14} />
            </button>
          }
          type="tel"
          name="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={model.country.value.example}
          value={model.mobile.value}
          onChange={(e) => model.setMobile(e.target.value)}
          required
        />

        <Field
          label={t.code}
          action={
            <Button
              variant="secondary"
              className="field__action"
              disabled={!model.canSend.value}
              onClick={() => void model.sendCode()}
            >
              {model.resendIn.value > 0 ? t.resendIn({ seconds: model.resendIn.value }) : model.sending.value ? t.sending : t.sendCode}
            </Button>
          }
          type="text"
          name="one-time-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="\d{6}"
          maxLength={6}
          placeholder={t.codePlaceholder}
          value={model.code.value}
          onChange={(e) => model.setCode(e.target.value)}
          required
        />

        <label className="checkbox" htmlFor={consentId}>
          <input
            id={consentId}
            type="checkbox"
            checked={model.agreed.value}
            onChange={(e) => model.setAgreed(e.target.checked)}
          />
          <span>
            {t.consentBefore}
            <a href={protocolUrl('user')} onClick={(e) => { e.preventDefault(); navigate(protocolUrl('user')); }}>
              {t.userAgreement}
            </a>
            {t.consentAnd}
            <a href={protocolUrl('privacy')} onClick={(e) => { e.preventDefault(); navigate(protocolUrl('privacy')); }}>
              {t.privacyPolicy}
            </a>
            {t.consentAfter}
          </span>
        </label>

        <Button type="submit" block disabled={!model.canSubmit.value}>
          {model.submitting.value ? t.loggingIn : t.logIn}
        </Button>
      </form>
    </div>
  );
}
