import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { SignInDay } from '../../../../api/contract.ts';
import { api, auth, clock, session, storage, toaster } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { canAutoSignIn } from '../../../../state/rules.ts';
import { viewAfterSignIn, viewFromConf, type SignInView } from '../../../../state/signin.ts';
import { readSingleMode } from '../../../../app/channel.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { freshUser } from '../../../../state/auth.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const STATE_TEXT: Record<SignInDay['state'], string> = { [-1]: 'missed', 0: 'not signed yet', 1: 'signed' };

export default function TimelapsePage() {
  const [, navigate] = useLocation();
  const { loginInfo } = useStore(auth.$auth);
  const user = useStore(auth.$user);
  const [view, setView] = useState<SignInView | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const uid = loginInfo?.swcloud_uid;

  const signIn = async (): Promise<void> => {
    if (uid === undefined || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const result = await api.signIn({ uid });
      setView(viewAfterSignIn(result));
      toaster.show({ title: `Signed in: +${formatPlayTime(result.duration)}`, icon: 'success' });
      await auth.refreshBalance().catch(() => null);
    } catch {
      // The server's message was shown.
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  useEffect(() => {
    if (uid === undefined) return;
    let live = true;
    void (async () => {
      try {
        const [conf, system, balance] = await Promise.all([
          api.signInConf({ uid }),
          systemInfo.load().catch(() => null),
          freshUser(auth, clock),
        ]);
        if (!live) return;
        const v = viewFromConf(conf);
        setView(v);
        // SPEC §4: auto sign-in on opening, skipped in single mode unless the channel allows it and the user is a member.
        const auto = canAutoSignIn({ singleMode: readSingleMode(storage.session), agentCode: session.getAgentCode(), system, user: balance });
        if (auto && v.action === 'sign-in') await signIn();
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
    };
  }, [uid]);

  return (
    <div className="fixed-page">
      <NavBar title="Play time" onBack={() => goBack(PAGE_PATH.user)} />
      <div className="scroll">
        <div className="content">
          <section className="card playtime" aria-label="Remaining play time">
            <span className="muted small">Play time left</span>
            <strong className="playtime__value">{user ? formatPlayTime(user.duration_coin) : '–'}</strong>
            <span className="muted small">
              {user ? `Earned ${formatPlayTime(user.duration)} · bought ${formatPlayTime(user.coin_balance_duration)}` : ''}
            </span>
          </section>

          <h2 className="section-title">Daily sign-in</h2>
          <section className="card">
            {!view && !failed && <Spinner />}
            {failed && <p className="muted">Sign-in could not be loaded.</p>}
            {view && (
              <>
                <ol className="signin-strip" aria-label="This week">
                  {view.days.map((d) => {
                    const today = d.day === view.currentWeek;
                    return (
                      <li
                        key={d.day}
                        className={`signin-day signin-day--s${d.state + 1}${today ? ' signin-day--today' : ''}`}
                        aria-label={`${DAY_NAMES[d.day - 1] ?? d.day}${today ? ' (today)' : ''}: ${STATE_TEXT[d.state]}, ${formatPlayTime(d.duration)}`}
                        data-state={d.state}
                      >
                        <span className="signin-day__name">{today ? 'Today' : DAY_NAMES[d.day - 1]}</span>
                        <span className="signin-day__mark" aria-hidden="true">
                          {d.state === 1 ? <Icon name="check" size={16} /> : d.state === -1 ? '–' : <Icon name="clock" size={16} />}
                        </span>
                        <span className="signin-day__gain">+{formatPlayTime(d.duration)}</span>
                      </li>
                    );
                  })}
                </ol>
                {view.granted > 0 && <p className="signin-granted">Today: +{formatPlayTime(view.granted)} play time</p>}
                <Button block disabled={view.action !== 'sign-in' || busy} onClick={() => void signIn()}>
                  {view.action === 'signed' ? 'Signed in today' : busy ? 'Signing in…' : view.action === 'sign-in' ? 'Sign in' : 'Sign-in unavailable today'}
                </Button>
              </>
            )}
          </section>
          <p className="muted small">Sign in every day for free play time. A missed day cannot be signed later.</p>
          <Button block variant="secondary" onClick={() => navigate(PAGE_PATH.recharge)}>
            Buy play time
          </Button>
        </div>
      </div>
    </div>
  );
}
