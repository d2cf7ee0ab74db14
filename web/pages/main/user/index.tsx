import { useLocation } from 'wouter';
import { api, auth } from '../../../app/services.ts';
import { useStore } from '../../../ui/use-store.ts';
import { Icon, type IconName } from '../../../ui/icons.tsx';
import { formatPlayTime, memberLabel } from '../../../state/format.ts';
import { isMember } from '../../../state/rules.ts';
import { maskMobile } from '../../../api/mask.ts';
import { PAGE_PATH } from '../../../core/paths.ts';
import { Stats } from '../../../ui/Stats.tsx';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { useAsync } from '../../../ui/use-async.ts';
import { useBalance } from '../../../ui/use-balance.ts';
import { SignInGranted } from '../../../ui/SignInGranted.tsx';
import { signInGranted } from '../../../app/shown.ts';
import { locale } from '../../../core/i18n/locale.ts';
import { messages } from '../../../core/i18n/messages.ts';
import { formatNumber } from '../../../core/i18n/format.ts';
import { InstallOffer } from './InstallOffer.tsx';

const msgs = messages('user-tab/page', {
  title: 'Mine',
  profile: 'Profile',
  player: 'Player',
  balance: 'Balance',
  timeLeft: 'Play time left',
  coins: 'Coins',
  memberUntil: 'Member until',
  account: 'Account',
  balanceFailed: 'Your balance could not be loaded.',
  realName: 'Real-name verification',
  verified: 'Verified',
  notVerified: 'Not verified',
  realNameFailed: 'Your verification status could not be loaded.',
  assets: 'My assets',
  membership: 'Membership',
  topUp: 'Top up',
  playTime: 'Play time',
  played: 'Played games',
  invite: 'Invite friends',
  settings: 'Settings',
  aboutUs: 'About us',
});

type LinkName = 'realName' | 'assets' | 'membership' | 'topUp' | 'playTime' | 'played' | 'invite' | 'settings' | 'aboutUs';

const LINKS: ReadonlyArray<{ name: LinkName; icon: IconName; path: string }> = [
  { name: 'realName', icon: 'check', path: PAGE_PATH.auth },
  { name: 'assets', icon: 'doc', path: PAGE_PATH.property },
  { name: 'membership', icon: 'crown', path: PAGE_PATH.member },
  { name: 'topUp', icon: 'gift', path: PAGE_PATH.recharge },
  { name: 'playTime', icon: 'clock', path: PAGE_PATH.timelapse },
  { name: 'played', icon: 'gamepad', path: PAGE_PATH.played },
  { name: 'invite', icon: 'user', path: PAGE_PATH.invite },
  { name: 'settings', icon: 'settings', path: PAGE_PATH.setting },
  { name: 'aboutUs', icon: 'info', path: PAGE_PATH.aboutus },
];

export default function UserPage() {
  const [, navigate] = useLocation();
  const { loginInfo } = useStore(auth.$auth);
  const { user, failed: balanceFailed, retry: retryBalance } = useBalance(auth, true);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again for each player who logs in; the call names them by the token alone
  const [realName, retryRealName] = useAsync(() => api.getAuthMessage({}, { silent: true }), [loginInfo?.swcloud_uid]);
  const t = useStore(msgs);
  const lang = useStore(locale);
  // The real-name row says where the player stands before they open it (SPEC §7 get_auth_message).
  const linkValue: Partial<Record<LinkName, string>> = {
    realName: realName.status === 'ready' ? (realName.value.is_auth === 1 ? t.verified : t.notVerified) : undefined,
  };
  const linkLabel: Record<LinkName, string> = {
    realName: t.realName,
    assets: t.assets,
    membership: t.membership,
    topUp: t.topUp,
    playTime: t.playTime,
    played: t.played,
    invite: t.invite,
    settings: t.settings,
    aboutUs: t.aboutUs,
  };

  return (
    <div className="scroll">
      <h1 className="page-title">{t.title}</h1>
      <div className="content">
        <section className="card profile" aria-label={t.profile}>
          <div className="avatar">
            {loginInfo?.avatar ? <img src={loginInfo.avatar} alt="" /> : <Icon name="user" size={30} />}
          </div>
          <div>
            <div className="profile__name">{loginInfo?.username || t.player}</div>
            <div className="muted small">{loginInfo ? maskMobile(loginInfo.mobile) : ''}</div>
            <span className={`badge${isMember(user) ? ' badge--member' : ''}`}>{memberLabel(user?.member_status)}</span>
          </div>
        </section>

        {balanceFailed ? (
          <LoadFailed message={t.balanceFailed} onRetry={retryBalance} />
        ) : (
          <Stats
            label={t.balance}
            items={[
              { label: t.timeLeft, value: user ? formatPlayTime(user.duration_coin, lang) : '–' },
              { label: t.coins, value: user ? formatNumber(user.coin_balance, lang) : '–' },
              { label: t.memberUntil, value: user && isMember(user) ? (user.member_endtime || '–').slice(0, 10) : '–', date: true },
            ]}
          />
        )}
        <SignInGranted granted={signInGranted} />
        <InstallOffer />

        <nav className="list" aria-label={t.account}>
          {LINKS.map((l) => (
            <button key={l.path} type="button" className="list__item" onClick={() => navigate(l.path)}>
              <Icon name={l.icon} size={20} />
              <span className="list__label">{linkLabel[l.name]}</span>
              {linkValue[l.name] && <span className="list__value">{linkValue[l.name]}</span>}
              <Icon name="chevron" size={16} />
            </button>
          ))}
        </nav>
        {realName.status === 'error' && <LoadFailed message={t.realNameFailed} onRetry={retryRealName} />}
      </div>
    </div>
  );
}
