import { api } from '../../../../app/services.ts';
import { formatPrice, savingLabel } from '../../../../state/price.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { PurchasePopup } from '../PurchasePopup.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('webview/recommend', {
  title: 'Recommended for you',
  buy: 'Buy now',
  lead: 'Membership: shorter queues and blu-ray clarity.',
});

/** A page of its own (host overlays), or over the app's page when `onClosed` is given (app/PopupHost.tsx). */
export default function RecommendPopupProductPage({ onClosed }: { onClosed?: () => void }) {
  const t = useStore(msgs);
  const [cards] = useAsync(() => api.memberCardList({}, { silent: true }), []);
  const list = cards.status === 'ready' ? cards.value.list.filter((c) => c.kind === 'member') : [];
  const card = list.find((c) => c.is_recommend === 1) ?? list[0];
  return (
    <PurchasePopup kind="recommend" title={t.title} buyLabel={t.buy} buyPath={PAGE_PATH.member} onClosed={onClosed}>
      {card ? (
        <div className="promo__offer">
          <span className="promo__name">{card.name}</span>
          <span className="promo__price">{formatPrice(card.price)}</span>
          <span className="muted small">
            <s>{formatPrice(card.original_price)}</s> {savingLabel(card.price, card.original_price)}
          </span>
        </div>
      ) : (
        <p className="promo__lead">{t.lead}</p>
      )}
    </PurchasePopup>
  );
}
