import { PurchasePopup } from '../PurchasePopup.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

export default function MemberPopupPremiumPage() {
  return (
    <PurchasePopup kind="activity" title="Go Premium" buyLabel="Become a member" buyPath={PAGE_PATH.member}>
      <p className="promo__lead">Skip the queue, stream in blu-ray and keep games alive for up to an hour.</p>
      <ul className="benefits">
        <li>Queue grade 7: ahead of free players</li>
        <li>Blu-ray clarity</li>
        <li>Hours of play time included</li>
      </ul>
    </PurchasePopup>
  );
}
