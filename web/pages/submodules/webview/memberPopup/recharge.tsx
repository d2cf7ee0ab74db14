import { PurchasePopup } from '../PurchasePopup.tsx';

export default function MemberPopupRechargePage() {
  return (
    <PurchasePopup kind="activity" title="Running low on play time?" buyLabel="Top up" buyPath="/submodules/user/recharge/index">
      <p className="promo__lead">Add play time or coins and keep playing without a break.</p>
    </PurchasePopup>
  );
}
