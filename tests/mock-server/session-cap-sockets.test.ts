/**
 * The session cap when sessions hold duration sockets (QA guide §2 "Sessions"): with every session holding one a
 * new name is refused with 503 wherever it first appears, and a socket's close makes its session evictable again.
 *
 * The second test is the shape a hostile-client probe took for a broken cap (505 sessions "each holding a duration
 * socket" still let new sessions in): from one address, sockets past maxConnectionsPerAddress (decision 0024) are
 * reset before the server reads them, while the login and generate_token calls before them, on a connection the client
 * already had, made their sessions. Those sessions hold nothing, so a newcomer evicts one: the 200 is the cap working.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_CODE, HEADER, type ApiEnvelope, type LoginInfo } from '../../web/api/contract.ts';
import { MOCK_SMS_CODE } from '../../mock-server/limits.ts';
import { until } from '../wait.ts';
import { callIn, json, MEMBER_MOBILE, openDurationIn } from './control-helpers.ts';
import { apiPath, openSocket, rawRequest, REQUEST_LIMIT_MS, signedHeaders, useApp, type Started, type TestSocket } from './helpers.ts';

interface SessionsAnswer {
  count: number;
  evicted: number;
  recentlyEvicted: { session: string }[];
  sessions: { session: string; sockets: Record<string, number> }[];
}

let s: Started;
const held: TestSocket[] = [];
const dropHeld = (): void => {
  for (const sock of held.splice(0)) sock.ws.terminate();
};

const socketsOf = (a: SessionsAnswer, name: string): number =>
  Object.values(a.sessions.find((x) => x.session === name)?.sockets ?? {}).reduce((sum, n) => sum + n, 0);

describe('every session holds a duration socket', () => {
  useApp((started) => (s = started), { maxSessions: 4, admin: true });
  afterEach(dropHeld);

  it('every session holding a duration socket: a new name is refused with 503 on the API, control API, an upgrade and /__db/', async () => {
    // "default" included: each of the 4 sessions the cap allows holds one.
    for (const name of ['default', 'one', 'two', 'three']) held.push(await openDurationIn(s.port, name));
    const full = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions');
    expect(full.body.count).toBe(4);
    expect(full.body.sessions.map((x) => socketsOf(full.body, x.session))).toEqual([1, 1, 1, 1]);

    const api = await callIn(s.port, 'late-api', 'index/api/system_info', { data: {} });
    expect(api.status).toBe(503);
    expect(api.envelope.code).toBe(BODY_CODE.serverError);
    expect((await json(s.port, 'GET', '/__mock/session?session=late-control')).status).toBe(503);
    await expect(openSocket(s.port, '/socket/duration?mock_session=late-socket')).rejects.toThrow(/503/);
    expect((await rawRequest(s.port, { path: '/__db/users?session=late-db' })).status).toBe(503);

    const after = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions');
    expect(after.body).toMatchObject({ count: 4, evicted: 0 });
    expect(held.every((h) => h.ws.readyState === h.ws.OPEN)).toBe(true);

    // A closed socket leaves its session evictable: the next new name takes its place.
    const two = held.splice(2, 1)[0];
    two?.ws.close();
    await two?.closed();
    // The server counts the close when its side ends, which may trail the client's.
    await until(async () => socketsOf((await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions')).body, 'two') === 0, 'session "two" to hold no socket');
    expect((await callIn(s.port, 'late-api', 'index/api/system_info', { data: {} })).status).toBe(200);
    const room = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions');
    expect(room.body).toMatchObject({ count: 4, evicted: 1, recentlyEvicted: [{ session: 'two' }] });
    expect(held.every((h) => h.ws.readyState === h.ws.OPEN)).toBe(true);
  });
});

/** API calls on one kept-alive connection, as a client's pool makes them: it was open before the address hit its cap. */
function pooledCaller(port: number): { call<T>(session: string, method: 'GET' | 'POST', endpoint: string, data: Record<string, string | number>): Promise<{ status: number; envelope: ApiEnvelope<T> }>; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    call: (session, method, endpoint, data) =>
      new Promise((resolve, reject) => {
        const urlPath = apiPath(endpoint, method === 'GET' ? data : undefined);
        const body = method === 'GET' ? '' : JSON.stringify(data);
        const headers = signedHeaders(method, urlPath, body, { [HEADER.mockSession]: session, ...(body ? { 'content-type': 'application/json' } : {}) });
        const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent, timeout: REQUEST_LIMIT_MS }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, envelope: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiEnvelope<never> }));
        });
        req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${endpoint} within ${REQUEST_LIMIT_MS} ms`)));
        req.on('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}

describe('sockets past the per-address connection cap', () => {
  // Room for "four" as a fifth session; 4 connections from the address: the pooled one and three sockets.
  useApp((started) => (s = started), { maxSessions: 5, maxConnectionsPerAddress: 4 });
  afterEach(dropHeld);

  it('a socket reset by the per-address connection cap holds nothing: the session its API calls made is evicted for a newcomer', async () => {
    const pool = pooledCaller(s.port);
    try {
      const prepare = async (session: string): Promise<string> => {
        const login = await pool.call<LoginInfo>(session, 'POST', 'user/web_login', { mobile: MEMBER_MOBILE, area_code: '86', code: MOCK_SMS_CODE, device_id: 'test-device-0001' });
        const info = login.envelope.data;
        const token = await pool.call<{ jtoken: string }>(session, 'GET', 'socket/generate_token', { uid: info.swcloud_uid, game_id: 1, token: info.gly_token });
        expect(token.envelope.code).toBe(BODY_CODE.success);
        return token.envelope.data.jtoken;
      };
      const url = (session: string, jtoken: string): string => `/socket/duration?jtoken=${encodeURIComponent(jtoken)}&version_code=103&mock_session=${session}`;
      // One pooled connection and three sockets: the address's 4.
      for (const name of ['one', 'two', 'three']) held.push(await openSocket(s.port, url(name, await prepare(name))));
      // "four" is made by its calls on the pooled connection; its socket is a fifth connection, reset unread.
      const jtoken = await prepare('four');
      await expect(openSocket(s.port, url('four', jtoken))).rejects.toThrow(/ECONNRESET|socket hang up/);

      expect(s.app.sessions.find('four')?.sockets.count()).toBe(0);

      expect((await pool.call('newcomer', 'POST', 'index/api/system_info', {})).status).toBe(200);
      expect(s.app.sessions.recentEvictions().map((e) => e.session)).toEqual(['four']);
      expect(s.app.sessions.list().map((x) => x.name).sort()).toEqual(['default', 'newcomer', 'one', 'three', 'two']);
      expect(held.every((h) => h.ws.readyState === h.ws.OPEN)).toBe(true);
    } finally {
      pool.close();
    }
  });
});
