import { describe, expect, it } from 'vitest';
import { ERR_CODE } from '../../../../web/api/contract';
import { flush, harness } from './harness';

describe('timeouts, aborts and network failures (SPEC §8, §9)', () => {
  it('times out after 120000 ms by default with msg timeout and errCode 5 (SPEC §8, §9)', async () => {
    const h = harness();
    h.replies.splice(0, 1, 'hang');
    const p = h.client.request({ url: 'slow', method: 'POST' });
    let settled = false;
    p.catch(() => undefined).finally(() => (settled = true));
    await flush();
    h.clock.advance(119_999);
    await flush();
    expect(settled).toBe(false);
    h.clock.advance(1);
    await expect(p).rejects.toMatchObject({ code: -1, msg: 'timeout', errCode: ERR_CODE.timeout });
    expect(h.sent[0]?.signal?.aborted).toBe(true);
    expect(h.clock.pending()).toBe(0);
  });

  it('honours a per-request timeout even when the transport ignores the abort signal (SPEC §8)', async () => {
    const h = harness();
    h.replies.splice(0, 1, 'hang-ignoring-signal');
    const p = h.client.request({ url: 'slow', method: 'POST', timeout: 3000 });
    await flush();
    h.clock.advance(3000);
    await expect(p).rejects.toMatchObject({ msg: 'timeout', errCode: 5 });
  });

  it('rejects a caller abort with msg abort and errCode 600003, without a toast (SPEC §8)', async () => {
    const h = harness();
    h.replies.splice(0, 1, 'hang');
    const ctl = new AbortController();
    const p = h.client.request({ url: 'slow', method: 'POST', signal: ctl.signal });
    await flush();
    ctl.abort();
    await expect(p).rejects.toMatchObject({ msg: 'abort', errCode: ERR_CODE.abort });
    expect(h.toasts).toEqual([]);
    expect(h.clock.pending()).toBe(0);
  });

  it('rejects an already-aborted signal without sending (SPEC §8)', async () => {
    const h = harness();
    const ctl = new AbortController();
    ctl.abort();
    await expect(h.client.request({ url: 'x', method: 'POST', signal: ctl.signal })).rejects.toMatchObject({ errCode: 600003 });
    expect(h.sent).toHaveLength(0);
  });

  it('toasts the error message of a network failure and rejects code -1 errCode 5 (SPEC §8)', async () => {
    const h = harness();
    h.replies.splice(0, 1, new TypeError('Failed to fetch'));
    await expect(h.client.request({ url: 'x', method: 'POST' })).rejects.toMatchObject({
      code: -1,
      msg: 'Failed to fetch',
      errCode: 5,
    });
    expect(h.toasts).toEqual(['Failed to fetch']);
  });

  it('stays quiet on a network failure when silent (SPEC §8 "unless suppressed")', async () => {
    const h = harness();
    h.replies.splice(0, 1, new TypeError('Failed to fetch'));
    await expect(h.client.request({ url: 'x', method: 'POST', silent: true })).rejects.toMatchObject({ code: -1 });
    expect(h.toasts).toEqual([]);
  });
});
