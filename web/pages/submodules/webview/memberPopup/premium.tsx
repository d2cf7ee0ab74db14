import { PurchasePopup } from '../PurchasePopup.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('webview/member-premium', {
  title: 'Go Premium',
  buy: 'Become a member',
  lead: 'Skip the queue, stream in blu-ray and keep games alive for up to an hour.',
  queue: 'Queue grade 7: ahead of free players',
  bluray: 'Blu-ray clarity',
  time: 'Hours of play time included',
});

/** A page of its own (host overlays), or over the app's page when `onClosed` is given (app/PopupHost.tsx). */
export default function MemberPopupPremiumPage({ onClosed }: { onClosed?: () => void }) {
  const t = useStore(msgs);
  return (
    <PurchasePopup kind="activity" title={t.title} buyLabel={t.buy} buyPath={PAGE_PATH.member} onClosed={onClosed}>
      <p className="promo__lead">{t.lead}</p>
      <ul className="benefits">
        <li>{t.queue}</li>
        <li>{t.bluray}</li>
        <li>{t.time}</li>
      </ul>
    </PurchasePopup>
  );
}
