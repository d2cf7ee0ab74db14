import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { Order } from '../../../../api/contract.ts';
import { api, bridge, clock, config, storage } from '../../../../app/services.ts';
import { payWithHost, resultUrlAfter } from '../../../../app/host-pay.ts';
import { goBack } from '../../../../app/navigation.ts';
import { isFinalStatus, openedKey, watchOrder } from '../../../../state/order.ts';
import { checkPayUrl, payUrlPolicy } from '../../../../state/cashier.ts';
import { formatPrice } from '../../../../state/price.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { PAGE_PATH, payResultUrl } from '../../../../core/paths.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('pay/loading', {
  title: 'Paying',
  notFound: 'Order not found',
  invalidLink: 'This payment link is not valid any more.',
  back: 'Back',
  blocked: 'Payment page blocked',
  blockedText: "This order's payment link does not lead to a known cashier, so it was not opened. Nothing was charged.",
  waiting: 'Waiting for payment',
  opening: 'Opening the payment page…',
  hostHint: 'Finish paying in the payment window.',
  openPage: 'Open payment page',
  paid: 'I have paid',
});

function wasOpened(id: string): boolean {
  try {
    return storage.session.getItem(openedKey(id)) === '1';
  } catch {
    return false;
  }
}

/** The order's payment page when it is one the app may open (decision 0008 §5); false after saying why in the console. */
function openCashier(order: Order): boolean {
  const check = checkPayUrl(order.pay_url, payUrlPolicy(config.apiBase, location));
  if (!check.ok) {
    console.warn(`pay_url of order ${order.order_id} refused: ${check.reason}`);
    return false;
  }
  location.assign(check.url);
  return true;
}

type Opened = 'host' | 'page' | 'refused';
type HostWait = { current: (() => void) | null };

/** Stops waiting for the host's answer, whichever wait is the latest (the player may have asked twice). */
const stopHostWait = (host: HostWait): void => {
  host.current?.();
  host.current = null;
};

/**
 * Opens the order's payment: the host app's cashier when the host announced `pay` (docs/host-bridge.md), whose answer
 * ends on the result page (app/host-pay.ts); else the cashier page. `host` holds the stop of the host's wait.
 */
function openPayment(order: Order, host: HostWait): Opened {
  stopHostWait(host);
  host.current = payWithHost({ bridge, clock, order, onOutcome: (outcome) => navigate(resultUrlAfter(order.order_id, outcome), { replace: true }) });
  if (host.current) return 'host';
  return openCashier(order) ? 'page' : 'refused';
}

/** Opens the order's payment; coming back here (back from the cashier) waits for the order instead of reopening it. */
export default function PayLoadingPage() {
  const t = useStore(msgs);
  const orderId = new URLSearchParams(useSearch()).get('order_id') ?? '';
  const [order, setOrder] = useState<Order | null>(null);
  const [state, setState] = useState<'opening' | 'host' | 'back' | 'missing' | 'refused'>(orderId ? 'opening' : 'missing');
  const hostPay = useRef<(() => void) | null>(null);
  const open = (o: Order): void => {
    const opened = openPayment(o, hostPay);
    if (opened !== 'page') setState(opened);
  };

  useEffect(() => {
    if (!orderId) return;
    let live = true;
    let stop = (): void => {};
    api.orderStatus({ order_id: orderId }).then(
      (o) => {
        if (!live) return;
        setOrder(o);
        if (isFinalStatus(o.status)) {
          navigate(payResultUrl(orderId), { replace: true });
          return;
        }
        if (!wasOpened(orderId)) {
          try {
            storage.session.setItem(openedKey(orderId), '1');
          } catch {
            // Without storage coming back simply opens the cashier again.
          }
          const opened = openPayment(o, hostPay);
          if (opened !== 'page') setState(opened);
          return;
        }
        setState('back');
        stop = watchOrder({
          clock,
          fetch: () => api.orderStatus({ order_id: orderId }, { silent: true, background: true }),
          onChange: (w) => {
            if (w.phase === 'paid' || w.phase === 'failed') navigate(payResultUrl(orderId), { replace: true });
            else if (w.phase === 'missing') setState('missing');
          },
        });
      },
      () => live && setState('missing'),
    );
    return () => {
      live = false;
      stop();
      stopHostWait(hostPay);
    };
  }, [orderId]);

  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.member)} />
      <div className="center-stack pay-status">
        {state === 'missing' ? (
          <>
            <h2>{t.notFound}</h2>
            <p className="muted">{t.invalidLink}</p>
            <Button onClick={() => goBack(PAGE_PATH.member)}>{t.back}</Button>
          </>
        ) : state === 'refused' ? (
          <>
            <h2>{t.blocked}</h2>
            <p className="muted">{t.blockedText}</p>
            <Button onClick={() => goBack(PAGE_PATH.member)}>{t.back}</Button>
          </>
        ) : (
          <>
            <Spinner label={t.waiting} />
            <h2>{state === 'opening' ? t.opening : t.waiting}</h2>
            {order && (
              <p className="muted">
                {order.title} · {formatPrice(order.amount)}
              </p>
            )}
            {state === 'host' && <p className="muted small">{t.hostHint}</p>}
            {(state === 'back' || state === 'host') && order && (
              <div className="stack-actions">
                <Button block onClick={() => open(order)}>
                  {t.openPage}
                </Button>
                <Button block variant="secondary" onClick={() => navigate(payResultUrl(orderId), { replace: true })}>
                  {t.paid}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
