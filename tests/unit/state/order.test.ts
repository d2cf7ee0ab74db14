import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../web/core/clock.ts';
import { BODY_CODE, ERR_CODE, type Order, type OrderStatus } from '../../../web/api/contract.ts';
import { defaultChoice, enabledPayTypes, isFinalStatus, isOrderRefusal, nextWatch, ORDER_POLL_LIMIT_MS, ORDER_POLL_MS, watchOrder, type OrderWatch } from '../../../web/state/order.ts';
import { ApiError, REPEATED_REQUEST_CODE } from '../../../web/core/http/errors.ts';
import { REPEAT_REQUEST_MSG } from '../../../web/core/http/request.ts';
import { flush } from '../../flush.ts';
import { anOrder } from './order-fixture.ts';

const order = (status: OrderStatus): Order => anOrder(status);

/** Lets the promise callbacks of one poll run. */

describe('order polling (pay loading and result pages, SPEC §2)', () => {
  it('paid, cancelled and expired are final; pending is not', () => {
    expect(isFinalStatus('pending')).toBe(false);
    for (const s of ['paid', 'cancelled', 'expired'] as const) expect(isFinalStatus(s)).toBe(true);
    expect(nextWatch(order('paid')).phase).toBe('paid');
    expect(nextWatch(order('expired')).phase).toBe('failed');
    expect(nextWatch(order('pending')).phase).toBe('waiting');
  });

  it('asks at once, then every 2 s until the order is paid', async () => {
    const clock = createManualClock();
    const answers: OrderStatus[] = ['pending', 'pending', 'paid'];
    let calls = 0;
    const seen: OrderWatch[] = [];
    watchOrder({ clock, fetch: async () => order(answers[calls++] ?? 'paid'), onChange: (w) => seen.push(w) });
    await flush();
    expect(calls).toBe(1);
    clock.advance(ORDER_POLL_MS - 1);
    await flush();
    expect(calls).toBe(1);
    clock.advance(1);
    await flush();
    expect(calls).toBe(2);
    clock.advance(ORDER_POLL_MS);
    await flush();
    expect(calls).toBe(3);
    expect(seen.at(-1)?.phase).toBe('paid');
    expect(clock.pending()).toBe(0);
    clock.advance(10 * ORDER_POLL_MS);
    await flush();
    expect(calls).toBe(3);
  });

  it('reports a cancelled order as failed and stops', async () => {
    const clock = createManualClock();
    const seen: OrderWatch[] = [];
    watchOrder({ clock, fetch: async () => order('cancelled'), onChange: (w) => seen.push(w) });
    await flush();
    expect(seen.map((w) => w.phase)).toEqual(['failed']);
    expect(clock.pending()).toBe(0);
  });

  it('gives up after 60 s of pending (or failing) answers', async () => {
    const clock = createManualClock();
    let calls = 0;
    const seen: OrderWatch[] = [];
    watchOrder({
      clock,
      fetch: async () => {
        calls++;
        if (calls % 2 === 0) throw new Error('network');
        return order('pending');
      },
      onChange: (w) => seen.push(w),
    });
    for (let t = 0; t <= ORDER_POLL_LIMIT_MS; t += ORDER_POLL_MS) {
      await flush();
      clock.advance(ORDER_POLL_MS);
    }
    await flush();
    expect(seen.at(-1)?.phase).toBe('timeout');
    expect(calls).toBe(ORDER_POLL_LIMIT_MS / ORDER_POLL_MS);
    expect(clock.pending()).toBe(0);
  });

  it('a refused order id (a body code) ends the wait at once with the server message; network failures and 30001 do not', async () => {
    const clock = createManualClock();
    const seen: OrderWatch[] = [];
    let calls = 0;
    watchOrder({
      clock,
      fetch: async () => {
        calls++;
        if (calls === 1) throw new ApiError({ code: ERR_CODE.network, msg: 'offline', errCode: ERR_CODE.timeout });
        if (calls === 2) throw new ApiError({ code: BODY_CODE.tokenExpired, msg: 'expired' });
        throw new ApiError({ code: BODY_CODE.failed, msg: 'Order not found' });
      },
      onChange: (w) => seen.push(w),
    });
    for (let i = 0; i < 3; i++) {
      await flush();
      clock.advance(ORDER_POLL_MS);
    }
    await flush();
    expect(calls).toBe(3);
    expect(seen).toEqual([{ phase: 'missing', order: null, message: 'Order not found' }]);
    expect(clock.pending()).toBe(0);
    expect(isOrderRefusal(new Error('plain'))).toBe(false);
    // Decision 0008 §6 (duplicate requests): a poll refused as a repeat (the last one still in flight) is not the server's no.
    expect(isOrderRefusal(new ApiError({ code: REPEATED_REQUEST_CODE, msg: REPEAT_REQUEST_MSG }))).toBe(false);
  });

  it('stop cancels the next poll', async () => {
    const clock = createManualClock();
    let calls = 0;
    const stop = watchOrder({ clock, fetch: async () => (calls++, order('pending')), onChange: () => {} });
    await flush();
    stop();
    clock.advance(ORDER_POLL_LIMIT_MS);
    await flush();
    expect(calls).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('offers only the pay methods system_info enables (SPEC §3 pay_config)', () => {
    expect(enabledPayTypes({ h5_wxpay: 1, h5_alipay: 1 })).toEqual(['wxpay', 'alipay']);
    expect(enabledPayTypes({ h5_wxpay: 0, h5_alipay: 1 })).toEqual(['alipay']);
    expect(enabledPayTypes({ h5_wxpay: 0, h5_alipay: 0 })).toEqual([]);
    expect(enabledPayTypes(null)).toEqual([]);
  });

  it('starts a shop page on the first recommended item, else the first', () => {
    expect(defaultChoice([{ id: 1, is_recommend: 0 }, { id: 2, is_recommend: 1 }, { id: 3, is_recommend: 1 }])).toBe(2);
    expect(defaultChoice([{ id: 4, is_recommend: 0 }, { id: 5, is_recommend: 0 }])).toBe(4);
    expect(defaultChoice([])).toBeNull();
  });
});
