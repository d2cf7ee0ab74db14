import { useState, type FormEvent } from 'react';
import type { AuthMessage } from '../../../../api/contract.ts';
import { api, auth, clock } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { isApiError, isRepeatedRequest } from '../../../../core/http/errors.ts';
import { normalizeIdCard } from '../../../../api/idcard.ts';
import { checkRealName, idCardError } from '../../../../state/idcard.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Field } from '../../../../ui/Field.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('user/auth', {
  title: 'Real-name verification',
  verified: 'Verified',
  name: 'Name',
  idCard: 'ID card',
  verifiedOn: 'Verified on',
  minor: 'Play time limits for minors apply to this account.',
  failed: 'Verification failed, try again',
  lawNote: "The law asks game services to verify players' identity. Your details are checked once and stored masked.",
  realName: 'Real name',
  idNumber: 'ID card number',
  verifying: 'Verifying…',
  verify: 'Verify',
  statusFailed: 'Your verification status could not be loaded.',
});

function Verified({ info }: { info: AuthMessage }) {
  const t = useStore(msgs);
  return (
    <section className="card center-stack auth-done" aria-live="polite">
      <span className="result-icon result-icon--ok">
        <Icon name="check" size={36} />
      </span>
      <h2>{t.verified}</h2>
      <dl className="facts">
        {info.real_name && (
          <>
            <dt>{t.name}</dt>
            <dd>{info.real_name}</dd>
          </>
        )}
        {info.id_card && (
          <>
            <dt>{t.idCard}</dt>
            <dd>{info.id_card}</dd>
          </>
        )}
        {info.auth_time && (
          <>
            <dt>{t.verifiedOn}</dt>
            <dd>{info.auth_time.slice(0, 10)}</dd>
          </>
        )}
      </dl>
      {info.is_minor === 1 && <p className="muted small">{t.minor}</p>}
    </section>
  );
}

export default function AuthPage() {
  const t = useStore(msgs);
  const [status, retryStatus] = useAsync(() => api.getAuthMessage({}, { silent: true }), []);
  const [done, setDone] = useState<AuthMessage | null>(null);
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  const nameError = touched ? checkRealName(name) : null;
  const idError = touched ? idCardError(id, clock.now()) : null;

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setTouched(true);
    setServerError('');
    if (checkRealName(name) || idCardError(id, clock.now()) || busy) return;
    setBusy(true);
    try {
      const info = await api.authPost({ real_name: name.trim(), id_card: normalizeIdCard(id) }, { silent: true });
      setDone(info);
      void auth.refreshBalance().catch(() => undefined);
    } catch (err) {
      // A repeat (SPEC §5) means the first submit is still on its way: its answer will speak.
      if (!isRepeatedRequest(err)) setServerError(isApiError(err) ? err.msg : msgs.get().failed);
    } finally {
      setBusy(false);
    }
  };

  const verified = done ?? (status.status === 'ready' && status.value.is_auth === 1 ? status.value : null);

  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.setting)} />
      <div className="content">
        {status.status === 'loading' && !done && <Spinner />}
        {verified && <Verified info={verified} />}
        {/* Unknown status is not "not verified": the form would invite a second verification. */}
        {status.status === 'error' && !done && <LoadFailed message={t.statusFailed} onRetry={retryStatus} />}
        {!verified && status.status === 'ready' && (
          <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
            <p className="muted small">
              {t.lawNote}
            </p>
            <Field
              label={t.realName}
              error={nameError}
              name="real_name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
              maxLength={30}
            />
            <Field
              label={t.idNumber}
              error={idError}
              name="id_card"
              value={id}
              onChange={(e) => setId(e.target.value)}
              autoComplete="off"
              inputMode="text"
              maxLength={20}
            />
            {serverError && (
              <p className="form-error" role="alert">
                {serverError}
              </p>
            )}
            <Button type="submit" block disabled={busy}>
              {busy ? t.verifying : t.verify}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
