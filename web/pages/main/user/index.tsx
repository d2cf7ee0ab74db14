import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { auth } from '../../../app/services.ts';
import { useStore } from '../../../ui/use-store.ts';
import { Icon, type IconName } from '../../../ui/icons.tsx';
import { formatPlayTime, memberLabel } from '../../../state/format.ts';
import { isMember } from '../../../state/rules.ts';
import { maskMobile } from '../../../api/mask.ts';
import { PAGE_PATH } from '../../../core/paths.ts';
import { Stats } from '../../../ui/Stats.tsx';

const LINKS: ReadonlyArray<{ label: string; icon: IconName; path: string }> = [
  { label: 'Membership', icon: 'crown', path: PAGE_PATH.member },
  { label: 'Top up', icon: 'gift', path: PAGE_PATH.recharge },
  { label: 'Play time', icon: 'clock', path: PAGE_PATH.timelapse },
  { label: 'Played games', icon: 'gamepad', path: PAGE_PATH.played },
  { label: 'Invite friends', icon: 'user', path: PAGE_PATH.invite },
  { label: 'Settings', icon: 'settings', path: PAGE_PATH.setting },
  { label: 'About us', icon: 'info', path: PAGE_PATH.aboutus },
];

export default function UserPage() {
  const [, navigate] = useLocation();
  const { loginInfo } = useStore(auth.$auth);
  const user = useStore(auth.$user);

  useEffect(() => {
    void auth.refreshBalance().catch(() => undefined);
  }, []);

  return (
    <div className="scroll">
      <h1 className="page-title">Mine</h1>
      <div className="content">
        <section className="card profile" aria-label="Profile">
          <div className="avatar">
            {loginInfo?.avatar ? <img src={loginInfo.avatar} alt="" /> : <Icon name="user" size={30} />}
          </div>
          <div>
            <div className="profile__name">{loginInfo?.username || 'Player'}</div>
            <div className="muted small">{loginInfo ? maskMobile(loginInfo.mobile) : ''}</div>
            <span className={`badge${isMember(user) ? ' badge--member' : ''}`}>{memberLabel(user?.member_status)}</span>
          </div>
        </section>

        <Stats
          label="Balance"
          items={[
            { label: 'Play time left', value: user ? formatPlayTime(user.duration_coin) : '–' },
            { label: 'Coins', value: user ? user.coin_balance : '–' },
            { label: 'Member until', value: user && isMember(user) ? (user.member_endtime || '–').slice(0, 10) : '–', date: true },
          ]}
        />

        <nav className="list" aria-label="Account">
          {LINKS.map((l) => (
            <button key={l.path} type="button" className="list__item" onClick={() => navigate(l.path)}>
              <Icon name={l.icon} size={20} />
              <span className="list__label">{l.label}</span>
              <Icon name="chevron" size={16} />
            </button>
          ))}
        </nav>
      </div>
    </div>
  );
}
