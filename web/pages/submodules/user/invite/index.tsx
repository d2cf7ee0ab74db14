import { useState, type FormEvent } from 'react';
import { api, toaster } from '../../../../app/services.ts';
import { locale } from '../../../../core/i18n/locale.ts';
import { goBack } from '../../../../app/navigation.ts';
import { setClipboardData } from '../../../../core/clipboard.ts';
import { stockString } from '../../../../core/i18n/index.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Field } from '../../../../ui/Field.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { Stats } from '../../../../ui/Stats.tsx';

async function copy(text: string): Promise<void> {
  try {
    await setClipboardData(text);
    toaster.show({ title: stockString('copied', locale.get()), icon: 'none' });
  } catch {
    toaster.show({ title: stockString('copyFailed', locale.get()), icon: 'none' });
  }
}

export default function InvitePage() {
  const [info, reload] = useAsync(() => api.inviteInfo({}), []);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const bind = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const value = code.trim();
    if (!value || busy) return;
    setBusy(true);
    try {
      const r = await api.bindInvite({ code: value });
      toaster.show({ title: `Bound to ${r.inviter}: +${formatPlayTime(r.duration)}`, icon: 'success' });
      setCode('');
      reload();
    } catch {
      // The server's message was shown.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="scroll">
      <NavBar title="Invite friends" onBack={() => goBack(PAGE_PATH.user)} />
      <div className="content">
        {info.status === 'loading' && <Spinner />}
        {info.status === 'error' && <LoadFailed message="Your invitation could not be loaded." onRetry={reload} />}
        {info.status === 'ready' && (
          <>
            <section className="card invite-code" aria-label="My invitation code">
              <span className="muted small">My invitation code</span>
              <strong className="invite-code__value" data-testid="invite-code">
                {info.value.code}
              </strong>
              <div className="invite-code__actions">
                <Button onClick={() => void copy(info.value.code)}>Copy code</Button>
                <Button variant="secondary" onClick={() => void copy(info.value.invite_url)}>
                  Copy link
                </Button>
              </div>
              <p className="muted small">
                Each friend who joins gives you {formatPlayTime(info.value.inviter_reward)} and them {formatPlayTime(info.value.invitee_reward)}{' '}
                (up to {info.value.max_rewarded} friends).
              </p>
            </section>
            <Stats
              label="Invitation results"
              items={[
                { label: 'Friends invited', value: info.value.invited_count },
                { label: 'Play time earned', value: formatPlayTime(info.value.total_reward) },
              ]}
            />

            <h2 className="section-title">Have a friend's code?</h2>
            {info.value.bound_code ? (
              <p className="card muted">You joined with code {info.value.bound_code}.</p>
            ) : (
              <form className="card bind-form" onSubmit={(e) => void bind(e)}>
                <Field
                  label="Friend's invitation code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  maxLength={32}
                />
                <Button type="submit" block disabled={!code.trim() || busy}>
                  {busy ? 'Binding…' : 'Bind code'}
                </Button>
              </form>
            )}

            {info.value.invited.length > 0 && (
              <>
                <h2 className="section-title">Invited friends</h2>
                <ul className="list">
                  {info.value.invited.map((f) => (
                    <li key={f.uid} className="list__item">
                      <span className="list__label">{f.username || f.mobile}</span>
                      <span className="list__value">+{formatPlayTime(f.reward)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {info.value.rules.length > 0 && (
              <>
                <h2 className="section-title">Rules</h2>
                <ol className="card rules">
                  {info.value.rules.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ol>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
