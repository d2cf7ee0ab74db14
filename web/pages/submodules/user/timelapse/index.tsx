import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { SignInDay } from '../../../../api/contract.ts';
import { api, auth } from '../../../../app/services.ts';
import { signInGranted } from '../../../../app/shown.ts';
import { goBack } from '../../../../app/navigation.ts';
import { viewFromConf, type SignInView } from '../../../../state/signin.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { locale } from '../../../../core/i18n/locale.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { formatDuration } from '../../../../core/i18n/format-time.ts';
import type { Lang } from '../../../../core/i18n/lang.ts';

const msgs = messages('user/timelapse', {
  missed: 'missed',
  notYet: 'not signed yet',
  signed: 'signed',
  title: 'Play time',
  remaining: 'Remaining play time',
  timeLeft: 'Play time left',
  earnedBought: params('Earned {earned} · bought {bought}'),
  dailySignIn: 'Daily sign-in',
  loadFailed: 'Sign-in could not be loaded.',
  thisWeek: 'This week',
  dayLabel: params('{day}: {state}, {gain}'),
  todayLabel: params('{day} (today): {state}, {gain}'),
  today: 'Today',
  grantedToday: params('Today: +{gain} play time'),
  signedToday: 'Signed in today',
  signingIn: 'Signing in…',
  signIn: 'Sign in',
  unavailable: 'Sign-in unavailable today',
  rule: 'Sign in every day for free play time. A missed day cannot be signed later.',
  buy: 'Buy play time',
});

/** Monday to Sunday, short, in the language (Mon, 周一); 2024-01-01 was a Monday. */
const dayName = (day: number, lang: Lang): string =>
  new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));

/** A day's gain on its narrow chip: whole hours without "0 minutes" (1小时, not 1小时0分钟), else the usual length. */
const chipGain = (seconds: number, lang: Lang): string =>
  seconds >= 3600 && seconds % 3600 === 0
    ? new Intl.NumberFormat(lang, { style: 'unit', unit: 'hour', unitDisplay: 'narrow' }).format(seconds / 3600)
    : formatDuration(seconds, lang);

const stateText = (t: ReturnType<typeof msgs.get>): Record<SignInDay['state'], string> => ({ [-1]: t.missed, 0: t.notYet, 1: t.signed });

export default function TimelapsePage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const lang = useStore(locale);
  const playTime = (s: number): string => formatPlayTime(s, lang);
  const { loginInfo } = useStore(auth.$auth);
  const user = useStore(auth.$user);
  const [view, setView] = useState<SignInView | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const granted = useStore(signInGranted);
  const uid = loginInfo?.swcloud_uid;

  /** The strip as the server has it now (after any sign-in the app made). */
  const loadStrip = async (id: number): Promise<SignInView> => viewFromConf(await api.signInConf({ uid: id }));

  // The button: where auto sign-in is not allowed (SPEC §4 single mode), or after it failed. The app's one
  // sign-in (app/signin.ts) calls sign_in and says what it granted, so a start-up sign-in is never repeated here.
  const signIn = async (): Promise<void> => {
    if (uid === undefined || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const { dailySignIn } = await import('../../../../app/signin.ts');
      await dailySignIn.signInNow();
      setView(await loadStrip(uid));
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
    setFailed(false);
    void (async () => {
      try {
        // SPEC §4: the app's daily sign-in (already under way since start, or done) settles first, so the strip shows it.
        const { dailySignIn } = await import('../../../../app/signin.ts');
        await dailySignIn.run();
        const v = await loadStrip(uid);
        if (live) setView(v);
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
    };
  }, [uid, attempt]);

  return (
    <div className="fixed-page">
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.user)} />
      <div className="scroll">
        <div className="content">
          <section className="card playtime" aria-label={t.remaining}>
            <span className="muted small">{t.timeLeft}</span>
            <strong className="playtime__value">{user ? playTime(user.duration_coin) : '–'}</strong>
            <span className="muted small">
              {user ? t.earnedBought({ earned: playTime(user.duration), bought: playTime(user.coin_balance_duration) }) : ''}
            </span>
          </section>

          <h2 className="section-title">{t.dailySignIn}</h2>
          <section className="card">
            {!view && !failed && <Spinner />}
            {failed && <LoadFailed message={t.loadFailed} onRetry={() => setAttempt((n) => n + 1)} />}
            {view && (
              <>
                <ol className="signin-strip" aria-label={t.thisWeek}>
                  {view.days.map((d) => {
                    const today = d.day === view.currentWeek;
                    return (
                      <li
                        key={d.day}
                        className={`signin-day signin-day--s${d.state + 1}${today ? ' signin-day--today' : ''}`}
                        aria-label={(today ? t.todayLabel : t.dayLabel)({ day: dayName(d.day, lang), state: stateText(t)[d.state], gain: playTime(d.duration) })}
                        data-state={d.state}
                      >
                        <span className="signin-day__name">{today ? t.today : dayName(d.day, lang)}</span>
                        <span className="signin-day__mark" aria-hidden="true">
                          {d.state === 1 ? <Icon name="check" size={16} /> : d.state === -1 ? '–' : <Icon name="clock" size={16} />}
                        </span>
                        <span className="signin-day__gain">+{chipGain(d.duration, lang)}</span>
                      </li>
                    );
                  })}
                </ol>
                {granted !== null && granted > 0 && (
                  <p className="signin-granted" data-testid="signin-granted">
                    {t.grantedToday({ gain: playTime(granted) })}
                  </p>
                )}
                <Button block disabled={view.action !== 'sign-in' || busy} onClick={() => void signIn()}>
                  {view.action === 'signed' ? t.signedToday : busy ? t.signingIn : view.action === 'sign-in' ? t.signIn : t.unavailable}
                </Button>
              </>
            )}
          </section>
          <p className="muted small">{t.rule}</p>
          <Button block variant="secondary" onClick={() => navigate(PAGE_PATH.recharge)}>
            {t.buy}
          </Button>
        </div>
      </div>
    </div>
  );
}
