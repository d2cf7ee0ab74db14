import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_HEARTBEAT_TIMEOUT, SOCKET_HEARTBEAT_TIMEOUT_MS } from '../../web/api/contract.ts';
import { createManualClock } from '../../web/core/clock.ts';
import { Journal, JOURNAL_LIMIT } from '../../mock-server/sessions/journal.ts';
import { createSessionClock } from '../../mock-server/sessions/clock.ts';
import { callIn, json, loginIn, MEMBER_MOBILE, openDurationIn } from './control-helpers.ts';
import { until } from '../wait.ts';
import { T0, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started));

interface Entry {
  seq: number;
  t: number;
  kind: string;
  method?: string;
  path?: string;
  status?: number;
  code?: number;
  msg?: string;
  body?: unknown;
}
interface JournalAnswer {
  session: string;
  now: number;
  dropped: number;
  entries: Entry[];
}

describe('journal: every request and socket message of the session, in order, with session-clock times', () => {
  it('records API calls with method, path, status, body code and the request body', async () => {
    await callIn(s.port, 'qa', 'user/send_code', { data: { mobile: '13800000009', area_code: '86' } });
    s.clock.advance(1500);
    await callIn(s.port, 'qa', 'index/api/downurl', { method: 'GET', data: { lang: 'en' } });
    const j = await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa');
    expect(j.body.session).toBe('qa');
    expect(j.body.entries).toEqual([
      {
        seq: 1,
        t: T0,
        kind: 'http',
        method: 'POST',
        path: '/api/user/send_code',
        status: 200,
        code: 1,
        msg: 'Verification code sent',
        body: { mobile: '13800000009', area_code: '86' },
      },
      { seq: 2, t: T0 + 1500, kind: 'http', method: 'GET', path: '/api/index/api/downurl/lang/en', status: 200, code: 1, msg: 'success' },
    ]);
  });

  it('records a socket: open, messages in and out, close (SPEC §7 duration socket, §9 heartbeat)', async () => {
    const sock = await openDurationIn(s.port, 'qa');
    sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
    await sock.next();
    sock.ws.close(1000, 'bye');
    await sock.closed();
    // The server's close event may trail the client's: wait for its entry.
    let sockets: Entry[] = [];
    await until(
      async () => {
        sockets = (await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa&kind=ws-open,ws-in,ws-out,ws-close')).body.entries;
        return sockets.some((e) => e.kind === 'ws-close');
      },
      'the ws-close entry',
      5_000,
      () => JSON.stringify(sockets.map((e) => e.kind)),
    );
    expect(sockets[0]).toMatchObject({ kind: 'ws-open', path: expect.stringMatching(/^\/socket\/duration\?jtoken=/) });
    const inIdx = sockets.findIndex((e) => e.kind === 'ws-in');
    expect(sockets[inIdx]).toMatchObject({ kind: 'ws-in', path: 'duration', body: { type: 'heartbeat' } });
    expect(sockets.slice(inIdx + 1).find((e) => e.kind === 'ws-out')).toMatchObject({ body: { type: 'heartbeat', time: T0 } });
    expect(sockets[sockets.length - 1]).toMatchObject({ kind: 'ws-close', path: 'duration', code: 1000, msg: 'bye' });
  });

  it('since, kind and limit filter; a bad filter answers 400', async () => {
    for (let i = 0; i < 5; i++) await callIn(s.port, 'qa', 'index/api/system_info', { data: {} });
    const since = await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa&since=3');
    expect(since.body.entries.map((e) => e.seq)).toEqual([4, 5]);
    const limited = await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa&limit=2');
    expect(limited.body.entries.map((e) => e.seq)).toEqual([4, 5]);
    expect((await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa&kind=ws-in')).body.entries).toEqual([]);
    const bad = await json(s.port, 'GET', '/__mock/journal?session=qa&kind=http,sms');
    expect(bad.status).toBe(400);
    expect(bad.body['error']).toMatch(/"kind" must be a comma list of http, ws-in, ws-out, ws-open, ws-close; got "sms"/);
    expect((await json(s.port, 'GET', '/__mock/journal?limit=0')).status).toBe(400);
  });

  it(`keeps only the last ${JOURNAL_LIMIT} entries and says how many were dropped`, async () => {
    const session = s.app.sessions.get('qa');
    for (let i = 0; i < JOURNAL_LIMIT + 25; i++) session.journal.add({ kind: 'ws-in', path: 'duration', body: i });
    const j = await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa');
    expect(j.body.entries).toHaveLength(JOURNAL_LIMIT);
    expect(j.body.dropped).toBe(25);
    expect(j.body.entries[0]).toMatchObject({ seq: 26, body: 25 });
    expect(j.body.entries[JOURNAL_LIMIT - 1]).toMatchObject({ seq: JOURNAL_LIMIT + 25 });
  });

  it('a large body is journalled as a short preview', async () => {
    await callIn(s.port, 'qa', 'user/send_code', { data: { mobile: '13800000009', area_code: '86', note: 'x'.repeat(10_000) } });
    const j = await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa');
    expect(j.body.entries[0]?.body).toMatch(/^\{"mobile".*… \(\d+ characters\)$/);
  });

  it('Journal ring buffer unit: order, seq, clear', () => {
    let t = 0;
    const journal = new Journal(() => t++, 3);
    for (let i = 0; i < 5; i++) journal.add({ kind: 'http', status: i });
    expect(journal.entries().map((e) => e.status)).toEqual([2, 3, 4]);
    expect(journal.entries(4).map((e) => e.seq)).toEqual([5]);
    expect(journal.dropped).toBe(2);
    journal.clear();
    expect(journal.entries()).toEqual([]);
    expect(journal.add({ kind: 'http' }).seq).toBe(1);
  });
});

describe('virtual clock: POST /__mock/clock (SPEC §9 timers in milliseconds)', () => {
  it('a session follows the app clock until switched; then only advanceMs moves it', async () => {
    expect((await json(s.port, 'GET', '/__mock/clock?session=qa')).body).toEqual({ session: 'qa', virtual: false, now: T0, pending: 0 });
    s.clock.advance(1000);
    expect((await json(s.port, 'GET', '/__mock/clock?session=qa')).body['now']).toBe(T0 + 1000);
    const switched = await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: true });
    expect(switched.body).toMatchObject({ virtual: true, now: T0 + 1000 });
    s.clock.advance(5000);
    expect((await json(s.port, 'GET', '/__mock/clock?session=qa')).body['now']).toBe(T0 + 1000);
    const advanced = await json(s.port, 'POST', '/__mock/clock?session=qa', { advanceMs: 60_000 });
    expect(advanced.body).toMatchObject({ virtual: true, now: T0 + 61_000 });
    // Switching again is a no-op; the token clock follows the session clock.
    expect((await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: true, advanceMs: 0 })).body['now']).toBe(T0 + 61_000);
  });

  it('timers already running move to virtual time with what they had left: the 70 s heartbeat timeout (SPEC §8, §9)', async () => {
    const sock = await openDurationIn(s.port, 'qa');
    s.clock.advance(30_000);
    await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: true });
    s.clock.advance(SOCKET_HEARTBEAT_TIMEOUT_MS);
    await sock.sync();
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    await json(s.port, 'POST', '/__mock/clock?session=qa', { advanceMs: SOCKET_HEARTBEAT_TIMEOUT_MS - 30_000 - 1 });
    await sock.sync();
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    await json(s.port, 'POST', '/__mock/clock?session=qa', { advanceMs: 1 });
    expect((await sock.closed()).code).toBe(SOCKET_CLOSE_HEARTBEAT_TIMEOUT);
  });

  it('tokens expire on the session clock: seven virtual days later a login answers 30001', async () => {
    const info = await loginIn(s.port, 'qa', MEMBER_MOBILE);
    await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: true, advanceMs: 7 * 24 * 60 * 60 * 1000 });
    const r = await callIn(s.port, 'qa', 'user/get_user_balance', { data: { uid: info.swcloud_uid }, token: info.gly_token });
    expect(r.envelope.code).toBe(30001);
  });

  it.each([
    [{}, /Send \{"virtual": true\} and\/or \{"advanceMs": N\}/],
    [{ advanceMs: 1000 }, /not virtual: POST \/__mock\/clock \{"virtual": true\} first/],
    [{ virtual: 'yes' }, /"virtual" must be true or false/],
    [{ virtual: true, advanceMs: -1 }, /"advanceMs" must be at least 0/],
    [{ virtual: true, advanceMs: 31 * 24 * 60 * 60 * 1000 }, /"advanceMs" must be at most/],
    [{ virtual: true, speed: 2 }, /Field "speed" is not known/],
  ])('POST /__mock/clock %j answers 400', async (body, error) => {
    const r = await json(s.port, 'POST', '/__mock/clock?session=qa', body);
    expect(r.status).toBe(400);
    expect(String(r.body['error'])).toMatch(error);
  });

  it('a virtual clock cannot go back to real time; a reset does that', async () => {
    await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: true, advanceMs: 10 });
    const back = await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: false });
    expect(back.status).toBe(400);
    expect(back.body['error']).toMatch(/POST \/__mock\/reset/);
    await json(s.port, 'POST', '/__mock/reset?session=qa');
    expect((await json(s.port, 'GET', '/__mock/clock?session=qa')).body).toMatchObject({ virtual: false, now: T0 });
  });
});

describe('SessionClock unit', () => {
  it('intervals and timeouts fire in order on the base clock, then on the virtual one with their remaining time', () => {
    const base = createManualClock(1000);
    const clock = createSessionClock(base);
    const fired: string[] = [];
    clock.setInterval(() => fired.push(`tick@${clock.now()}`), 100);
    clock.setTimeout(() => fired.push(`once@${clock.now()}`), 250);
    base.advance(150);
    expect(fired).toEqual(['tick@1100']);
    clock.goVirtual();
    base.advance(10_000);
    expect(fired).toEqual(['tick@1100']);
    clock.advance(150);
    expect(fired).toEqual(['tick@1100', 'tick@1200', 'once@1250', 'tick@1300']);
    expect(clock.pending()).toBe(1);
  });

  it('clearTimeout works across the switch; reset cancels everything and follows the base again', () => {
    const base = createManualClock(0);
    const clock = createSessionClock(base);
    const fired: number[] = [];
    const a = clock.setTimeout(() => fired.push(1), 100);
    clock.setTimeout(() => fired.push(2), 100);
    clock.goVirtual();
    clock.clearTimeout(a);
    clock.advance(100);
    expect(fired).toEqual([2]);
    clock.setTimeout(() => fired.push(3), 10);
    clock.reset();
    expect(clock.virtual).toBe(false);
    expect(clock.pending()).toBe(0);
    base.advance(1000);
    expect(fired).toEqual([2]);
    expect(clock.now()).toBe(1000);
    expect(() => clock.advance(1)).toThrow(/not virtual/);
  });
});
