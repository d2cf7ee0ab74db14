import { describe, expect, it } from 'vitest';
import { ApiError, isRepeatedRequest, REPEATED_REQUEST_CODE } from '../../../../web/core/http/errors';
import { REPEAT_REQUEST_MSG } from '../../../../web/core/http/request';
import { flush, harness, json } from './harness';

describe('in-flight de-duplication (SPEC §5)', () => {
  it('rejects an identical request (same url, data and method) while the first is in flight (SPEC §5)', async () => {
    const h = harness();
    h.replies.splice(0, 1, 'hang', json({ code: 1, msg: '', data: 2 }));
    const first = h.client.request({ url: 'user/sign_in', method: 'POST', data: { uid: 1, b: 2 } });
    // Field order does not make it a different request.
    const second = h.client.request({ url: 'user/sign_in', method: 'POST', data: { b: 2, uid: 1 } });
    await expect(second).rejects.toMatchObject({ msg: REPEAT_REQUEST_MSG });
    await expect(second).rejects.toBeInstanceOf(ApiError);
    expect(h.sent).toHaveLength(1);
    // Decision 0008 §6: its own code, not the network failure's -1, and no toast.
    await expect(second).rejects.toMatchObject({ code: REPEATED_REQUEST_CODE });
    expect(await second.catch(isRepeatedRequest)).toBe(true);
    expect(h.toasts).toEqual([]);
    h.clock.advance(120_000);
    await expect(first).rejects.toMatchObject({ msg: 'timeout' });
  });

  it('allows the same request again once the first has settled (SPEC §5)', async () => {
    const h = harness();
    await h.client.request({ url: 'x', method: 'POST', data: { a: 1 } });
    await h.client.request({ url: 'x', method: 'POST', data: { a: 1 } });
    expect(h.sent).toHaveLength(2);
  });

  it('lets different data, url or method through concurrently (SPEC §5)', async () => {
    const h = harness();
    await Promise.all([
      h.client.request({ url: 'x', method: 'POST', data: { a: 1 } }),
      h.client.request({ url: 'x', method: 'POST', data: { a: 2 } }),
      h.client.request({ url: 'y', method: 'POST', data: { a: 1 } }),
      h.client.request({ url: 'x', method: 'PUT', data: { a: 1 } }),
    ]);
    expect(h.sent).toHaveLength(4);
  });

  it('allows an identical request in flight when repeat is set (SPEC §5)', async () => {
    const h = harness();
    h.replies.splice(0, 1, 'hang', json({ code: 1, msg: '', data: 2 }));
    const first = h.client.request({ url: 'q', method: 'POST' });
    first.catch(() => undefined);
    await flush();
    const again = await h.client.request<{ data: number }>({ url: 'q', method: 'POST', repeat: true });
    expect(again.statusCode).toBe(200);
    expect(h.sent).toHaveLength(2);
  });
});
