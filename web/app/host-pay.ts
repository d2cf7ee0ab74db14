/**
 * Paying an order inside a host app (docs/host-bridge.md `pay` and `payResult`; the orders of SPEC §7 h5_pay). The app
 * creates the order as always; a host that announced `pay` then takes it to its own cashier instead of the cashier
 * page, and answers with `payResult`. The answer only says what the player did at the cashier: the order's status
 * on the server stays the truth, so every answer ends on the pay result page, which checks the order as it does
 * after the cashier page. What the host adds is the ending for a cashier the player left: the server never hears of
 * a cancelled or failed cashier, so a still-pending order with such a verdict is shown as not paid at once, with Try
 * again, instead of a minute of "confirming".
 */
import type { Order } from '../api/contract.ts';
import type { PayResultStatus } from '../api/contract/bridge.ts';
import type { Bridge } from '../core/bridge.ts';
import type { Clock } from '../core/clock.ts';
import { payResultUrl } from '../core/paths.ts';
import type { OrderWatch } from '../state/order.ts';

/**
 * How long the pay loading page waits for the host's answer before it checks the order anyway: a host that never
 * answers must not leave a spinner for ever. The result page keeps listening, so a later answer still counts.
 */
export const HOST_PAY_ANSWER_MS = 60_000;
/** The longest host message the result page shows (it travels in the page's URL). */
const MAX_MESSAGE_CHARS = 200;

export type HostPayOutcome = { status: PayResultStatus; message?: string } | { status: 'noAnswer' };
/** What the host's cashier said of an order the player did not pay. */
export interface HostVerdict {
  status: 'cancel' | 'fail';
  message?: string;
}

/**
 * Hands `order` to the host's cashier and reports the host's answer for this order (answers for other orders are not
 * its business), or `noAnswer` after `answerMs`; once. Null when the host did not take it (no host, or `pay` not
 * announced): then the cashier page opens as without a host. The returned function stops listening.
 */
export function payWithHost(o: {
  bridge: Pick<Bridge, 'call' | 'on'>;
  clock: Clock;
  order: Order;
  onOutcome: (outcome: HostPayOutcome) => void;
  answerMs?: number;
}): (() => void) | null {
  let done = false;
  let timer: number | undefined;
  const finish = (outcome: HostPayOutcome): void => {
    if (done) return;
    stop();
    o.onOutcome(outcome);
  };
  // Listening before asking: a host may answer within the call itself.
  const off = o.bridge.on('payResult', (r) => {
    if (r.order_id === o.order.order_id) finish(r.message === undefined ? { status: r.status } : { status: r.status, message: r.message });
  });
  const stop = (): void => {
    done = true;
    off();
    o.clock.clearTimeout(timer);
  };
  const sent = o.bridge.call('pay', { order_id: o.order.order_id, product_id: o.order.product_id, amount: o.order.amount, title: o.order.title });
  if (!sent) {
    stop();
    return null;
  }
  if (!done) timer = o.clock.setTimeout(() => finish({ status: 'noAnswer' }), o.answerMs ?? HOST_PAY_ANSWER_MS);
  return stop;
}

/** The verdict in the host's answer: none for a success or no answer (pure). */
export function verdictOf(outcome: HostPayOutcome): HostVerdict | null {
  if (outcome.status !== 'cancel' && outcome.status !== 'fail') return null;
  const message = outcome.message === undefined ? '' : cleanMessage(outcome.message);
  return message ? { status: outcome.status, message } : { status: outcome.status };
}

/** Where the app goes after the host's answer: the pay result page, carrying a cancel or fail verdict (pure). */
export function resultUrlAfter(orderId: string, outcome: HostPayOutcome): string {
  const url = payResultUrl(orderId);
  const verdict = verdictOf(outcome);
  if (verdict === null) return url;
  return `${url}&pay_result=${verdict.status}${verdict.message ? `&pay_message=${encodeURIComponent(verdict.message)}` : ''}`;
}

// eslint-disable-next-line no-control-regex -- control characters are what a message shown to the player loses
const cleanMessage = (m: string): string => m.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim().slice(0, MAX_MESSAGE_CHARS);

/** The verdict a pay result page's query carries, or null (pure; anything else in the query is no verdict). */
export function hostVerdictOf(search: string): HostVerdict | null {
  const q = new URLSearchParams(search);
  const status = q.get('pay_result');
  if (status !== 'cancel' && status !== 'fail') return null;
  const message = q.get('pay_message');
  return verdictOf(message === null ? { status } : { status, message });
}

/**
 * The result page's view of an order check given the host's verdict (pure): a pending order the player cancelled or
 * failed to pay at the host's cashier is not paid, and waiting for it would only run the clock out. The server's
 * word wins otherwise: a paid order is paid whatever the host said.
 */
export function withHostVerdict(w: OrderWatch, verdict: HostVerdict | null): OrderWatch {
  if (verdict === null || w.phase !== 'waiting' || w.order === null) return w;
  return { phase: 'failed', order: w.order };
}
