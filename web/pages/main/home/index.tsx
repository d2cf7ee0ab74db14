import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { auth } from '../../../app/services.ts';
import { loginUrl } from '../../../app/guard.ts';
import { useStore } from '../../../ui/use-store.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { formatPlayTime, memberLabel } from '../../../state/format.ts';
import { formatNumber } from '../../../core/i18n/format.ts';
import { maskMobile } from '../../../api/mask.ts';
import { LazyFeed, loadFeed } from './LazyFeed.tsx';
import { ResumeBanner } from './ResumeBanner.tsx';
import { PAGE_PATH } from '../../../core/paths.ts';
import { Stats } from '../../../ui/Stats.tsx';
import { APP_ICON, iconSource } from '../../../ui/drawn-icons.ts';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { useBalance } from '../../../ui/use-balance.ts';
import { SignInGranted } from '../../../ui/SignInGranted.tsx';
import { signInGranted } from '../../../app/shown.ts';
import { locale } from '../../../core/i18n/locale.ts';
import { messages } from '../../../core/i18n/messages.ts';

const msgs = messages('home/page', {
  brand: 'Cloud Play',
  logIn: 'Log in',
  account: 'Your account',
  timeLeft: 'Play time left',
  plan: 'Plan',
  coins: 'Coins',
  balanceFailed: 'Your balance could not be loaded.',
  loginTitle: 'Log in to start playing',
  loginText: 'Your play time, saves and membership follow you.',
  shortcuts: 'Shortcuts',
  games: 'Games',
  membership: 'Membership',
  playTime: 'Play time',
  invite: 'Invite',
  appTitle: 'Get the app',
  appText: 'Smoother streams and controller support on Android and iOS.',
  download: 'Download',
});

const SHORTCUTS = [
  { label: 'games', icon: 'gamepad', path: PAGE_PATH.gameLibrary },
  { label: 'membership', icon: 'crown', path: PAGE_PATH.member },
  { label: 'playTime', icon: 'clock', path: PAGE_PATH.timelapse },
  { label: 'invite', icon: 'gift', path: PAGE_PATH.invite },
] as const;

/** Offered at most once a visit, so backing out of the questionnaire does not bring it straight back. */
let questionnaireOffered = false;

/**
 * A new player (is_new_user 1) meets the questionnaire once, on home after login. The stored guide is
 * read lazily: only a new player's home loads the database code.
 */
function useQuestionnaireOffer(isNewUser: boolean, navigate: (to: string) => void): void {
  useEffect(() => {
    if (!isNewUser || questionnaireOffered) return;
    let live = true;
    void import('../../../app/guide.ts')
      .then((m) => m.questionnaireDue({ is_new_user: 1 }))
      .then((due) => {
        if (!live || questionnaireOffered || !due) return;
        questionnaireOffered = true;
        navigate(PAGE_PATH.questionnaire);
      });
    return () => {
      live = false;
    };
  }, [isNewUser, navigate]);
}

/** The idle preloader's warm-up (page-loader.ts): the feed's code, so opening home later draws it at once. */
export function preload(): void {
  void loadFeed().catch(() => undefined);
}

export default function HomePage() {
  const [, navigate] = useLocation();
  const { loginInfo } = useStore(auth.$auth);
  const { user, failed: balanceFailed, retry: retryBalance } = useBalance(auth, false);
  const t = useStore(msgs);
  const lang = useStore(locale);
  useQuestionnaireOffer(user?.is_new_user === 1, navigate);
  const shortcutLabel = { games: t.games, membership: t.membership, playTime: t.playTime, invite: t.invite };

  return (
    <>
      <header className="home-header">
        <div className="brand">
          <img className="brand__logo" src={iconSource(APP_ICON)} alt="" width={34} height={34} />
          <span>{t.brand}</span>
        </div>
        {loginInfo ? (
          <span className="muted small">{maskMobile(loginInfo.mobile)}</span>
        ) : (
          <Button variant="secondary" onClick={() => navigate(loginUrl(PAGE_PATH.home))}>
            {t.logIn}
          </Button>
        )}
      </header>
      <div className="scroll">
        <div className="content">
          <ResumeBanner />
          {loginInfo && balanceFailed ? (
            <LoadFailed message={t.balanceFailed} onRetry={retryBalance} />
          ) : loginInfo ? (
            <>
              <Stats
                label={t.account}
                items={[
                  { label: t.timeLeft, value: user ? formatPlayTime(user.duration_coin, lang) : '–' },
                  { label: t.plan, value: user ? memberLabel(user.member_status) : '–' },
                  { label: t.coins, value: user ? formatNumber(user.coin_balance, lang) : '–' },
                ]}
              />
              <SignInGranted granted={signInGranted} />
            </>
          ) : (
            <section className="card banner">
              <div className="banner__text">
                <strong>{t.loginTitle}</strong>
                <span className="muted small">{t.loginText}</span>
              </div>
              <Button onClick={() => navigate(loginUrl(PAGE_PATH.home))}>{t.logIn}</Button>
            </section>
          )}

          <nav className="shortcuts" aria-label={t.shortcuts}>
            {SHORTCUTS.map((s) => (
              <button key={s.path} type="button" className="shortcut" onClick={() => navigate(s.path)}>
                <span className="shortcut__icon" aria-hidden="true">
                  <Icon name={s.icon} size={20} />
                </span>
                {shortcutLabel[s.label]}
              </button>
            ))}
          </nav>

          <LazyFeed />

          <section className="card banner">
            <div className="banner__text">
              <strong>{t.appTitle}</strong>
              <span className="muted small">{t.appText}</span>
            </div>
            <Button variant="secondary" onClick={() => navigate(PAGE_PATH.download)}>
              {t.download}
            </Button>
          </section>
        </div>
      </div>
    </>
  );
}
