import { describe, expect, it } from 'vitest';
import { httpStatusText } from '../../../../web/core/http/status';
import { harness, json } from './harness';

describe('HTTP status handling (SPEC §8)', () => {
  it.each([403, 500, 503] as const)('routes %i to onHttpStatus and rejects without a toast (SPEC §8)', async (status) => {
    const h = harness();
    h.replies.splice(0, 1, json({}, status));
    await expect(h.client.request({ url: 'x', method: 'POST' })).rejects.toMatchObject({ statusCode: status });
    expect(h.statuses).toEqual([status]);
    expect(h.toasts).toEqual([]);
  });

  it.each([403, 500, 503] as const)(
    'a background call answered %i rejects without the error page (decision 0008 §6: SPEC §8 navigation is for page-level calls)',
    async (status) => {
      const h = harness();
      h.replies.splice(0, 1, json({}, status));
      await expect(h.client.call('user/get_user_balance', {}, { background: true, silent: true })).rejects.toMatchObject({ code: status, statusCode: status });
      expect(h.statuses).toEqual([]);
      expect(h.toasts).toEqual([]);
    },
  );

  it.each([
    [400, '请求错误'],
    [401, '未授权，请重新登录'],
    [404, '请求地址出错'],
    [408, '请求超时'],
    [502, '网关错误'],
    [504, '网关超时'],
    [505, 'HTTP版本不受支持'],
    [418, '连接出错'],
  ])('toasts the Chinese status text for %i and rejects (SPEC §8)', async (status, text) => {
    const h = harness();
    h.replies.splice(0, 1, json({}, status));
    await expect(h.client.request({ url: 'x', method: 'POST' })).rejects.toMatchObject({ msg: text, statusCode: status });
    expect(h.toasts).toEqual([text]);
    expect(h.statuses).toEqual([]);
    expect(httpStatusText(status)).toBe(text);
  });

  it('returns data, statusCode, header and cookies for a 2xx answer (SPEC §7)', async () => {
    const h = harness();
    h.replies.splice(0, 1, json({ code: 1, msg: '', data: { a: 1 } }, 200, { 'X-Trace': 't1', 'set-cookie': 'sid=1' }));
    const res = await h.client.request<{ code: number }>({ url: 'x', method: 'POST' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ code: 1, msg: '', data: { a: 1 } });
    expect(res.header['x-trace']).toBe('t1');
    // A browser hides Set-Cookie from scripts, so there are none here; cookies.test.ts reads real ones in Node.
    expect(res.cookies).toEqual([]);
  });

  it('returns text for dataType text, non-JSON as text, and bytes for responseType arraybuffer (SPEC §7)', async () => {
    const h = harness();
    h.replies.splice(0, 1, new Response('{"a":1}'), new Response('plain words'), new Response('abc'));
    expect((await h.client.request<string>({ url: 'a', method: 'POST', dataType: 'text' })).data).toBe('{"a":1}');
    expect((await h.client.request<string>({ url: 'b', method: 'POST' })).data).toBe('plain words');
    const bytes = (await h.client.request<ArrayBuffer>({ url: 'c', method: 'POST', responseType: 'arraybuffer' })).data;
    expect(new TextDecoder().decode(bytes)).toBe('abc');
  });
});
