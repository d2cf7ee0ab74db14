/**
 * The typed QA client (mock-server/client.ts, QA guide §6 "Typed client"):
 * every method against the in-process server: each method drives the real mock on
 * 127.0.0.1 and the test checks what it changed — the next API answer, a socket
 * message, the session clock — not only the control API's own answer.
 */
import * as esbuild from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_CODE, GAME_CODE, PATH, SEAT_EXPIRY_MS, type GameQueueResponse } from '../../web/api/contract.ts';
import { createMockClient, MockControlError, type MockClient, type MockSessionClient } from '../../mock-server/client.ts';
import { runExample } from '../../docs/examples/qa-client.ts';
import { balanceIn, callIn, loginIn, MEMBER_MOBILE, MEMBER_UID, openDurationIn, qaRig, type QaRig } from './control-helpers.ts';
import { type Started, useApp } from './helpers.ts';

let s: Started;
let qa: QaRig;
let mock: MockClient;
let n = 0;
/** A fresh mock session of its own for each use. */
const session = (): MockSessionClient => mock.session(`client-${++n}`);

useApp((started) => {
  s = started;
  qa = qaRig(s);
  mock = createMockClient({ baseUrl: s.base });
});
afterEach(() => qa.closeAll());

/** The refusal a promise rejects with. */
async function refusal(p: Promise<unknown>): Promise<MockControlError> {
  const err: unknown = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MockControlError);
  return err as MockControlError;
}

describe('the client itself', () => {
  it('bundles for the browser: no Node module anywhere in it', async () => {
    const out = await esbuild.build({ entryPoints: ['mock-server/client.ts'], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent' });
    expect(out.errors).toEqual([]);
    const code = out.outputFiles[0]?.text ?? '';
    expect(code).toContain('createMockClient');
    expect(code).not.toMatch(/node:|require\(/);
  });

  it('the QA guide example runs against the in-process mock (docs/examples/qa-client.ts)', async () => {
    const lines: string[] = [];
    const seen = await runExample(s.base, (line) => lines.push(line));
    expect(seen.memberStatus).toBe(0);
    expect(seen.faultStatus).toBe(503);
    expect(seen.faultEntry).toMatchObject({ kind: 'http', status: 503, fault: 'status' });
    expect(seen.hoursMoved).toBe(24);
    expect(seen.reset).toMatchObject({ scenario: 'default', faults: [], clock: { virtual: false } });
    expect(lines[0]).toMatch(/^scenarios: default, .*queue/);
  });
});

describe('scenarios and reset', () => {
  it('scenarios() lists the named scenarios; scenario(name) changes the next play_game (SPEC §4 Queue)', async () => {
    const names = (await mock.scenarios()).map((x) => x.name);
    expect(names).toContain('queue');
    const q = session();
    const applied = await q.scenario('queue');
    expect(applied).toMatchObject({ session: q.name, scenario: 'queue' });
    expect((await q.summary()).scenario).toBe('queue');
    const p = await qa.qaPlayer(q.name);
    expect((await qa.playGame(p)).envelope.data).toMatchObject({ code: 201, queue_pos2: 5 });
  });

  it('scenario({...}) applies an inline scenario, keeping the login with keepState', async () => {
    const q = session();
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    expect((await balanceIn(s.port, q.name, login)).envelope.data.member_status).toBe(1);
    const applied = await q.scenario({ game: { user: { member_status: 0 } } }, { keepState: true });
    expect(applied.scenario).toBe('inline');
    expect((await balanceIn(s.port, q.name, login)).envelope.data.member_status).toBe(0);
  });

  it('reset() brings the fixtures, no faults and the real clock back (logins are dropped)', async () => {
    const q = session();
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    await q.scenario('queue', { keepState: true });
    await q.faults({ status: 500, count: 5 });
    await q.clock.virtual();
    const fresh = await q.reset();
    expect(fresh).toMatchObject({ scenario: 'default', faults: [], clock: { virtual: false } });
    expect((await balanceIn(s.port, q.name, login)).envelope.code).toBe(BODY_CODE.tokenExpired);
  });
});

describe('faults', () => {
  it('faults([...]) add, list() shows them pending, the next call gets one, clear() drops the rest', async () => {
    const q = session();
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    const added = await q.faults([{ match: { path: PATH.getUserBalance }, status: 503 }, { match: { path: 'user/get_auth_message' }, count: 2, status: 500 }]);
    expect(added.added).toBe(2);
    expect((await q.faults.list()).faults).toMatchObject([
      { match: { path: PATH.getUserBalance }, status: 503, remaining: 1 },
      { match: { path: 'user/get_auth_message' }, remaining: 2 },
    ]);
    expect((await balanceIn(s.port, q.name, login)).status).toBe(503);
    expect((await balanceIn(s.port, q.name, login)).status).toBe(200);
    expect((await q.faults.list()).faults).toHaveLength(1);
    expect(await q.faults.clear()).toMatchObject({ dropped: 1, faults: [] });
    expect((await q.faults.list()).faults).toEqual([]);
  });

  it('a single fault object works too', async () => {
    const q = session();
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    await q.faults({ match: { path: PATH.getUserBalance }, body: { code: 0, msg: 'scripted', data: null } });
    expect((await balanceIn(s.port, q.name, login)).envelope).toMatchObject({ code: 0, msg: 'scripted' });
  });
});

describe('clock', () => {
  it('virtual() freezes the session clock, advance() moves it by exactly that, now() reads it', async () => {
    const q = session();
    expect((await q.clock.state()).virtual).toBe(false);
    const frozen = await q.clock.virtual();
    expect(frozen.virtual).toBe(true);
    expect(await q.clock.now()).toBe(frozen.now);
    expect((await q.clock.advance(40_000)).now).toBe(frozen.now + 40_000);
    expect(await q.clock.now()).toBe(frozen.now + 40_000);
  });

  it('advance() moves the queue: a ready seat untaken for 40 s expires (SPEC §4 Queue, seat 40 s)', async () => {
    const q = session();
    await q.scenario('queue-seat-expires');
    expect((await q.clock.state()).virtual).toBe(true);
    const p = await qa.qaPlayer(q.name);
    const first = await qa.playGame(p);
    const queueId = (first.envelope.data as { queue_id: string }).queue_id;
    await qa.pollQueue(p, queueId);
    expect((await qa.pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 200, seat_expire_seconds: 40 });
    await q.clock.advance(SEAT_EXPIRY_MS);
    const after = (await qa.pollQueue(p, queueId)).envelope.data as GameQueueResponse;
    expect(after).toEqual({ code: GAME_CODE.seatExpired, sub_msg: 'Seat expired' });
  });
});

describe('push', () => {
  it('push("duration", …) reaches the open duration socket of the session (SPEC §4 202 timeout)', async () => {
    const q = session();
    const sock = await openDurationIn(s.port, q.name);
    const sent = await q.push('duration', { code: 202, msg: 'Still there?' });
    expect(sent).toMatchObject({ session: q.name, socket: 'duration', delivered: 1 });
    await sock.sync();
    expect(await sock.unread()).toContainEqual({ code: 202, msg: 'Still there?' });
    sock.ws.terminate();
  });

  it('push("stream", …) with no stream open delivers to none', async () => {
    expect((await session().push('stream', { type: 'vibrate', duration_ms: 200, strong: 1, weak: 0.5 })).delivered).toBe(0);
  });
});

describe('network and sessions', () => {
  it('network.set() changes the conditions in force, get() reads them, clear() goes back to the script', async () => {
    const q = session();
    expect((await q.network.get()).network).toMatchObject({ latencyMs: 0, dropPercent: 0 });
    expect((await q.network.set({ latencyMs: 120, dropPercent: 10 })).network).toMatchObject({ latencyMs: 120, dropPercent: 10 });
    expect((await q.network.get()).network.latencyMs).toBe(120);
    expect((await q.network.clear()).network).toMatchObject({ latencyMs: 0, dropPercent: 0 });
  });

  it('sessions() answers the cap and, without --admin, only the caller', async () => {
    const q = session();
    await q.scenario('queue');
    const info = await q.sessions();
    expect(info.listing).toBe('own');
    expect(info.sessions).toEqual([expect.objectContaining({ session: q.name, scenario: 'queue' })]);
    expect(info.max).toBeGreaterThan(0);
  });
});

describe('journal and waitFor', () => {
  it('journal({since, kind, limit}) filters; mark() is the newest seq', async () => {
    const q = session();
    expect(await q.mark()).toBe(0);
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    const sock = await openDurationIn(s.port, q.name, login);
    await balanceIn(s.port, q.name, login);
    const all = (await q.journal()).entries;
    const mark = await q.mark();
    expect(mark).toBe(all.at(-1)?.seq);
    const http = (await q.journal({ kind: 'http' })).entries;
    expect(http.length).toBeGreaterThan(1);
    expect(http.every((e) => e.kind === 'http')).toBe(true);
    expect((await q.journal({ kind: ['ws-open'] })).entries.map((e) => e.kind)).toEqual(['ws-open']);
    const first = all[0]?.seq ?? 0;
    expect((await q.journal({ since: first })).entries.map((e) => e.seq)).toEqual(all.slice(1).map((e) => e.seq));
    expect((await q.journal({ limit: 1 })).entries).toEqual([all.at(-1)]);
    sock.ws.terminate();
  });

  it('waitFor resolves on an entry journalled after it started waiting', async () => {
    const q = session();
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    const since = await q.mark();
    const waiting = q.waitFor((e) => e.kind === 'http' && e.path?.endsWith(PATH.getUserBalance) === true, { since, timeoutMs: 5_000 });
    await balanceIn(s.port, q.name, login);
    expect(await waiting).toMatchObject({ kind: 'http', status: 200 });
  });

  it('waitFor with since skips older entries and rejects naming what it waited for', async () => {
    const q = session();
    await loginIn(s.port, q.name, MEMBER_MOBILE);
    const since = await q.mark();
    const err = await q.waitFor((e) => e.path?.includes('web_login') === true, { since, timeoutMs: 150, what: 'a second login' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(new RegExp(`^Timed out after 150 ms waiting in mock session "${q.name}" for a journal entry matching a second login`));
    // Without a description the predicate's source names it.
    await expect(q.waitFor((e) => e.kind === 'ws-close', { timeoutMs: 50 })).rejects.toThrow(/e\.kind === "ws-close"|e\.kind === 'ws-close'/);
  });
});

describe('/__db/', () => {
  it('db.users.list/get/patch: a patch changes the next get_user_balance (SPEC §4 membership loss)', async () => {
    const q = session();
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    expect((await q.db.users.list({ memberStatus: 1 })).map((u) => u.uid)).toEqual([MEMBER_UID]);
    expect(await q.db.users.get(MEMBER_UID)).toMatchObject({ uid: MEMBER_UID, mobile: MEMBER_MOBILE, memberStatus: 1 });
    expect(await q.db.users.patch(MEMBER_UID, { memberStatus: 0, durationCoin: 60 })).toMatchObject({ memberStatus: 0, durationCoin: 60 });
    expect((await balanceIn(s.port, q.name, login)).envelope.data).toMatchObject({ member_status: 0, duration_coin: 60 });
    // Another session is untouched.
    expect((await session().db.users.get(MEMBER_UID)).memberStatus).toBe(1);
  });

  it('db.users.add/replace/remove and db.all(): a removed user’s token answers 30001', async () => {
    const q = session();
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    const member = await q.db.users.get(MEMBER_UID);
    const added = await q.db.users.add({ ...member, uid: 30000001, mobile: '13900000009', username: 'Added' });
    expect(added).toMatchObject({ uid: 30000001, username: 'Added' });
    expect(await q.db.users.replace(30000001, { ...added, username: 'Replaced' })).toMatchObject({ username: 'Replaced' });
    expect((await q.db.all()).users.map((u) => u.uid)).toContain(30000001);
    await q.db.users.remove(MEMBER_UID);
    expect((await q.db.users.list()).map((u) => u.uid)).not.toContain(MEMBER_UID);
    expect((await balanceIn(s.port, q.name, login)).envelope.code).toBe(BODY_CODE.tokenExpired);
  });

  it('db.<collection>: games, products, shield, saves and orders through the typed client; a bad write throws the 400', async () => {
    const q = session();
    expect(await q.db.games.patch(1, { title: 'Renamed by the client' })).toMatchObject({ id: 1, title: 'Renamed by the client' });
    expect((await callIn<{ title: string }>(s.port, q.name, PATH.gameInfo, { data: { game_id: 1 } })).envelope.data.title).toBe('Renamed by the client');
    expect((await q.db.products.list({ kind: 'coin' })).every((p) => p.kind === 'coin')).toBe(true);
    expect(await q.db.shield.patch({ game: '' })).toEqual({ game: '' });
    expect((await q.db.sign_in.get()).durations).toHaveLength(7);
    const bad = await refusal(q.db.member_cards.patch(101, { price: 'cheap' }));
    expect(bad.status).toBe(400);
    expect(bad.serverMessage).toMatch(/"cards\[0\]\.price"/);
    const login = await loginIn(s.port, q.name, MEMBER_MOBILE);
    const save = await q.db.saves.add({ uid: login.swcloud_uid, gameKey: 'g_starfall_odyssey', name: 'From the client' });
    expect((await q.db.saves.list()).map((x) => x.saveId)).toEqual([save.saveId]);
    await q.db.saves.remove(save.saveId);
    expect(await q.db.orders.list()).toEqual([]);
    const all = await q.db.all();
    expect(all.games.find((g) => g.id === 1)?.title).toBe('Renamed by the client');
    expect(all.shield.game).toBe('');
  });
});

describe('refusals throw with the status and the server’s message', () => {
  it('an unknown scenario: 404 naming the known ones', async () => {
    const err = await refusal(session().scenario('no-such-scenario'));
    expect(err.status).toBe(404);
    expect(err.serverMessage).toMatch(/^Unknown scenario "no-such-scenario"\. Known scenarios: default, /);
    expect(err.message).toMatch(/^POST \/__mock\/scenario\?session=client-\d+ answered 404: Unknown scenario/);
  });

  it('advancing a real clock, a bad fault, a bad db field, an unknown uid: 400/404 with the reason', async () => {
    const q = session();
    const clock = await refusal(q.clock.advance(1000));
    expect(clock.status).toBe(400);
    expect(clock.serverMessage).toMatch(/virtual/i);
    const fault = await refusal(q.faults({ match: { path: 'x' } }));
    expect(fault.status).toBe(400);
    expect(fault.serverMessage).toMatch(/at least one of status, body, delayMs, drop, malformed/);
    const field = await refusal(q.db.users.patch(MEMBER_UID, { memberStatus: 7 } as never));
    expect(field.status).toBe(400);
    expect(field.serverMessage).toMatch(/memberStatus/);
    expect((await refusal(q.db.users.remove(99999999))).status).toBe(404);
  });
});
