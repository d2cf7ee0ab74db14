/**
 * Waiting for an h5_pay order (pay loading and result pages): poll
 * order_status every 2 s on the injected clock until the order is paid,
 * cancelled or expired, and give up after 60 s.
 */
import type { Clock } from '../core/clock.ts';
import { isApiError, isRepeatedRequest } from '../core/http/errors.ts';
import { BODY_CODE, ERR_CODE, type Order, type OrderStatus, type PayConfig, type PayType } from '../api/contract.ts';

export const ORDER_POLL_MS = 2000;
export const ORDER_POLL_LIMIT_MS = 60_000;

/** A status the server will not change any more. */
export function isFinalStatus(status: OrderStatus): boolean {
  return status === 'paid' || status === 'cancelled' || status === 'expired';
}

export type OrderWatch =
  | { phase: 'waiting'; order: Order | null }
  | { phase: 'paid'; order: Order }
  | { phase: 'failed'; order: Order }
  /** Still pending (or unreachable) when the limit ran out. */
  | { phase: 'timeout'; order: Order | null }
  /** The server refused the order id (unknown, or another user's): asking again will not change that. */
  | { phase: 'missing'; order: null; message: string };

/**
 * An answer that ends the wait: the server said no with a body code. Network failures, timeouts,
 * HTTP errors, a poll refused because the last one is still in flight, and 30001 (handled by the
 * app) are not: the next tick asks again.
 */
export function isOrderRefusal(e: unknown): e is { msg: string } {
  if (!isApiError(e) || isRepeatedRequest(e)) return false;
  return e.code !== ERR_CODE.network && e.code !== BODY_CODE.tokenExpired && e.code !== BODY_CODE.success;
}

/** The watch state after an answer (pure). */
export function nextWatch(order: Order): OrderWatch {
  if (order.status === 'paid') return { phase: 'paid', order };
  if (order.status === 'cancelled' || order.status === 'expired') return { phase: 'failed', order };
  return { phase: 'waiting', order };
}

/**
 * Asks at once, then every `intervalMs` (one request at a time) until a final
 * status or `limitMs`; reports every change through `onChange`. Failed
 * requests are retried on the next tick, except a refusal of the order id,
 * which ends the wait at once ('missing'). Returns a stop function.
 */
export function watchOrder(opts: {
  clock: Clock;
  fetch: () => Promise<Order>;
  onChange: (w: OrderWatch) => void;
  intervalMs?: number;
  limitMs?: number;
}): () => void {
  const { clock, fetch, onChange } = opts;
  const interval = opts.intervalMs ?? ORDER_POLL_MS;
  const deadline = clock.now() + (opts.limitMs ?? ORDER_POLL_LIMIT_MS);
  let last: Order | null = null;
  let done = false;
  let timer: number | undefined;

  const finish = (w: OrderWatch): void => {
    done = true;
    clock.clearTimeout(timer);
    onChange(w);
  };
  const ask = (): void => {
    if (done) return;
    fetch().then(
      (order) => {
        if (done) return;
        last = order;
        const w = nextWatch(order);
        if (w.phase !== 'waiting') return finish(w);
        onChange(w);
        schedule();
      },
      (err: unknown) => {
        if (done) return;
        if (isOrderRefusal(err)) return finish({ phase: 'missing', order: null, message: err.msg });
        schedule();
      },
    );
  };
  const schedule = (): void => {
    if (clock.now() + interval >= deadline) {
      timer = clock.setTimeout(() => !done && finish({ phase: 'timeout', order: last }), Math.max(0, deadline - clock.now()));
      return;
    }
    timer = clock.setTimeout(ask, interval);
  };
  ask();
  return () => {
    done = true;
    clock.clearTimeout(timer);
  };
}

/** Pay methods system_info enables (pay_config h5_wxpay / h5_alipay), WeChat first. */
export function enabledPayTypes(config: PayConfig | null | undefined): PayType[] {
  if (!config) return [];
  const out: PayType[] = [];
  if (config.h5_wxpay === 1) out.push('wxpay');
  if (config.h5_alipay === 1) out.push('alipay');
  return out;
}

/** Session-storage key marking that an order's pay page was opened, so coming back does not open it again. */
export function openedKey(orderId: string): string {
  return `pay_opened_${orderId}`;
}

/** The item a shop page starts on: the first recommended one, else the first (null for an empty list). */
export function defaultChoice<T extends { id: number; is_recommend: 0 | 1 }>(list: readonly T[]): number | null {
  return (list.find((c) => c.is_recommend === 1) ?? list[0])?.id ?? null;
}
