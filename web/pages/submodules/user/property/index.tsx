import { useLocation } from 'wouter';
import type { PropertyCardKind } from '../../../../api/contract.ts';
import { api, auth } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { Stats } from '../../../../ui/Stats.tsx';
import { count, messages, params } from '../../../../core/i18n/messages.ts';
import { locale } from '../../../../core/i18n/locale.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { formatNumber } from '../../../../core/i18n/format.ts';

const msgs = messages('user/property', {
  member: 'Membership',
  quick: 'Quick card',
  bgmember: 'Background membership',
  title: 'My assets',
  loadFailed: 'Your assets could not be loaded.',
  balance: 'Balance',
  coins: 'Coins',
  timeLeft: 'Play time left',
  earned: 'Earned',
  topUp: 'Top up',
  signIn: 'Daily sign-in',
  cards: 'Cards',
  until: params('Until {date}'),
  inactive: 'Inactive',
  latest: 'Latest changes',
  noChanges: 'No changes yet.',
  plusCoins: count({ one: '+{count} coin', other: '+{count} coins' }),
});

const cardName = (t: ReturnType<typeof msgs.get>, kind: PropertyCardKind): string => ({ member: t.member, quick: t.quick, bgmember: t.bgmember })[kind];

export default function PropertyPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const lang = useStore(locale);
  const playTime = (s: number): string => formatPlayTime(s, lang);
  const uid = useStore(auth.$auth).loginInfo?.swcloud_uid;
  const [detail, reload] = useAsync(() => api.cgPropertyDetail(uid === undefined ? {} : { uid }), [uid]);

  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.user)} />
      <div className="content">
        {detail.status === 'loading' && <Spinner />}
        {detail.status === 'error' && <LoadFailed message={t.loadFailed} onRetry={reload} />}
        {detail.status === 'ready' && (
          <>
            <Stats
              label={t.balance}
              items={[
                { label: t.coins, value: formatNumber(detail.value.coin_balance, lang) },
                { label: t.timeLeft, value: playTime(detail.value.duration_coin) },
                { label: t.earned, value: playTime(detail.value.duration) },
              ]}
            />
            <div className="row-links">
              <button type="button" className="chip" onClick={() => navigate(PAGE_PATH.recharge)}>
                {t.topUp}
              </button>
              <button type="button" className="chip" onClick={() => navigate(PAGE_PATH.timelapse)}>
                {t.signIn}
              </button>
            </div>
            <h2 className="section-title">{t.cards}</h2>
            <ul className="list">
              {detail.value.cards.map((c) => (
                <li key={c.kind} className="list__item">
                  <span className="list__label">{c.name || cardName(t, c.kind)}</span>
                  <span className={`badge${c.active ? ' badge--member' : ''}`}>{c.active ? t.until({ date: c.endtime.slice(0, 10) }) : t.inactive}</span>
                </li>
              ))}
            </ul>
            <h2 className="section-title">{t.latest}</h2>
            {detail.value.records.length === 0 ? (
              <p className="card muted">{t.noChanges}</p>
            ) : (
              <ul className="list">
                {detail.value.records.map((r) => (
                  <li key={r.id} className="list__item record">
                    <span className="list__label">
                      {r.title}
                      <span className="muted small record__time">{r.time_text}</span>
                    </span>
                    <span className="record__gain">
                      {[r.coin ? t.plusCoins(r.coin) : '', r.duration ? `+${playTime(r.duration)}` : ''].filter(Boolean).join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
