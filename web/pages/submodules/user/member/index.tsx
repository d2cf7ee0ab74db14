import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { api, auth } from '../../../../app/services.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { goBack } from '../../../../app/navigation.ts';
import { isMember } from '../../../../state/rules.ts';
import { memberLabel } from '../../../../state/format.ts';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { ShopPage, useShopChoice } from '../../../../ui/pay.tsx';
import { cardItem, PricePicker } from '../../../../ui/PricePicker.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

export default function MemberPage() {
  const [, navigate] = useLocation();
  const user = useStore(auth.$user);
  const [cards, reload] = useAsync(() => api.memberCardList({}), []);

  useEffect(() => {
    void auth.refreshBalance().catch(() => undefined);
  }, []);
  const list = cards.status === 'ready' ? cards.value.list.filter((c) => c.kind === 'member') : [];
  const shop = useShopChoice(list, systemInfo.load);
  const member = isMember(user);

  return (
    <ShopPage title="Membership" onBack={() => goBack(PAGE_PATH.user)} choice={shop} createOrder={api.createOrder}>
      <section className={`card member-status${member ? ' member-status--on' : ''}`} aria-label="Membership status">
        <Icon name="crown" size={28} />
        <div>
          <div className="member-status__title">{user ? memberLabel(user.member_status) : '–'}</div>
          <div className="muted small">
            {member && user ? `Member until ${(user.member_endtime || '').slice(0, 10)}` : 'Free plan: standard queue and clarity'}
          </div>
        </div>
      </section>

      <div className="row-links">
        <button type="button" className="chip" onClick={() => navigate(PAGE_PATH.memberPremium)}>
          Premium & quick card
        </button>
        <button type="button" className="chip" onClick={() => navigate(PAGE_PATH.memberCompare)}>
          Compare plans
        </button>
      </div>

      <h2 className="section-title">Choose a plan</h2>
      {cards.status === 'loading' && <Spinner />}
      {cards.status === 'error' && <LoadFailed message="Plans could not be loaded." onRetry={reload} />}
      {list.length > 0 && <PricePicker label="Membership plan" items={list.map(cardItem)} value={shop.pick} onChange={shop.setPick} />}
      {shop.chosen && (
        <ul className="benefits" aria-label="Benefits">
          {shop.chosen.benefits.map((b) => (
            <li key={b}>
              <Icon name="check" size={16} /> {b}
            </li>
          ))}
        </ul>
      )}
    </ShopPage>
  );
}
