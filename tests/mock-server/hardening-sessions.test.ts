/**
 * Sessions beyond the cap (QA guide §1). An eviction is logged and shown
 * in `GET /__mock/sessions`; a session with open sockets is never evicted;
 * when every session has sockets a new one is refused with a clear 503 on
 * the API, the control API and socket upgrades; the cap is `--max-sessions`
 * and the createApp option `maxSessions`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_CODE, HEADER } from '../../web/api/contract.ts';
import { CliError, MAX_SESSIONS_LIMIT, parseCli } from '../../mock-server/cli.ts';
import { createSessionRegistry, MAX_SESSIONS, RECENT_EVICTIONS, SessionLimitError } from '../../mock-server/sessions/registry.ts';
import { createStore } from '../../mock-server/sessions/store.ts';
import { callIn, json, openDurationIn } from './control-helpers.ts';
import { until } from '../wait.ts';
import { openSocket, rawRequest, startApp, type Started, type TestSocket } from './helpers.ts';

let s: Started | undefined;
const open: TestSocket[] = [];
afterEach(async () => {
  for (const sock of open.splice(0)) sock.ws.terminate();
  await s?.close();
  s = undefined;
});

interface SessionsAnswer {
  max: number;
  evicted: number;
  recentlyEvicted: { session: string; at: number }[];
  sessions: { session: string; sockets: Record<string, number> }[];
}

const names = (a: SessionsAnswer): string[] => a.sessions.map((x) => x.session).sort();

describe('session cap (QA guide §1)', () => {
  it('an evicted session is logged and reported by GET /__mock/sessions (count and newest names)', async () => {
    s = await startApp({ maxSessions: 3, admin: true });
    await callIn(s.port, 'a', 'index/api/system_info', { data: {} });
    await callIn(s.port, 'b', 'index/api/system_info', { data: {} });
    await callIn(s.port, 'a', 'index/api/system_info', { data: {} }); // b is now the least recently used
    await callIn(s.port, 'c', 'index/api/system_info', { data: {} });
    const first = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions');
    expect(first.body).toMatchObject({ max: 3, evicted: 1, recentlyEvicted: [{ session: 'b', at: s.clock.now() }] });
    expect(names(first.body)).toEqual(['a', 'c', 'default']);
    expect(s.logs.filter((l) => l.includes('evicted'))).toEqual([
      'mock session "b" evicted: 3 sessions are kept (--max-sessions) and it was the least recently used without open sockets (1 evicted so far)',
    ]);

    await callIn(s.port, 'd', 'index/api/system_info', { data: {} });
    const second = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions');
    expect(second.body).toMatchObject({ evicted: 2, recentlyEvicted: [{ session: 'a' }, { session: 'b' }] });
  });

  it('a session with open sockets is never evicted; the least recently used one without is', async () => {
    s = await startApp({ maxSessions: 3, admin: true });
    const live = await openDurationIn(s.port, 'live');
    open.push(live);
    await callIn(s.port, 'idle', 'index/api/system_info', { data: {} });
    // "live" is the least recently used, but it has a socket.
    await callIn(s.port, 'new', 'index/api/system_info', { data: {} });
    const r = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions');
    expect(names(r.body)).toEqual(['default', 'live', 'new']);
    expect(r.body.recentlyEvicted.map((e) => e.session)).toEqual(['idle']);
    expect(live.ws.readyState).toBe(live.ws.OPEN);
  });

  it('when every session has open sockets a new one is refused with 503: API, control API and socket', async () => {
    s = await startApp({ maxSessions: 3, admin: true });
    for (const name of ['one', 'two']) open.push(await openDurationIn(s.port, name));
    const message = /^Too many mock sessions: all 3 are in use with open sockets, so session "three" cannot be created; .*--max-sessions$/;

    const api = await callIn(s.port, 'three', 'index/api/system_info', { data: {} });
    expect(api.status).toBe(503);
    expect(api.envelope).toMatchObject({ code: BODY_CODE.serverError, msg: expect.stringMatching(message) as string, data: null });

    const control = await json(s.port, 'GET', '/__mock/session?session=three');
    expect(control.status).toBe(503);
    expect(control.body['error']).toMatch(message);

    await expect(openSocket(s.port, '/socket/duration?mock_session=three')).rejects.toThrow(/503/);

    const db = await rawRequest(s.port, { path: '/__db/users?session=three' });
    expect(db.status).toBe(503);

    const r = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions');
    expect(names(r.body)).toEqual(['default', 'one', 'two']);
    expect(r.body.evicted).toBe(0);
    expect(s.logs.some((l) => l === 'mock session "three" refused: all 3 sessions have open sockets (--max-sessions)')).toBe(true);

    // Existing sessions and "default" keep working; once a socket closes there is room again.
    expect((await callIn(s.port, 'one', 'index/api/system_info', { data: {} })).status).toBe(200);
    expect((await rawRequest(s.port, { method: 'POST', path: '/api/index/api/system_info', headers: { [HEADER.mockSession]: 'default' } })).status).toBe(200);
    const two = open.pop();
    two?.ws.close();
    await two?.closed();
    // The server counts the close when its side of the socket ends, which may trail the client's.
    const port = s.port;
    const socketsOfTwo = async (): Promise<number> => {
      const listed = (await json<SessionsAnswer>(port, 'GET', '/__mock/sessions')).body.sessions.find((x) => x.session === 'two');
      return Object.values(listed?.sockets ?? {}).reduce((a, b) => a + b, 0);
    };
    await until(async () => (await socketsOfTwo()) === 0, 'session "two" to have no open socket');
    expect((await callIn(s.port, 'three', 'index/api/system_info', { data: {} })).status).toBe(200);
    expect((await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions')).body).toMatchObject({ evicted: 1, recentlyEvicted: [{ session: 'two' }] });
  });

  it(`the registry keeps the newest ${RECENT_EVICTIONS} evictions and refuses with SessionLimitError`, async () => {
    const started = await startApp();
    s = started;
    const lines: string[] = [];
    const make = (maxSessions: number, log?: (line: string) => void) =>
      createSessionRegistry(started.clock, (c) => createStore(started.app.fixtures, c), { maxSessions, ...(log ? { log } : {}) });
    const registry = make(2, (l) => lines.push(l));
    registry.get(undefined);
    for (let i = 0; i < RECENT_EVICTIONS + 5; i++) registry.get(`s${i}`);
    expect(registry.max).toBe(2);
    expect(registry.evicted).toBe(RECENT_EVICTIONS + 4);
    expect(registry.recentEvictions()).toHaveLength(RECENT_EVICTIONS);
    expect(registry.recentEvictions()[0]?.session).toBe(`s${RECENT_EVICTIONS + 3}`);
    expect(lines).toHaveLength(RECENT_EVICTIONS + 4);
    registry.close();
    // One session: only "default", which is never evicted.
    const one = make(1);
    one.get(undefined);
    expect(() => one.get('other')).toThrow(SessionLimitError);
    one.close();
    expect(() => make(0)).toThrow(RangeError);
  });
});

describe('--max-sessions (QA guide §1)', () => {
  it(`defaults to the app's ${MAX_SESSIONS}; --max-sessions N and --max-sessions=N set it`, () => {
    expect(parseCli([], {}).maxSessions).toBeUndefined();
    expect(parseCli(['--max-sessions', '50'], {}).maxSessions).toBe(50);
    expect(parseCli(['--max-sessions=1'], {}).maxSessions).toBe(1);
    expect(parseCli([`--max-sessions=${MAX_SESSIONS_LIMIT}`], {}).maxSessions).toBe(MAX_SESSIONS_LIMIT);
  });

  it.each([
    [['--max-sessions', '0'], `Invalid --max-sessions "0": expected a whole number from 1 to ${MAX_SESSIONS_LIMIT}.`],
    [['--max-sessions', 'many'], `Invalid --max-sessions "many": expected a whole number from 1 to ${MAX_SESSIONS_LIMIT}.`],
    [['--max-sessions', '-3'], `Invalid --max-sessions "-3": expected a whole number from 1 to ${MAX_SESSIONS_LIMIT}.`],
    [[`--max-sessions=${MAX_SESSIONS_LIMIT + 1}`], `Invalid --max-sessions "${MAX_SESSIONS_LIMIT + 1}": expected a whole number from 1 to ${MAX_SESSIONS_LIMIT}.`],
    [['--max-sessions'], 'Missing value for --max-sessions.'],
  ])('%j fails with one line', (args, message) => {
    expect(() => parseCli(args, {})).toThrow(CliError);
    expect(() => parseCli(args, {})).toThrow(message);
  });
});
