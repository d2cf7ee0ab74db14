/**
 * Paying with the host app's cashier (docs/host-bridge.md pay and payResult; SPEC §7 h5_pay orders): the order goes
 * to the host when it announced pay, the host's answer for this order (not another's) ends on the result page, and a
 * host that never answers does not hold the player; the result page reads a cancel or fail against the order's status.
 */
import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../../web/api/contract.ts';
import { createMemoryBridge } from '../../../web/core/bridge.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { HOST_PAY_ANSWER_MS, hostVerdictOf, payWithHost, resultUrlAfter, verdictOf, withHostVerdict, type HostPayOutcome } from '../../../web/app/host-pay.ts';
import { watchOrder, type OrderWatch } from '../../../web/state/order.ts';
import { flush } from '../../flush.ts';
import { anOrder } from '../state/order-fixture.ts';

const ORDER_ID = 'CG2025030110000000010042';
const order = (status: OrderStatus = 'pending'): Order => anOrder(status, ORDER_ID);

function pay(capabilities: Parameters<typeof createMemoryBridge>[0] = {}) {
  const bridge = createMemoryBridge(capabilities);
  const clock = createManualClock();
  const outcomes: HostPayOutcome[] = [];
  const stop = payWithHost({ bridge, clock, order: order(), onOutcome: (o) => outcomes.push(o) });
  return { bridge, clock, outcomes, stop };
}

describe('paying through the host (docs/host-bridge.md pay)', () => {
  it('hands the order to the host when it announced pay', () => {
    const { bridge, stop } = pay({ capabilities: ['pay'] });
    expect(stop).toEqual(expect.any(Function));
    expect(bridge.sent).toEqual([{ method: 'pay', params: { order_id: ORDER_ID, product_id: 101, amount: '30.00', title: 'Monthly membership' } }]);
  });

  it('without pay, or without a host, leaves the order to the cashier page', () => {
    for (const opts of [{ capabilities: ['openUrl', 'share'] }, { hasHost: false }] as const) {
      const { bridge, clock, stop } = pay(opts);
      expect(stop).toBeNull();
      expect(bridge.sent).toEqual([]);
      expect(clock.pending()).toBe(0);
      bridge.emit('payResult', { order_id: ORDER_ID, status: 'success' });
    }
  });

  it.each(['success', 'cancel', 'fail'] as const)('reports the host’s %s for this order once, and stops waiting', (status) => {
    const { bridge, clock, outcomes } = pay({ capabilities: ['pay'] });
    bridge.emit('payResult', { order_id: ORDER_ID, status });
    bridge.emit('payResult', { order_id: ORDER_ID, status: 'success' });
    clock.advance(HOST_PAY_ANSWER_MS);
    expect(outcomes).toEqual([{ status }]);
    expect(clock.pending()).toBe(0);
  });

  it("carries the host's message", () => {
    const { bridge, outcomes } = pay({ capabilities: ['pay'] });
    bridge.emit('payResult', { order_id: ORDER_ID, status: 'fail', message: 'Card declined' });
    expect(outcomes).toEqual([{ status: 'fail', message: 'Card declined' }]);
  });

  it('ignores an answer for another order', () => {
    const { bridge, clock, outcomes } = pay({ capabilities: ['pay'] });
    bridge.emit('payResult', { order_id: 'CG2025030110000000099999', status: 'success' });
    expect(outcomes).toEqual([]);
    expect(clock.pending()).toBe(1);
    bridge.emit('payResult', { order_id: ORDER_ID, status: 'cancel' });
    expect(outcomes).toEqual([{ status: 'cancel' }]);
  });

  it('a host that never answers is given up on after HOST_PAY_ANSWER_MS, and a late answer changes nothing here', () => {
    const { bridge, clock, outcomes } = pay({ capabilities: ['pay'] });
    clock.advance(HOST_PAY_ANSWER_MS - 1);
    expect(outcomes).toEqual([]);
    clock.advance(1);
    expect(outcomes).toEqual([{ status: 'noAnswer' }]);
    bridge.emit('payResult', { order_id: ORDER_ID, status: 'success' });
    expect(outcomes).toHaveLength(1);
  });

  it('stopped (the page left), it reports nothing', () => {
    const { bridge, clock, outcomes, stop } = pay({ capabilities: ['pay'] });
    stop?.();
    bridge.emit('payResult', { order_id: ORDER_ID, status: 'success' });
    clock.advance(HOST_PAY_ANSWER_MS);
    expect(outcomes).toEqual([]);
  });
});

describe('where the answer leads (the pay result page)', () => {
  it('success and no answer go to the plain result page, which checks the order as after the cashier page', () => {
    expect(resultUrlAfter(ORDER_ID, { status: 'success' })).toBe(`/submodules/pay/result/index?order_id=${ORDER_ID}`);
    expect(resultUrlAfter(ORDER_ID, { status: 'noAnswer' })).toBe(`/submodules/pay/result/index?order_id=${ORDER_ID}`);
  });

  it('cancel and fail carry the verdict and message there, and the page reads them back', () => {
    const cancel = resultUrlAfter(ORDER_ID, { status: 'cancel' });
    expect(hostVerdictOf(new URL(cancel, 'http://x').search)).toEqual({ status: 'cancel' });
    const fail = resultUrlAfter(ORDER_ID, { status: 'fail', message: 'Card declined & more' });
    expect(hostVerdictOf(new URL(fail, 'http://x').search)).toEqual({ status: 'fail', message: 'Card declined & more' });
  });

  it('a hostile message is cut down to a line of text', () => {
    const v = verdictOf({ status: 'fail', message: `bad\u0000\nline ${'x'.repeat(500)}` });
    expect(v?.message).toMatch(/^bad {2}line x+$/);
    expect(v?.message?.length).toBe(200);
    expect(verdictOf({ status: 'cancel', message: ' \n ' })).toEqual({ status: 'cancel' });
  });

  it('anything else in the query is no verdict', () => {
    for (const q of ['', '?order_id=1', '?pay_result=success', '?pay_result=CANCEL', '?pay_result=cancel%00']) expect(hostVerdictOf(q), q).toBeNull();
  });
});

describe("the order check in the light of the host's verdict (pay result page, SPEC §7 order_status)", () => {
  async function check(statuses: OrderStatus[], verdict: ReturnType<typeof hostVerdictOf>) {
    const clock = createManualClock();
    const seen: OrderWatch[] = [];
    let calls = 0;
    let stop = (): void => undefined;
    stop = watchOrder({
      clock,
      fetch: async () => order(statuses[Math.min(calls++, statuses.length - 1)]),
      onChange: (w) => {
        const v = withHostVerdict(w, verdict);
        if (v !== w) stop();
        seen.push(v);
      },
    });
    await flush();
    for (let i = 0; i < 40 && !['paid', 'failed', 'timeout'].includes(seen.at(-1)?.phase ?? ''); i++) {
      clock.advance(2000);
      await flush();
    }
    return { seen, calls: () => calls, clock };
  }

  it('cancel or fail with the order still pending: not paid at once, with no more asking', async () => {
    for (const status of ['cancel', 'fail'] as const) {
      const r = await check(['pending'], { status });
      expect(r.seen.map((w) => w.phase)).toEqual(['failed']);
      expect(r.seen[0]?.order?.status).toBe('pending');
      r.clock.advance(60_000);
      await flush();
      expect(r.calls()).toBe(1);
    }
  });

  it("the server's word wins: a paid order is paid whatever the host said", async () => {
    const r = await check(['paid'], { status: 'cancel' });
    expect(r.seen.map((w) => w.phase)).toEqual(['paid']);
  });

  it('success waits for the order as after the cashier page, until it is paid', async () => {
    const r = await check(['pending', 'pending', 'paid'], null);
    expect(r.seen.map((w) => w.phase)).toEqual(['waiting', 'waiting', 'paid']);
  });

  it('no answer and an order never paid ends in the check running out, never a spinner for ever', async () => {
    const r = await check(['pending'], null);
    expect(r.seen.at(-1)?.phase).toBe('timeout');
  });
});
