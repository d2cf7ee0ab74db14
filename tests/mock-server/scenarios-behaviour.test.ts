/**
 * Every named scenario of fixtures/scenarios/ driven the way QA drives it
 * (issue "Mock cloud": "tests for every named scenario, driven by the
 * virtual clock"): POST /__mock/scenario in a mock session (X-Mock-Session),
 * POST /__mock/clock {virtual: true}, log a persona in, play over HTTP and
 * the real sockets on 127.0.0.1, move time with /__mock/clock {advanceMs},
 * and check what the scenario's description promises.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  BODY_CODE,
  GAME_CODE,
  HEADER,
  PATH,
  SEAT_EXPIRY_MS,
  type GameQueueResponse,
  type GetTokenResponse,
  type LoginInfo,
  type PlayGameResponse,
  type UserInfo,
} from '../../web/api/contract.ts';
import { DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import { callIn, json, loginIn, MEMBER_MOBILE } from './control-helpers.ts';
import { rawRequest, REQUEST_LIMIT_MS, startApp, type Started } from './helpers.ts';

const GAME_KEY = 'g_test_game';
const WAIT_MS = 3_000;

let s: Started;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  s = await startApp();
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await s.close();
});

type Msg = Record<string, unknown>;

/** A websocket that keeps every message, with bounded waits. */
class Sock {
  readonly messages: Msg[] = [];
  closeInfo: { code: number; reason: string } | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Msg);
      this.notify();
    });
    ws.on('close', (code, reason) => {
      this.closeInfo = { code, reason: reason.toString('utf8') };
      this.notify();
    });
    ws.on('error', () => undefined);
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Resolve when `check` answers a value (checked now and on every message or close); reject after WAIT_MS. */
  private until<T>(what: string, check: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const first = check();
      if (first !== undefined) {
        resolve(first);
        return;
      }
      const listener = (): void => {
        const v = check();
        if (v === undefined) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(v);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`${what} within ${WAIT_MS} ms; got ${JSON.stringify(this.messages.slice(-5))}`));
      }, WAIT_MS);
      this.listeners.add(listener);
    });
  }

  /** The first message (from index `from`) matching `pred`. */
  waitFor(pred: (m: Msg) => boolean, from = 0, what = 'no matching message'): Promise<Msg> {
    return this.until(what, () => this.messages.slice(from).find(pred));
  }

  closed(): Promise<{ code: number; reason: string }> {
    return this.until('socket not closed', () => this.closeInfo);
  }

  progress(): unknown[] {
    return this.messages.filter((m) => m['type'] === 'progress').map((m) => m['value']);
  }

  events(): unknown[] {
    return this.messages.filter((m) => m['type'] === 'event').map((m) => m['code']);
  }

  /** Messages other than heartbeat replies and frames. */
  notable(): Msg[] {
    return this.messages.filter((m) => m['type'] !== 'frame' && m['type'] !== 'heartbeat' && m['type'] !== 'hello');
  }
}

function open(urlPath: string): Promise<Sock> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}${urlPath}`);
    sockets.push(ws);
    const sock = new Sock(ws);
    const timer = setTimeout(() => reject(new Error(`websocket ${urlPath} did not open within ${WAIT_MS} ms`)), WAIT_MS);
    ws.once('open', () => {
      clearTimeout(timer);
      resolve(sock);
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** A real-time round trip so socket messages sent by a clock advance reach the test. */
const settle = (ms = 40): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Apply a named scenario to its own mock session the way QA does, and switch that session to the virtual clock. */
async function scenario(name: string): Promise<string> {
  const session = `qa-${name}`;
  const applied = await json(s.port, 'POST', '/__mock/scenario', { name }, session);
  expect(applied.status).toBe(200);
  expect(applied.body).toMatchObject({ session, scenario: name });
  const clock = await json(s.port, 'POST', '/__mock/clock', { virtual: true }, session);
  expect(clock.body).toMatchObject({ virtual: true });
  return session;
}

async function advance(session: string, ms: number): Promise<void> {
  const r = await json(s.port, 'POST', '/__mock/clock', { advanceMs: ms }, session);
  expect(r.status).toBe(200);
  await settle();
}

interface QaPlayer {
  session: string;
  login: LoginInfo;
  playToken: string;
}

function game<T>(p: QaPlayer, endpoint: string, data: Record<string, string | number>) {
  return callIn<T>(s.port, p.session, endpoint, { game: true, token: p.login.gly_token, data });
}

async function qaPlayer(session: string, mobile = MEMBER_MOBILE): Promise<QaPlayer> {
  const login = await loginIn(s.port, session, mobile);
  const r = await callIn<GetTokenResponse>(s.port, session, PATH.getToken, {
    game: true,
    token: login.gly_token,
    data: { manufacturer: 'mock', client_sid: 'client-1' },
  });
  expect(r.envelope.code).toBe(1);
  return { session, login, playToken: r.envelope.data.token };
}

function playGame(p: QaPlayer, extra: Record<string, string | number> = {}) {
  return game<PlayGameResponse>(p, PATH.playGame, {
    game_key: GAME_KEY,
    token: p.playToken,
    model_name: 'Pixel 8',
    queue_grade: 7,
    able_queue: 1,
    enable_restart: 0,
    local_stream: 0,
    ...extra,
  });
}

function pollQueue(p: QaPlayer, queueId: string) {
  return game<GameQueueResponse>(p, PATH.gameQueue, { queue_id: queueId, queue_grade: 7, game_key: GAME_KEY, token: p.playToken });
}

async function startGame(p: QaPlayer): Promise<string> {
  const r = await playGame(p);
  expect(r.envelope.code).toBe(1);
  const d = r.envelope.data;
  if (d.code !== 200 || !('sc_id' in d)) throw new Error(`play_game did not start: ${JSON.stringify(r.envelope)}`);
  return d.sc_id;
}

function openStream(p: QaPlayer, scId: string): Promise<Sock> {
  return open(`/socket/stream?sc_id=${encodeURIComponent(scId)}&mock_session=${encodeURIComponent(p.session)}`);
}

async function openDuration(p: QaPlayer): Promise<Sock> {
  const r = await callIn<{ jtoken: string }>(s.port, p.session, PATH.generateToken, {
    method: 'GET',
    data: { agent_id: 'cg_official', uid: p.login.swcloud_uid, game_id: 1, token: p.login.gly_token },
  });
  expect(r.envelope.code).toBe(1);
  return open(`/socket/duration?jtoken=${encodeURIComponent(r.envelope.data.jtoken)}&version_code=103&mock_session=${encodeURIComponent(p.session)}`);
}

/** A stream that reached 100 (progress every 500 ms of session time). */
async function streamAt100(p: QaPlayer, scId: string): Promise<Sock> {
  const stream = await openStream(p, scId);
  await advance(p.session, 2_000);
  await stream.waitFor((m) => m['type'] === 'progress' && m['value'] === 100);
  expect(stream.progress()).toEqual([30, 50, 80, 100]);
  return stream;
}

interface ScEntry {
  sc_id: string;
  game_key: string;
  type: string;
}

async function scList(p: QaPlayer): Promise<ScEntry[]> {
  const r = await game<{ list: ScEntry[] }>(p, PATH.userScList, { manufacturer: 'mock', client_sid: 'client-1', sn: 'sn-1' });
  expect(r.envelope.code).toBe(1);
  return r.envelope.data.list;
}

async function stopGame(p: QaPlayer, scId: string) {
  return game<{ code: number; sc_id: string; play_seconds: number }>(p, PATH.stopGame, { sc_id: scId, game_key: GAME_KEY });
}

/** A game that runs, with its duration socket open and the scripted message arriving 10 s after it opened. */
async function durationMessageAt10s(name: string): Promise<Msg> {
  const p = await qaPlayer(await scenario(name));
  await startGame(p);
  const duration = await openDuration(p);
  await advance(p.session, 9_999);
  expect(duration.notable()).toEqual([]);
  await advance(p.session, 1);
  const msg = await duration.waitFor(() => true);
  expect(duration.closeInfo).toBeUndefined();
  return msg;
}

/** The stream event of a stream-event scenario: 5 s after 100 (none before). */
async function streamEventAt5s(name: string, code: number): Promise<{ p: QaPlayer; scId: string; stream: Sock }> {
  const p = await qaPlayer(await scenario(name));
  const scId = await startGame(p);
  const stream = await streamAt100(p, scId);
  await advance(p.session, 4_999);
  expect(stream.events()).toEqual([]);
  await advance(p.session, 1);
  expect(await stream.waitFor((m) => m['type'] === 'event')).toMatchObject({ type: 'event', code });
  return { p, scId, stream };
}

describe('named scenarios, driven over HTTP, the sockets and the virtual clock (issue "Mock cloud")', () => {
  it('covers every scenario file in fixtures/scenarios/', () => {
    const names = readdirSync(path.join(DEFAULT_FIXTURES_DIR, 'scenarios'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
    expect(names).toEqual([...COVERED].sort());
  });

  it('play-now: play_game 200 at once, stream 30/50/80/100 then frames, runs until stop_game (SPEC §4 "Start")', async () => {
    const p = await qaPlayer(await scenario('play-now'));
    const r = await playGame(p);
    expect(r.envelope.data).toMatchObject({ code: 200, game_key: GAME_KEY });
    const scId = (r.envelope.data as { sc_id: string }).sc_id;
    const stream = await streamAt100(p, scId);
    await advance(p.session, 10 * 60_000);
    await stream.waitFor((m) => m['type'] === 'frame' && Number(m['frame']) >= 600);
    expect(stream.closeInfo).toBeUndefined();
    expect(await scList(p)).toContainEqual(expect.objectContaining({ sc_id: scId, type: 'able_recon' }));
    const stop = await stopGame(p, scId);
    expect(stop.envelope).toMatchObject({ code: 1, data: { code: 200, sc_id: scId, play_seconds: 602 } });
    expect((await stream.closed()).code).toBe(1000);
  });

  it('queue: 201 at 5, polls every 10 s count 5, 4, 3, 2, 1, then 200 with the seat (SPEC §4 "Queue", §9 poll 10 s)', async () => {
    const p = await qaPlayer(await scenario('queue'));
    const first = await playGame(p);
    expect(first.envelope.data).toMatchObject({ code: 201, queue_pos2: 5 });
    const queueId = (first.envelope.data as { queue_id: string }).queue_id;
    const positions: number[] = [];
    let last: GameQueueResponse | undefined;
    for (let i = 0; i < 8; i++) {
      await advance(p.session, 10_000);
      last = (await pollQueue(p, queueId)).envelope.data;
      if (last.code !== 201) break;
      positions.push((last as { queue_pos2: number }).queue_pos2);
    }
    expect(positions).toEqual([5, 4, 3, 2, 1]);
    expect(last).toMatchObject({ code: 200, queue_id: queueId, seat_expire_seconds: 40 });
    // Taking the seat: its stream plays.
    const stream = await streamAt100(p, (last as { sc_id: string }).sc_id);
    expect(stream.closeInfo).toBeUndefined();
  });

  it('queue-seat-expires: seat ready, then 40 s of virtual time without taking it: 4006 "Seat expired" (SPEC §4, §9 seat 40 s)', async () => {
    const session = await scenario('queue-seat-expires');
    const p = await qaPlayer(session);
    const first = await playGame(p);
    expect(first.envelope.data).toMatchObject({ code: 201, queue_pos2: 1 });
    const queueId = (first.envelope.data as { queue_id: string }).queue_id;
    expect((await pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 201, queue_pos2: 1 });
    expect((await pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 200, queue_id: queueId, seat_expire_seconds: 40 });
    await advance(session, SEAT_EXPIRY_MS - 1);
    expect((await pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 200, seat_expire_seconds: 1 });
    await advance(session, 1);
    expect((await pollQueue(p, queueId)).envelope.data).toEqual({ code: GAME_CODE.seatExpired, sub_msg: 'Seat expired' });
    expect((await playGame(p, { queue_id: queueId })).envelope.data).toMatchObject({ code: GAME_CODE.seatExpired });
  });

  it('queue-error: 201 at 3, the second poll answers 4007 with the scripted message and the queue is gone (SPEC §4 "Queue")', async () => {
    const p = await qaPlayer(await scenario('queue-error'));
    const first = await playGame(p);
    expect(first.envelope.data).toMatchObject({ code: 201, queue_pos2: 3 });
    const queueId = (first.envelope.data as { queue_id: string }).queue_id;
    await advance(p.session, 10_000);
    expect((await pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 201, queue_pos2: 3 });
    await advance(p.session, 10_000);
    expect((await pollQueue(p, queueId)).envelope.data).toEqual({
      code: GAME_CODE.queueError,
      sub_msg: '排队失败，请稍后重试 / Queue error, please try again later',
    });
    expect((await pollQueue(p, queueId)).envelope.data).toMatchObject({ code: GAME_CODE.queueNotFound });
  });

  it.each([
    ['stream-quit-43000', 43000],
    ['stream-quit-54001', 54001],
  ])('%s: event %i on the stream socket 5 s after 100, the socket closes 1000 and the session is ended (SPEC §4 "Stream events")', async (name, code) => {
    const { p, scId, stream } = await streamEventAt5s(name, code);
    expect((await stream.closed()).code).toBe(1000);
    expect(await scList(p)).not.toContainEqual(expect.objectContaining({ sc_id: scId }));
    expect((await stopGame(p, scId)).envelope.code).toBe(GAME_CODE.sessionNotFound);
    const again = await openStream(p, scId);
    expect((await again.closed()).code).toBe(4004);
  });

  it.each([
    ['stream-reconnect-43001', 43001],
    ['stream-reconnect-43100', 43100],
  ])('%s: event %i 5 s after 100; the session keeps running and a reconnected stream reaches 100 with no second event (SPEC §4 "Stream events")', async (name, code) => {
    const { p, scId, stream } = await streamEventAt5s(name, code);
    expect(stream.closeInfo).toBeUndefined();
    expect(await scList(p)).toContainEqual(expect.objectContaining({ sc_id: scId, type: 'able_recon' }));
    // The app reconnects: a new stream to the same session (the old one closes).
    stream.ws.close();
    await stream.closed();
    const again = await streamAt100(p, scId);
    await advance(p.session, 10_000);
    expect(again.events()).toEqual([]);
    expect(again.closeInfo).toBeUndefined();
  });

  it('idle-45001: event 45001 5 s after 100; the server keeps the game running (the 60 s idle timer is the app\'s) (SPEC §4, §9)', async () => {
    const { p, scId, stream } = await streamEventAt5s('idle-45001', 45001);
    await advance(p.session, 60_000);
    expect(stream.closeInfo).toBeUndefined();
    expect(await scList(p)).toContainEqual(expect.objectContaining({ sc_id: scId, type: 'able_recon' }));
  });

  it('stream-poor-network: the session\'s streams get 150 ms each way, a 600 kbit/s cap and 20 % of frames lost; POST /__mock/network changes them, DELETE restores them', async () => {
    const session = await scenario('stream-poor-network');
    const poor = { latencyMs: 150, bitrateKbps: 600, dropPercent: 20, stall: false };
    expect((await json(s.port, 'GET', '/__mock/network', undefined, session)).body).toMatchObject({ session, network: poor, streams: [] });
    const stalled = await json(s.port, 'POST', '/__mock/network', { stall: true, latencyMs: 0 }, session);
    expect(stalled.body).toMatchObject({ network: { ...poor, stall: true, latencyMs: 0 } });
    expect((await json(s.port, 'DELETE', '/__mock/network', undefined, session)).body).toMatchObject({ network: poor });
    const bad = await json(s.port, 'POST', '/__mock/network', { dropPercent: 101 }, session);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: expect.stringMatching(/dropPercent/) as string });
  });

  it('load-stalls-80: progress 30, 50, 80 and never 100 or a frame, even after 60 s (SPEC §4 "Loading", §9 60 s wait)', async () => {
    const p = await qaPlayer(await scenario('load-stalls-80'));
    const scId = await startGame(p);
    const stream = await openStream(p, scId);
    await advance(p.session, 2_000);
    await stream.waitFor((m) => m['value'] === 80);
    await advance(p.session, 60_000);
    expect(stream.progress()).toEqual([30, 50, 80]);
    expect(stream.messages.filter((m) => m['type'] === 'frame')).toEqual([]);
    expect(stream.closeInfo).toBeUndefined();
  });

  it('duration-timeout-202: 202 on the duration socket 10 s after it opens (SPEC §4 "Duration socket messages")', async () => {
    expect(await durationMessageAt10s('duration-timeout-202')).toEqual({ code: 202, msg: '您已长时间未操作 / You have been idle for a long time' });
  });

  it('relogin-408: 408 with event 1 on the duration socket 10 s after it opens (SPEC §4, §8 forced relogin)', async () => {
    expect(await durationMessageAt10s('relogin-408')).toEqual({ code: 408, event: 1, msg: '账号在其他设备登录 / Your account logged in on another device' });
  });

  it('quit-408: 408 with event 0 on the duration socket 10 s after it opens (SPEC §4)', async () => {
    expect(await durationMessageAt10s('quit-408')).toEqual({ code: 408, event: 0, msg: '游戏已结束 / The game has ended' });
  });

  it.each([
    ['duration-error-500', 500, '服务异常 / Service error'],
    ['duration-error-5001', 5001, '游戏服务已断开 / The game service disconnected'],
  ])('%s: %i on the duration socket 10 s after it opens (SPEC §4, §8)', async (name, code, msg) => {
    expect(await durationMessageAt10s(name)).toEqual({ code, msg });
  });

  it('out-of-play-time: balance 0, play_game answers 4003 "Out of play time", and the duration socket sends no balance (SPEC §4 "Start", §8)', async () => {
    const p = await qaPlayer(await scenario('out-of-play-time'));
    const balance = await callIn<UserInfo>(s.port, p.session, PATH.getUserBalance, { data: { uid: p.login.swcloud_uid }, token: p.login.gly_token });
    expect(balance.envelope.data).toMatchObject({ duration_coin: 0, duration: 0, coin_balance_duration: 0 });
    expect((await playGame(p)).envelope).toMatchObject({ code: 1, data: { code: GAME_CODE.outOfPlayTime, sub_msg: 'Out of play time' } });
    const duration = await openDuration(p);
    await advance(p.session, 65_000);
    expect(duration.notable()).toEqual([]);
    expect(await scList(p)).toEqual([]);
  });

  it('token-expired-30001: a token works for 30 s, then every token-checked call (user, game) answers 30001; a new login works again (SPEC §8 30001)', async () => {
    const session = await scenario('token-expired-30001');
    const balanceOf = async (login: LoginInfo): Promise<number> =>
      (await callIn(s.port, session, PATH.getUserBalance, { data: { uid: login.swcloud_uid }, token: login.gly_token })).envelope.code;
    const login = await loginIn(s.port, session, MEMBER_MOBILE);
    expect(await balanceOf(login)).toBe(1);
    await json(s.port, 'POST', '/__mock/clock', { virtual: true }, session);
    await advance(session, 29_000);
    expect(await balanceOf(login)).toBe(1);
    await advance(session, 1_000);
    expect(await balanceOf(login)).toBe(BODY_CODE.tokenExpired);
    const token = await callIn(s.port, session, PATH.getToken, { game: true, token: login.gly_token, data: { manufacturer: 'mock', client_sid: 'c' } });
    expect(token.envelope.code).toBe(BODY_CODE.tokenExpired);
    const relogin = await loginIn(s.port, session, MEMBER_MOBILE);
    expect(await balanceOf(relogin)).toBe(1);
  });

  it('tokenExpired applied with keepState: the tokens held now answer 30001 at once, a new login works (SPEC §8 30001)', async () => {
    const session = await scenario('play-now');
    const login = await loginIn(s.port, session, MEMBER_MOBILE);
    const r = await json(s.port, 'POST', '/__mock/scenario', { scenario: { game: { tokenExpired: true } }, keepState: true }, session);
    expect(r.status).toBe(200);
    const balance = await callIn(s.port, session, PATH.getUserBalance, { data: { uid: login.swcloud_uid }, token: login.gly_token });
    expect(balance.envelope.code).toBe(BODY_CODE.tokenExpired);
    const relogin = await loginIn(s.port, session, MEMBER_MOBILE);
    const again = await callIn(s.port, session, PATH.getUserBalance, { data: { uid: relogin.swcloud_uid }, token: relogin.gly_token });
    expect(again.envelope.code).toBe(1);
  });

  it('server-error-500: the next 3 API calls, whatever the path, answer HTTP 500; later calls answer normally (SPEC §8 500)', async () => {
    const session = await scenario('server-error-500');
    const statuses: number[] = [];
    for (const endpoint of ['system/system_info', 'user/web_login', PATH.getUserBalance]) {
      const r = await rawRequest(s.port, { method: 'POST', path: `/api/${endpoint}`, headers: { [HEADER.mockSession]: session }, timeoutMs: REQUEST_LIMIT_MS });
      statuses.push(r.status);
      expect(JSON.parse(r.text)).toEqual({ code: 50000, msg: 'Internal Server Error', data: null });
    }
    expect(statuses).toEqual([500, 500, 500]);
    const login = await loginIn(s.port, session, MEMBER_MOBILE);
    expect(login.gly_token).not.toBe('');
  });

  it('reconnect-able-session: user_sc_list lists sc-recon-1 as able_recon and recon_play_game resumes it to 100 (SPEC §4 "Reconnect")', async () => {
    const p = await qaPlayer(await scenario('reconnect-able-session'));
    expect(await scList(p)).toContainEqual({ sc_id: 'sc-recon-1', game_key: 'g_starfall_odyssey', game_id: expect.any(Number), type: 'able_recon' });
    const recon = await game<PlayGameResponse>(p, PATH.reconPlayGame, { sc_id: 'sc-recon-1', game_key: 'g_starfall_odyssey' });
    expect(recon.envelope).toMatchObject({ code: 1, data: { code: 200, sc_id: 'sc-recon-1', game_key: 'g_starfall_odyssey' } });
    const stream = await streamAt100(p, 'sc-recon-1');
    expect(stream.closeInfo).toBeUndefined();
  });

  it('duration-socket-drops: 30 s after the duration socket opens it is dropped without a close frame (1006); a reconnected socket stays (SPEC §8 reconnect)', async () => {
    const p = await qaPlayer(await scenario('duration-socket-drops'));
    await startGame(p);
    const duration = await openDuration(p);
    await advance(p.session, 29_999);
    expect(duration.closeInfo).toBeUndefined();
    await advance(p.session, 1);
    expect((await duration.closed()).code).toBe(1006);
    const again = await openDuration(p);
    await advance(p.session, 5_000);
    again.ws.send(JSON.stringify({ type: 'heartbeat' }));
    await again.waitFor((m) => m['type'] === 'heartbeat');
    await advance(p.session, 30_000);
    expect(again.closeInfo).toBeUndefined();
  });
});

describe('POST /__mock/push goes through the game logic (SPEC §4 "Stream events", "Duration socket messages")', () => {
  it('a pushed stream event 43000 ends the game session like a scripted one; 45001 leaves it running', async () => {
    const p = await qaPlayer(await scenario('play-now'));
    const scId = await startGame(p);
    const stream = await streamAt100(p, scId);
    const idle = await json(s.port, 'POST', '/__mock/push', { socket: 'stream', message: { type: 'event', code: 45001 } }, p.session);
    expect(idle.body).toEqual({ session: p.session, socket: 'stream', delivered: 1 });
    expect(await stream.waitFor((m) => m['type'] === 'event')).toMatchObject({ code: 45001 });
    expect(await scList(p)).toContainEqual(expect.objectContaining({ sc_id: scId, type: 'able_recon' }));
    const quit = await json(s.port, 'POST', '/__mock/push', { socket: 'stream', message: { type: 'event', code: 43000, msg: 'QA quit', sc_id: scId } }, p.session);
    expect(quit.body).toMatchObject({ delivered: 1 });
    expect(await stream.waitFor((m) => m['code'] === 43000)).toEqual({ type: 'event', code: 43000, msg: 'QA quit' });
    expect((await stream.closed()).code).toBe(1000);
    expect(await scList(p)).not.toContainEqual(expect.objectContaining({ sc_id: scId }));
    expect((await stopGame(p, scId)).envelope.code).toBe(GAME_CODE.sessionNotFound);
  });

  it('a pushed duration 200 carries the user\'s balance; other messages are relayed as given', async () => {
    const p = await qaPlayer(await scenario('play-now'));
    await startGame(p);
    const duration = await openDuration(p);
    const r = await json(s.port, 'POST', '/__mock/push', { socket: 'duration', message: { code: 200 } }, p.session);
    expect(r.body).toMatchObject({ delivered: 1 });
    expect(await duration.waitFor(() => true)).toMatchObject({ code: 200, msg: 'success', data: { member_status: 1, duration_coin: 43_200 } });
    await json(s.port, 'POST', '/__mock/push', { socket: 'duration', message: { custom: 'anything' } }, p.session);
    expect(await duration.waitFor(() => true, 1)).toEqual({ custom: 'anything' });
  });
});

const COVERED = [
  'play-now',
  'queue',
  'queue-seat-expires',
  'queue-error',
  'stream-quit-43000',
  'stream-quit-54001',
  'stream-reconnect-43001',
  'stream-reconnect-43100',
  'idle-45001',
  'load-stalls-80',
  'duration-timeout-202',
  'relogin-408',
  'quit-408',
  'duration-error-500',
  'duration-error-5001',
  'out-of-play-time',
  'token-expired-30001',
  'server-error-500',
  'reconnect-able-session',
  'duration-socket-drops',
  'stream-poor-network',
];
