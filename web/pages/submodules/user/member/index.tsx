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
import { messages, params } from '../../../../core/i18n/messages.ts';

const msgs = messages('user/member', {
  title: 'Membership',
  status: 'Membership status',
  memberUntil: params('Member until {date}'),
  free: 'Free plan: standard queue and clarity',
  premium: 'Premium & quick card',
  compare: 'Compare plans',
  choose: 'Choose a plan',
  loadFailed: 'Plans could not be loaded.',
  plan: 'Membership plan',
  benefits: 'Benefits',
});

export default function MemberPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const user = useStore(auth.$user);
  const [cards, reload] = useAsync(() => api.memberCardList({}), []);

  useEffect(() => {
    void auth.refreshBalance().catch(() => undefined);
  }, []);
  const list = cards.status === 'ready' ? cards.value.list.filter((c) => c.kind === 'member') : [];
  const shop = useShopChoice(list, systemInfo.load);
  const member = isMember(user);

  return (
    <ShopPage title={t.title} onBack={() => goBack(PAGE_PATH.user)} choice={shop} createOrder={api.createOrder}>
      <section className={`card member-status${member ? ' member-status--on' : ''}`} aria-label={t.status}>
        <Icon name="crown" size={28} />
        <div>
          <div className="member-status__title">{user ? memberLabel(user.member_status) : '–'}</div>
          <div className="muted small">
            {member && user ? t.memberUntil({ date: (user.member_endtime || '').slice(0, 10) }) : t.free}
          </div>
        </div>
      </section>

      <div className="row-links">
        <button type="button" className="chip" onClick={() => navigate(PAGE_PATH.memberPremium)}>
          {t.premium}
        </button>
        <button type="button" className="chip" onClick={() => navigate(PAGE_PATH.memberCompare)}>
          {t.compare}
        </button>
      </div>

      <h2 className="section-title">{t.choose}</h2>
      {cards.status === 'loading' && <Spinner />}
      {cards.status === 'error' && <LoadFailed message={t.loadFailed} onRetry={reload} />}
      {list.length > 0 && <PricePicker label={t.plan} items={list.map(cardItem)} value={shop.pick} onChange={shop.setPick} />}
      {shop.chosen && (
        <ul className="benefits" aria-label={t.benefits}>
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
