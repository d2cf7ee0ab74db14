import { PurchasePopup } from '../PurchasePopup.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

export default function MemberPopupRechargePage() {
  return (
    <PurchasePopup kind="activity" title="Running low on play time?" buyLabel="Top up" buyPath={PAGE_PATH.recharge}>
      <p className="promo__lead">Add play time or coins and keep playing without a break.</p>
    </PurchasePopup>
  );
}
