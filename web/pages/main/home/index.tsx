import { useLocation } from 'wouter';
import { auth } from '../../../app/services.ts';
import { loginUrl } from '../../../app/guard.ts';
import { useStore } from '../../../ui/use-store.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { formatPlayTime, memberLabel } from '../../../state/format.ts';
import { maskMobile } from '../../../api/mask.ts';
import { HomeFeed } from './feed.tsx';
import { ResumeBanner } from './ResumeBanner.tsx';
import { PAGE_PATH } from '../../../core/paths.ts';
import { Stats } from '../../../ui/Stats.tsx';

const SHORTCUTS = [
  { label: 'Games', icon: 'gamepad', path: PAGE_PATH.gameLibrary },
  { label: 'Membership', icon: 'crown', path: PAGE_PATH.member },
  { label: 'Play time', icon: 'clock', path: PAGE_PATH.timelapse },
  { label: 'Invite', icon: 'gift', path: PAGE_PATH.invite },
] as const;

export default function HomePage() {
  const [, navigate] = useLocation();
  const { loginInfo } = useStore(auth.$auth);
  const user = useStore(auth.$user);

  return (
    <>
      <header className="home-header">
        <div className="brand">
          <img className="brand__logo" src="/favicon.svg" alt="" width={34} height={34} />
          <span>Cloud Play</span>
        </div>
        {loginInfo ? (
          <span className="muted small">{maskMobile(loginInfo.mobile)}</span>
        ) : (
          <Button variant="secondary" onClick={() => navigate(loginUrl(PAGE_PATH.home))}>
            Log in
          </Button>
        )}
      </header>
      <div className="scroll">
        <div className="content">
          <ResumeBanner />
          {loginInfo ? (
            <Stats
              label="Your account"
              items={[
                { label: 'Play time left', value: user ? formatPlayTime(user.duration_coin) : '–' },
                { label: 'Plan', value: user ? memberLabel(user.member_status) : '–' },
                { label: 'Coins', value: user ? user.coin_balance : '–' },
              ]}
            />
          ) : (
            <section className="card banner">
              <div className="banner__text">
                <strong>Log in to start playing</strong>
                <span className="muted small">Your play time, saves and membership follow you.</span>
              </div>
              <Button onClick={() => navigate(loginUrl(PAGE_PATH.home))}>Log in</Button>
            </section>
          )}

          <nav className="shortcuts" aria-label="Shortcuts">
            {SHORTCUTS.map((s) => (
              <button key={s.path} type="button" className="shortcut" onClick={() => navigate(s.path)}>
                <span className="shortcut__icon" aria-hidden="true">
                  <Icon name={s.icon} size={20} />
                </span>
                {s.label}
              </button>
            ))}
          </nav>

          <HomeFeed />

          <section className="card banner">
            <div className="banner__text">
              <strong>Get the app</strong>
              <span className="muted small">Smoother streams and controller support on Android and iOS.</span>
            </div>
            <Button variant="secondary" onClick={() => navigate(PAGE_PATH.download)}>
              Download
            </Button>
          </section>
        </div>
      </div>
    </>
  );
}
