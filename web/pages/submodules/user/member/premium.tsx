import { useLocation } from 'wouter';
import { api, auth } from '../../../../app/services.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { goBack } from '../../../../app/navigation.ts';
import { isMember } from '../../../../state/rules.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { ShopPage, useShopChoice } from '../../../../ui/pay.tsx';
import { cardItem, PricePicker } from '../../../../ui/PricePicker.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

const PERKS: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Skip the queue', text: 'Members queue at grade 7, or 8 with a quick card.' },
  { title: 'Blu-ray clarity', text: 'The sharpest stream, whenever you play.' },
  { title: 'Longer hang-up', text: 'Keep a game alive for up to 60 minutes.' },
  { title: 'Play time included', text: 'Every plan adds hours of play time.' },
];

/** Premium benefits and the quick card (a better queue grade, SPEC §6). */
export default function MemberPremiumPage() {
  const [, navigate] = useLocation();
  const user = useStore(auth.$user);
  const [cards] = useAsync(() => api.memberCardList({}), []);
  const quick = cards.status === 'ready' ? cards.value.list.filter((c) => c.kind === 'quick') : [];
  const shop = useShopChoice(quick, systemInfo.load);

  return (
    <ShopPage title="Premium membership" onBack={() => goBack(PAGE_PATH.member)} choice={shop} createOrder={api.createOrder}>
      <section className="hero premium-hero">
        <span className="hero__eyebrow">Premium</span>
        <h2 className="hero__title">{isMember(user) ? 'You are a member. Add a quick card to jump further ahead.' : 'Play more, wait less.'}</h2>
        {!isMember(user) && (
          <Button onClick={() => navigate(PAGE_PATH.member)}>See member plans</Button>
        )}
      </section>
      <ul className="perks">
        {PERKS.map((p) => (
          <li key={p.title} className="perk">
            <Icon name="crown" size={20} />
            <div>
              <strong>{p.title}</strong>
              <p className="muted small">{p.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <h2 className="section-title">Quick card</h2>
      <p className="muted small">
        {user?.quick_status === 1 ? 'Your quick card is active.' : 'A quick card moves you up the queue, member or not.'}
      </p>
      {cards.status === 'loading' && <Spinner />}
      {quick.length > 0 && <PricePicker label="Quick card" items={quick.map(cardItem)} value={shop.pick} onChange={shop.setPick} />}
    </ShopPage>
  );
}
