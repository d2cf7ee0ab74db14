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

export default function LoginPage() {
  useSignals();
  const model = getLoginModel();
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
          <h2 className="login__title">Log in with your phone</h2>
          <p className="muted">New numbers get an account automatically.</p>
        </div>

        <Field
          label="Phone number"
          error={showPhoneError ? `Enter a valid ${model.country.value.name} number` : ''}
          announce="polite"
          prefix={
            <button
              type="button"
              className="field__prefix"
              onClick={() => navigate(PAGE_PATH.countryCodes)}
              aria-label={`Country code +${model.country.value.code}, ${model.country.value.name}. Change`}
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
          label="Verification code"
          action={
            <Button
              variant="secondary"
              className="field__action"
              disabled={!model.canSend.value}
              onClick={() => void model.sendCode()}
            >
              {model.resendIn.value > 0 ? `Resend in ${model.resendIn.value}s` : model.sending.value ? 'Sending…' : 'Send code'}
            </Button>
          }
          type="text"
          name="one-time-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="\d{6}"
          maxLength={6}
          placeholder="6-digit code"
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
            I have read and agree to the{' '}
            <a href={protocolUrl('user')} onClick={(e) => { e.preventDefault(); navigate(protocolUrl('user')); }}>
              User Agreement
            </a>{' '}
            and the{' '}
            <a href={protocolUrl('privacy')} onClick={(e) => { e.preventDefault(); navigate(protocolUrl('privacy')); }}>
              Privacy Policy
            </a>
            .
          </span>
        </label>

        <Button type="submit" block disabled={!model.canSubmit.value}>
          {model.submitting.value ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
    </div>
  );
}
