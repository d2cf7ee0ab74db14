import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { api, auth, bridge, clock } from '../../../../app/services.ts';
import { hostVerdictOf, verdictOf, withHostVerdict } from '../../../../app/host-pay.ts';
import { watchOrder, type OrderWatch } from '../../../../state/order.ts';
import { formatPrice } from '../../../../state/price.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useCreateOrder } from '../../../../ui/pay.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('pay/result', {
  noOrder: 'The link names no order.',
  title: 'Payment result',
  confirming: 'Confirming payment',
  confirmingYours: 'Confirming your payment…',
  fewSeconds: 'This usually takes a few seconds.',
  success: 'Payment successful',
  done: 'Done',
  expired: 'The order expired',
  cancelled: 'Payment cancelled',
  failed: 'Payment failed',
  notPaid: params('{order} was not paid.'),
  tryAgain: 'Try again',
  another: 'Choose another',
  notConfirmed: 'Payment not confirmed yet',
  longer: 'If you paid, it can take a little longer. Check again in a moment.',
  checkAgain: 'Check again',
  backToShop: 'Back to the shop',
  notFound: 'Order not found',
  invalidLink: 'This payment link is not valid any more.',
});

/**
 * The cashier returns here: poll the order every 2 s (up to 60 s), then show success or failure. After the host app's
 * cashier (docs/host-bridge.md payResult, app/host-pay.ts) a cancel or fail ends the wait for a still-pending order.
 */
export default function PayResultPage() {
  const t = useStore(msgs);
  const search = useSearch();
  const orderId = new URLSearchParams(search).get('order_id') ?? '';
  const [verdict, setVerdict] = useState(() => hostVerdictOf(search));
  const [watch, setWatch] = useState<OrderWatch>({ phase: 'waiting', order: null });
  const [round, setRound] = useState(0);
  const retry = useCreateOrder(api.createOrder);

  useEffect(() => {
    if (!orderId) {
      setWatch({ phase: 'missing', order: null, message: msgs.get().noOrder });
      return;
    }
    setWatch({ phase: 'waiting', order: null });
    const stop = watchOrder({
      clock,
      fetch: () => api.orderStatus({ order_id: orderId }, { silent: true, background: true }),
      onChange: (w) => {
        const seen = withHostVerdict(w, verdict);
        if (seen !== w) stop();
        setWatch(seen);
        if (seen.phase === 'paid') void auth.refreshBalance().catch(() => undefined);
      },
    });
    return stop;
  }, [orderId, round, verdict]);

  // The host's answer after the loading page stopped waiting for it: the order is checked again in its light.
  const paid = watch.phase === 'paid';
  useEffect(() => {
    if (paid) return;
    return bridge.on('payResult', (r) => {
      if (r.order_id !== orderId) return;
      setVerdict(verdictOf(r));
      setRound((n) => n + 1);
    });
  }, [orderId, paid]);

  const order = watch.order;
  const shopPath = order && (order.product_type === 'coin' || order.product_type === 'duration') ? PAGE_PATH.recharge : PAGE_PATH.member;

  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => navigate(PAGE_PATH.user, { replace: true })} />
      <div className="center-stack pay-status" aria-live="polite">
        {watch.phase === 'waiting' && (
          <>
            <Spinner label={t.confirming} />
            <h2>{t.confirmingYours}</h2>
            <p className="muted small">{t.fewSeconds}</p>
          </>
        )}
        {watch.phase === 'paid' && (
          <>
            <span className="result-icon result-icon--ok">
              <Icon name="check" size={40} />
            </span>
            <h2>{t.success}</h2>
            <p className="muted">
              {watch.order.title} · {formatPrice(watch.order.amount)}
            </p>
            <div className="stack-actions">
              <Button block onClick={() => navigate(PAGE_PATH.user, { replace: true })}>
                {t.done}
              </Button>
            </div>
          </>
        )}
        {watch.phase === 'failed' && (
          <>
            <span className="result-icon result-icon--bad">
              <Icon name="close" size={40} />
            </span>
            <h2>{watch.order.status === 'expired' ? t.expired : verdict?.status === 'fail' && watch.order.status === 'pending' ? t.failed : t.cancelled}</h2>
            <p className="muted">
              {t.notPaid({ order: `${watch.order.title} · ${formatPrice(watch.order.amount)}` })}
            </p>
            {verdict?.message && watch.order.status === 'pending' && <p className="muted small">{verdict.message}</p>}
            <div className="stack-actions">
              <Button block disabled={retry.busy} onClick={() => void retry.pay(watch.order.product_id, watch.order.pay_type)}>
                {t.tryAgain}
              </Button>
              <Button block variant="secondary" onClick={() => navigate(shopPath, { replace: true })}>
                {t.another}
              </Button>
            </div>
          </>
        )}
        {watch.phase === 'timeout' && (
          <>
            <span className="result-icon result-icon--bad">
              <Icon name="info" size={40} />
            </span>
            <h2>{t.notConfirmed}</h2>
            <p className="muted">{t.longer}</p>
            <div className="stack-actions">
              <Button block onClick={() => setRound((n) => n + 1)}>
                {t.checkAgain}
              </Button>
              <Button block variant="secondary" onClick={() => navigate(shopPath, { replace: true })}>
                {t.backToShop}
              </Button>
            </div>
          </>
        )}
        {watch.phase === 'missing' && (
          <>
            <span className="result-icon result-icon--bad">
              <Icon name="info" size={40} />
            </span>
            <h2>{t.notFound}</h2>
            <p className="muted">{t.invalidLink}</p>
            {watch.message.toLowerCase() !== 'order not found' && <p className="muted small">{watch.message}</p>}
            <div className="stack-actions">
              <Button block variant="secondary" onClick={() => navigate(shopPath, { replace: true })}>
                {t.backToShop}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
