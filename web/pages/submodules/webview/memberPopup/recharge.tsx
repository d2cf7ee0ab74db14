import { PurchasePopup } from '../PurchasePopup.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('webview/member-recharge', {
  title: 'Running low on play time?',
  buy: 'Top up',
  lead: 'Add play time or coins and keep playing without a break.',
});

export default function MemberPopupRechargePage() {
  const t = useStore(msgs);
  return (
    <PurchasePopup kind="activity" title={t.title} buyLabel={t.buy} buyPath={PAGE_PATH.recharge}>
      <p className="promo__lead">{t.lead}</p>
    </PurchasePopup>
  );
}
