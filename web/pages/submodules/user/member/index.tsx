import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { api, auth } from '../../../../app/services.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { goBack } from '../../../../app/navigation.ts';
import { isMember } from '../../../../state/rules.ts';
import { memberLabel } from '../../../../state/format.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { PayMethods, useCreateOrder, useShopChoice, PayBar } from '../../../../ui/pay.tsx';
import { cardItem, PricePicker } from '../../../../ui/PricePicker.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

export default function MemberPage() {
  const [, navigate] = useLocation();
  const user = useStore(auth.$user);
  const [cards, reload] = useAsync(() => api.memberCardList({}), []);
  const order = useCreateOrder(api.createOrder);

  useEffect(() => {
    void auth.refreshBalance().catch(() => undefined);
  }, []);
  const list = cards.status === 'ready' ? cards.value.list.filter((c) => c.kind === 'member') : [];
  const { types, pick, setPick, payType, setPayType, chosen } = useShopChoice(list, systemInfo.load);
  const member = isMember(user);

  return (
    <div className="fixed-page">
      <NavBar title="Membership" onBack={() => goBack(PAGE_PATH.user)} />
      <div className="scroll">
        <div className="content">
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
          {list.length > 0 && <PricePicker label="Membership plan" items={list.map(cardItem)} value={pick} onChange={setPick} />}
          {chosen && (
            <ul className="benefits" aria-label="Benefits">
              {chosen.benefits.map((b) => (
                <li key={b}>
                  <Icon name="check" size={16} /> {b}
                </li>
              ))}
            </ul>
          )}
          <h2 className="section-title">Payment method</h2>
          {types ? <PayMethods types={types} value={payType} onChange={setPayType} /> : <Spinner />}
        </div>
      </div>
      <PayBar item={chosen} payType={payType} order={order} />
    </div>
  );
}
