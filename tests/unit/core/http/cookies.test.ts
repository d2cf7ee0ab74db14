// @vitest-environment node
/**
 * SPEC §7: the generic request returns data, statusCode, header and cookies.
 * Browsers hide Set-Cookie from scripts (status.test.ts sees none there), so
 * the cookies are checked where a client can read them: Node's own fetch
 * against a real HTTP server that sets two.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../../web/core/clock';
import { createHttpClient } from '../../../../web/core/http/request';

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('set-cookie', ['sid=abc123; Path=/; HttpOnly', 'lang=en; Max-Age=3600']);
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-trace', 't-9');
    res.end(JSON.stringify({ code: 1, msg: 'ok', data: { path: req.url } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('cookies of the generic request (SPEC §7)', () => {
  it('returns every Set-Cookie header of the answer, one entry each, beside data, statusCode and header', async () => {
    const client = createHttpClient({
      config: { apiBase: base, gameApiBase: base, socketBase: '/socket/' },
      clock: createManualClock(1_700_000_000_000),
      getToken: () => null,
      getDeviceId: () => 'dev-1',
      getAgentCode: () => null,
      wwwid: 'www-1',
      onHttpStatus: () => undefined,
      onTokenExpired: () => undefined,
      toast: () => undefined,
    });
    const res = await client.request<{ code: number; data: { path: string } }>({ url: 'user/info', method: 'POST', data: { a: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ code: 1, msg: 'ok', data: { path: '/api/user/info' } });
    expect(res.header['x-trace']).toBe('t-9');
    expect(res.cookies).toEqual(['sid=abc123; Path=/; HttpOnly', 'lang=en; Max-Age=3600']);
  });
});
