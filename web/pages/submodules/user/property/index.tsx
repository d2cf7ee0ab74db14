import { useLocation } from 'wouter';
import type { PropertyCardKind } from '../../../../api/contract.ts';
import { api, auth } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { Stats } from '../../../../ui/Stats.tsx';

const CARD_NAMES: Record<PropertyCardKind, string> = { member: 'Membership', quick: 'Quick card', bgmember: 'Background membership' };

export default function PropertyPage() {
  const [, navigate] = useLocation();
  const { loginInfo } = useStore(auth.$auth);
  const [detail, reload] = useAsync(() => api.cgPropertyDetail(loginInfo ? { uid: loginInfo.swcloud_uid } : {}), [loginInfo?.swcloud_uid]);

  return (
    <div className="scroll">
      <NavBar title="My assets" onBack={() => goBack(PAGE_PATH.user)} />
      <div className="content">
        {detail.status === 'loading' && <Spinner />}
        {detail.status === 'error' && <LoadFailed message="Your assets could not be loaded." onRetry={reload} />}
        {detail.status === 'ready' && (
          <>
            <Stats
              label="Balance"
              items={[
                { label: 'Coins', value: detail.value.coin_balance },
                { label: 'Play time left', value: formatPlayTime(detail.value.duration_coin) },
                { label: 'Earned', value: formatPlayTime(detail.value.duration) },
              ]}
            />
            <div className="row-links">
              <button type="button" className="chip" onClick={() => navigate(PAGE_PATH.recharge)}>
                Top up
              </button>
              <button type="button" className="chip" onClick={() => navigate(PAGE_PATH.timelapse)}>
                Daily sign-in
              </button>
            </div>
            <h2 className="section-title">Cards</h2>
            <ul className="list">
              {detail.value.cards.map((c) => (
                <li key={c.kind} className="list__item">
                  <span className="list__label">{c.name || CARD_NAMES[c.kind]}</span>
                  <span className={`badge${c.active ? ' badge--member' : ''}`}>{c.active ? `Until ${c.endtime.slice(0, 10)}` : 'Inactive'}</span>
                </li>
              ))}
            </ul>
            <h2 className="section-title">Latest changes</h2>
            {detail.value.records.length === 0 ? (
              <p className="card muted">No changes yet.</p>
            ) : (
              <ul className="list">
                {detail.value.records.map((r) => (
                  <li key={r.id} className="list__item record">
                    <span className="list__label">
                      {r.title}
                      <span className="muted small record__time">{r.time_text}</span>
                    </span>
                    <span className="record__gain">
                      {[r.coin ? `+${r.coin} coins` : '', r.duration ? `+${formatPlayTime(r.duration)}` : ''].filter(Boolean).join(' · ')}
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
