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
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { ShopPage, useShopChoice } from '../../../../ui/pay.tsx';
import { cardItem, PricePicker } from '../../../../ui/PricePicker.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages } from '../../../../core/i18n/messages.ts';

const msgs = messages('user/member-premium', {
  skipTitle: 'Skip the queue',
  skipText: 'Members queue at grade 7, or 8 with a quick card.',
  blurayTitle: 'Blu-ray clarity',
  blurayText: 'The sharpest stream, whenever you play.',
  hangupTitle: 'Longer hang-up',
  hangupText: 'Keep a game alive for up to 60 minutes.',
  timeTitle: 'Play time included',
  timeText: 'Every plan adds hours of play time.',
  title: 'Premium membership',
  eyebrow: 'Premium',
  isMember: 'You are a member. Add a quick card to jump further ahead.',
  pitch: 'Play more, wait less.',
  seePlans: 'See member plans',
  quickCard: 'Quick card',
  quickActive: 'Your quick card is active.',
  quickPitch: 'A quick card moves you up the queue, member or not.',
  cardsFailed: 'Quick cards could not be loaded.',
});

const perks = (t: ReturnType<typeof msgs.get>): ReadonlyArray<{ title: string; text: string }> => [
  { title: t.skipTitle, text: t.skipText },
  { title: t.blurayTitle, text: t.blurayText },
  { title: t.hangupTitle, text: t.hangupText },
  { title: t.timeTitle, text: t.timeText },
];

/** Premium benefits and the quick card (a better queue grade, SPEC §6). */
export default function MemberPremiumPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const user = useStore(auth.$user);
  const [cards, reloadCards] = useAsync(() => api.memberCardList({}, { silent: true }), []);
  const quick = cards.status === 'ready' ? cards.value.list.filter((c) => c.kind === 'quick') : [];
  const shop = useShopChoice(quick, systemInfo.load);

  return (
    <ShopPage title={t.title} onBack={() => goBack(PAGE_PATH.member)} choice={shop} createOrder={api.createOrder}>
      <section className="hero premium-hero">
        <span className="hero__eyebrow">{t.eyebrow}</span>
        <h2 className="hero__title">{isMember(user) ? t.isMember : t.pitch}</h2>
        {!isMember(user) && (
          <Button onClick={() => navigate(PAGE_PATH.member)}>{t.seePlans}</Button>
        )}
      </section>
      <ul className="perks">
        {perks(t).map((p) => (
          <li key={p.title} className="perk">
            <Icon name="crown" size={20} />
            <div>
              <strong>{p.title}</strong>
              <p className="muted small">{p.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <h2 className="section-title">{t.quickCard}</h2>
      <p className="muted small">
        {user?.quick_status === 1 ? t.quickActive : t.quickPitch}
      </p>
      {cards.status === 'loading' && <Spinner />}
      {cards.status === 'error' && <LoadFailed message={t.cardsFailed} onRetry={reloadCards} />}
      {quick.length > 0 && <PricePicker label={t.quickCard} items={quick.map(cardItem)} value={shop.pick} onChange={shop.setPick} />}
    </ShopPage>
  );
}
