import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { api, auth, clock } from '../../../../app/services.ts';
import { watchOrder, type OrderWatch } from '../../../../state/order.ts';
import { formatPrice } from '../../../../state/price.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useCreateOrder } from '../../../../ui/pay.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

/** The cashier returns here: poll the order every 2 s (up to 60 s), then show success or failure. */
export default function PayResultPage() {
  const orderId = new URLSearchParams(useSearch()).get('order_id') ?? '';
  const [watch, setWatch] = useState<OrderWatch>({ phase: 'waiting', order: null });
  const [round, setRound] = useState(0);
  const retry = useCreateOrder(api.createOrder);

  useEffect(() => {
    if (!orderId) {
      setWatch({ phase: 'missing', order: null, message: 'The link names no order.' });
      return;
    }
    setWatch({ phase: 'waiting', order: null });
    return watchOrder({
      clock,
      fetch: () => api.orderStatus({ order_id: orderId }, { silent: true, background: true }),
      onChange: (w) => {
        setWatch(w);
        if (w.phase === 'paid') void auth.refreshBalance().catch(() => undefined);
      },
    });
  }, [orderId, round]);

  const order = watch.order;
  const shopPath = order && (order.product_type === 'coin' || order.product_type === 'duration') ? PAGE_PATH.recharge : PAGE_PATH.member;

  return (
    <div className="scroll">
      <NavBar title="Payment result" onBack={() => navigate(PAGE_PATH.user, { replace: true })} />
      <div className="center-stack pay-status" aria-live="polite">
        {watch.phase === 'waiting' && (
          <>
            <Spinner label="Confirming payment" />
            <h2>Confirming your payment…</h2>
            <p className="muted small">This usually takes a few seconds.</p>
          </>
        )}
        {watch.phase === 'paid' && (
          <>
            <span className="result-icon result-icon--ok">
              <Icon name="check" size={40} />
            </span>
            <h2>Payment successful</h2>
            <p className="muted">
              {watch.order.title} · {formatPrice(watch.order.amount)}
            </p>
            <div className="stack-actions">
              <Button block onClick={() => navigate(PAGE_PATH.user, { replace: true })}>
                Done
              </Button>
            </div>
          </>
        )}
        {watch.phase === 'failed' && (
          <>
            <span className="result-icon result-icon--bad">
              <Icon name="close" size={40} />
            </span>
            <h2>{watch.order.status === 'expired' ? 'The order expired' : 'Payment cancelled'}</h2>
            <p className="muted">
              {watch.order.title} · {formatPrice(watch.order.amount)} was not paid.
            </p>
            <div className="stack-actions">
              <Button block disabled={retry.busy} onClick={() => void retry.pay(watch.order.product_id, watch.order.pay_type)}>
                Try again
              </Button>
              <Button block variant="secondary" onClick={() => navigate(shopPath, { replace: true })}>
                Choose another
              </Button>
            </div>
          </>
        )}
        {watch.phase === 'timeout' && (
          <>
            <span className="result-icon result-icon--bad">
              <Icon name="info" size={40} />
            </span>
            <h2>Payment not confirmed yet</h2>
            <p className="muted">If you paid, it can take a little longer. Check again in a moment.</p>
            <div className="stack-actions">
              <Button block onClick={() => setRound((n) => n + 1)}>
                Check again
              </Button>
              <Button block variant="secondary" onClick={() => navigate(shopPath, { replace: true })}>
                Back to the shop
              </Button>
            </div>
          </>
        )}
        {watch.phase === 'missing' && (
          <>
            <span className="result-icon result-icon--bad">
              <Icon name="info" size={40} />
            </span>
            <h2>Order not found</h2>
            <p className="muted">This payment link is not valid any more.</p>
            {watch.message.toLowerCase() !== 'order not found' && <p className="muted small">{watch.message}</p>}
            <div className="stack-actions">
              <Button block variant="secondary" onClick={() => navigate(shopPath, { replace: true })}>
                Back to the shop
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
