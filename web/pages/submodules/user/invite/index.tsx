import { useState, type FormEvent } from 'react';
import { api, toaster } from '../../../../app/services.ts';
import { locale } from '../../../../core/i18n/locale.ts';
import { goBack } from '../../../../app/navigation.ts';
import { sharing } from '../../../../app/host-services.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { formatDuration } from '../../../../core/i18n/format-time.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Field } from '../../../../ui/Field.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { Stats } from '../../../../ui/Stats.tsx';

const msgs = messages('user/invite', {
  bound: params('Bound to {inviter}: +{gain}'),
  title: 'Invite friends',
  loadFailed: 'Your invitation could not be loaded.',
  myCode: 'My invitation code',
  share: 'Share invitation',
  shareTitle: 'Play with me on Cloud Play',
  shareText: params('Join Cloud Play with my invitation code {code} and get {theirs} of play time.'),
  copyCode: 'Copy code',
  copyLink: 'Copy link',
  reward: params('Each friend who joins gives you {mine} and them {theirs} (up to {max} friends).'),
  results: 'Invitation results',
  invited: 'Friends invited',
  earned: 'Play time earned',
  haveCode: "Have a friend's code?",
  joinedWith: params('You joined with code {code}.'),
  friendCode: "Friend's invitation code",
  binding: 'Binding…',
  bind: 'Bind code',
  invitedFriends: 'Invited friends',
  rules: 'Rules',
});

export default function InvitePage() {
  const t = useStore(msgs);
  const lang = useStore(locale);
  const playTime = (s: number): string => formatPlayTime(s, lang);
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
      toaster.show({ title: msgs.get().bound({ inviter: r.inviter, gain: formatDuration(r.duration, locale.get()) }), icon: 'success' });
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
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.user)} />
      <div className="content">
        {info.status === 'loading' && <Spinner />}
        {info.status === 'error' && <LoadFailed message={t.loadFailed} onRetry={reload} />}
        {info.status === 'ready' && (
          <>
            <section className="card invite-code" aria-label={t.myCode}>
              <span className="muted small">{t.myCode}</span>
              <strong className="invite-code__value" data-testid="invite-code">
                {info.value.code}
              </strong>
              <Button
                block
                onClick={() =>
                  void sharing.share({
                    title: t.shareTitle,
                    text: t.shareText({ code: info.value.code, theirs: playTime(info.value.invitee_reward) }),
                    url: info.value.invite_url,
                  })
                }
              >
                {t.share}
              </Button>
              <div className="invite-code__actions">
                <Button variant="secondary" onClick={() => void sharing.copy(info.value.code)}>
                  {t.copyCode}
                </Button>
                <Button variant="secondary" onClick={() => void sharing.copy(info.value.invite_url)}>
                  {t.copyLink}
                </Button>
              </div>
              <p className="muted small">
                {t.reward({ mine: playTime(info.value.inviter_reward), theirs: playTime(info.value.invitee_reward), max: info.value.max_rewarded })}
              </p>
            </section>
            <Stats
              label={t.results}
              items={[
                { label: t.invited, value: info.value.invited_count },
                { label: t.earned, value: playTime(info.value.total_reward) },
              ]}
            />

            <h2 className="section-title">{t.haveCode}</h2>
            {info.value.bound_code ? (
              <p className="card muted">{t.joinedWith({ code: info.value.bound_code })}</p>
            ) : (
              <form className="card bind-form" onSubmit={(e) => void bind(e)}>
                <Field
                  label={t.friendCode}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  maxLength={32}
                />
                <Button type="submit" block disabled={!code.trim() || busy}>
                  {busy ? t.binding : t.bind}
                </Button>
              </form>
            )}

            {info.value.invited.length > 0 && (
              <>
                <h2 className="section-title">{t.invitedFriends}</h2>
                <ul className="list">
                  {info.value.invited.map((f) => (
                    <li key={f.uid} className="list__item">
                      <span className="list__label">{f.username || f.mobile}</span>
                      <span className="list__value">+{playTime(f.reward)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {info.value.rules.length > 0 && (
              <>
                <h2 className="section-title">{t.rules}</h2>
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
