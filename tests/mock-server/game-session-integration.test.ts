/**
 * The game session (web/game) against the real in-process mock cloud: the
 * app's own HTTP client and endpoints, the mock SDK on the real stream
 * socket and core's socket for the duration socket (both over `ws`), one
 * manual clock shared by the server and the session, so minutes of queue,
 * hang-up and no-operation time pass in milliseconds (SPEC §4, §8, §9).
 * The first block scripts the cloud inline; the second applies each shipped
 * scenario of fixtures/scenarios by name over the control API, as QA does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HANGUP_MINUTE_MS, NO_OPERATION_MS, QUEUE_POLL_MS, SEAT_EXPIRY_MS, STREAM_PROGRESS_STEP_MS, type LoginInfo, type UserInfo } from '../../web/api/contract.ts';
import { createApi } from '../../web/api/endpoints.ts';
import { createHttpClient } from '../../web/core/http/request.ts';
import { createSocketOpener } from '../../web/game/duration.ts';
import { createMockSdk, type MockSdk } from '../../web/game/mock-sdk.ts';
import { createGameSession, type GameSession } from '../../web/game/session.ts';
import { createMemoryStoragePort } from '../../web/game/settings.ts';
import type { GameTarget } from '../../web/game/state.ts';
import type { GameScript } from '../../mock-server/game/script.ts';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import { json } from './control-helpers.ts';
import { login, startApp, type Started } from './helpers.ts';
import { GAME_KEY, MEMBER, NO_TIME, settle, useScript } from './game-helpers.ts';

const WS = WebSocket as unknown as typeof globalThis.WebSocket;
const GAME: GameTarget = { game_key: GAME_KEY, game_id: 1, manufacturer: 'mock' };

let s: Started;
beforeEach(async () => {
  s = await startApp();
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.dispose();
  await s.close();
});

interface Client {
  sdk: MockSdk;
  session: GameSession;
  events: string[];
  toasts: string[];
  balances: UserInfo[];
  tokenExpired: number;
  logs: string[];
  dispose(): void;
}
const clients: Client[] = [];

async function balance(info: LoginInfo): Promise<UserInfo> {
  const http = httpFor(info, { toasts: [], expired: () => undefined });
  return createApi(http).getUserBalance({ uid: info.swcloud_uid });
}

function httpFor(info: LoginInfo, sink: { toasts: string[]; expired: () => void }) {
  return createHttpClient({
    config: { apiBase: `${s.base}/api/`, gameApiBase: `${s.base}/api/game/`, socketBase: '/socket/' },
    clock: s.clock,
    getToken: () => info.gly_token,
    getDeviceId: () => 'test-device-0001',
    getAgentCode: () => null,
    wwwid: 'integration',
    onHttpStatus: () => undefined,
    onTokenExpired: sink.expired,
    toast: (m) => sink.toasts.push(m),
  });
}

/** A fresh app start for this login: its own session, SDK and storage. */
async function client(info: LoginInfo, user: UserInfo | null = null): Promise<Client> {
  const c: Client = { sdk: null as unknown as MockSdk, session: null as unknown as GameSession, events: [], toasts: [], balances: [], tokenExpired: 0, logs: [], dispose: () => undefined };
  const http = httpFor(info, { toasts: c.toasts, expired: () => (c.tokenExpired += 1) });
  const location = { href: `${s.base}/submodules/game/game/index` };
  const sdk = createMockSdk({ clock: s.clock, socketBase: '/socket/', WebSocketImpl: WS, location });
  c.sdk = sdk;
  let current = user ?? (await balance(info));
  const system = await createApi(http).systemInfo({});
  c.session = createGameSession({
    clock: s.clock,
    api: createApi(http),
    sdk,
    openSocket: createSocketOpener({ clock: s.clock, WebSocketImpl: WS, location }),
    storage: createMemoryStoragePort(),
    account: { username: () => info.username, uid: () => info.swcloud_uid, loginToken: () => info.gly_token, clientSid: () => 'client-1' },
    getUser: () => current,
    getSystem: () => system,
    onUserInfo: (u) => {
      current = u;
      c.balances.push(u);
    },
    socketBase: '/socket/',
    modelName: 'Pixel 8',
    log: (m) => c.logs.push(m),
  });
  for (const name of ['playing', 'seat-ready', 'hangup-over', 'token-expired', 'relogin', 'ended'] as const) {
    c.session.on(name, () => c.events.push(name));
  }
  c.dispose = () => {
    c.session.dispose();
    sdk.destroy();
  };
  clients.push(c);
  return c;
}

/** Real time for sockets and HTTP to answer, until `pred` holds. */
async function until(pred: () => boolean, what: string, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (pred()) return;
    await settle(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Move the shared clock in steps, letting the network answer after each. */
async function pass(ms: number, step = 1000): Promise<void> {
  for (let left = ms; left > 0; left -= step) {
    s.clock.advance(Math.min(step, left));
    await settle(15);
  }
}

/** Start and let the stream's progress (500 ms steps, from the socket's connection) reach 100. */
async function playNow(c: Client): Promise<void> {
  c.session.start(GAME);
  await until(() => c.session.phase.value === 'loading', 'loading');
  await streamUp(c);
}

/** The stream socket needs real time to connect before the server's progress timers start on the shared clock. */
async function streamUp(c: Client): Promise<void> {
  await settle(50);
  for (let i = 0; i < 20 && !c.session.flags.value.hasStream; i++) await pass(STREAM_PROGRESS_STEP_MS, STREAM_PROGRESS_STEP_MS);
  await until(() => c.session.flags.value.hasStream, 'the stream at 100');
}

/**
 * Queued: lets one 10 s poll after another pass (at most `polls`) while the session stays queued;
 * the positions seen after each poll. `move` is `pass`, or `passVirtual` for a virtual-clock session.
 */
async function pollQueue(c: Client, polls: number, move: (ms: number, step?: number) => Promise<void> = pass): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < polls && c.session.phase.value === 'queued'; i++) {
    await move(QUEUE_POLL_MS, QUEUE_POLL_MS);
    await settle(30);
    if (c.session.phase.value === 'queued') seen.push(c.session.queue.value?.position ?? -1);
  }
  return seen;
}

const script = (game: GameScript): void => useScript(s, game);

describe('game session × mock cloud (SPEC §4)', () => {
  it('SPEC §4 play now: token, SDK, play_game 200, progress 30/50/80/100 on the stream socket, duration socket, then quit', async () => {
    const c = await client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await until(() => c.session.phase.value === 'loading', 'loading');
    await settle(50);
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      await pass(STREAM_PROGRESS_STEP_MS, STREAM_PROGRESS_STEP_MS);
      await until(() => c.session.progress.value > (seen.at(-1) ?? 0), `progress step ${i + 1}`);
      seen.push(c.session.progress.value);
    }
    expect(seen).toEqual([30, 50, 80, 100]);
    expect(c.session.flags.value).toMatchObject({ playing: true, hasStream: true, sdkReady: true });
    expect(c.events).toContain('playing');
    // A member's default clarity (definition_default_conf: ultra) is what the cloud started with.
    expect(c.session.clarity.value).toBe(2);
    expect(c.session.levelConfig.value?.display_grade).toBe(9);
    await pass(2000);
    await until(() => c.sdk.lastReport !== null, 'a status frame');
    c.session.quit();
    await until(() => c.toasts.length > 0 || c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('user-quit');
    await settle(50);
    expect(c.toasts).toEqual([]);
  });

  it('SPEC §4 §9 queue: polled every 10 s, positions count down, the seat is taken and the game plays', async () => {
    script({ queue: { positions: [3, 2, 1] } });
    const c = await client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await until(() => c.session.phase.value === 'queued', 'queued');
    const positions = [c.session.queue.value?.position ?? -1, ...(await pollQueue(c, 6))];
    expect(c.session.phase.value).toBe('seat-ready');
    expect(positions[0]).toBeGreaterThan(0);
    expect(c.session.seatSecondsLeft.value).toBe(SEAT_EXPIRY_MS / 1000);
    c.session.acceptSeat();
    await until(() => c.session.phase.value === 'loading', 'loading after the seat');
    await streamUp(c);
    expect(c.session.phase.value).toBe('playing');
  });

  it('SPEC §4 §9 a seat not taken within 40 s leaves the queue', async () => {
    script({ queue: { positions: [1] } });
    const c = await client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await until(() => c.session.phase.value === 'queued', 'queued');
    await pollQueue(c, 4);
    expect(c.session.phase.value).toBe('seat-ready');
    await pass(SEAT_EXPIRY_MS, 5000);
    await until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('seat-expired');
  });

  it('SPEC §4 leave and return within the hang-up time: the cloud session lives on and streams again', async () => {
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    c.session.leave();
    expect(c.session.phase.value).toBe('hung-up');
    await settle(50);
    await pass(2 * HANGUP_MINUTE_MS, 10_000);
    expect(c.session.hangupSecondsLeft.value).toBe(60);
    c.session.returnToGame();
    await streamUp(c);
    await pass(5 * HANGUP_MINUTE_MS, 30_000);
    expect(c.session.phase.value).toBe('playing');
  });

  it('SPEC §4 the hang-up running out stops the session and fires hangup-over', async () => {
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    c.session.leave();
    await pass(3 * HANGUP_MINUTE_MS, 15_000);
    await until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('hangup-over');
    expect(c.events).toContain('hangup-over');
  });

  it('SPEC §4 after an app restart, user_sc_list finds the able_recon session; it resumes its countdown and reconnects', async () => {
    const info = await login(s.port, MEMBER);
    const first = await client(info);
    await playNow(first);
    const scId = first.session.state.value.scId;
    first.session.leave();
    await settle(50);
    await pass(HANGUP_MINUTE_MS, 10_000);
    first.dispose();

    const second = await client(info);
    await second.session.checkSessions();
    expect(second.session.phase.value).toBe('hung-up');
    expect(second.session.flags.value.reconnectReady).toBe(true);
    expect(second.session.state.value.scId).toBe(scId);
    expect(second.session.hangupSecondsLeft.value).toBe(120);
    second.session.reconnect();
    await until(() => second.session.phase.value === 'reconnecting' && second.session.state.value.stream !== null, 'reconnect answered');
    await streamUp(second);
    expect(second.session.phase.value).toBe('playing');
    await pass(3 * HANGUP_MINUTE_MS, 30_000);
    expect(second.session.phase.value).toBe('playing');
  });

  it('SPEC §4 stream event 43000 (scripted) quits', async () => {
    script({ stream: [{ atMs: 3000, code: 43000 }] });
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await pass(3000);
    await until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('stream-quit');
  });

  it('SPEC §4 §9 stream event 45001 starts the 60 s no-operation countdown; input cancels it and play goes on', async () => {
    script({ stream: [{ atMs: 1000, code: 45001 }] });
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await pass(1000);
    await until(() => c.session.idleSecondsLeft.value !== null, 'the no-operation countdown');
    await pass(30_000, 5000);
    c.session.sendKey('Space', true);
    expect(c.session.idleSecondsLeft.value).toBeNull();
    await pass(NO_OPERATION_MS, 10_000);
    expect(c.session.phase.value).toBe('playing');
  });

  it('SPEC §4 duration socket 202 shows the timeout dialog and 408 (event 0) quits', async () => {
    // The timeline starts with the duration socket (at play 200), before the stream's progress.
    script({ duration: { messages: [{ atMs: 10_000, code: 202 }, { atMs: 20_000, code: 408, event: 0 }] } });
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await pass(10_000);
    await until(() => c.session.timeoutDialog.value, 'the timeout dialog');
    expect(c.session.phase.value).toBe('playing');
    await pass(10_000);
    await until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('kicked');
  });

  it('SPEC §4 out of play time: play_game refuses with its sub message', async () => {
    const c = await client(await login(s.port, NO_TIME));
    c.session.start(GAME);
    await until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('play-failed');
    expect(c.session.end.value?.message).toBe('Out of play time');
  });

  it('SPEC §4 the per-minute charge reaches 0 on the duration socket and the session quits', async () => {
    script({ user: { duration_coin: 120 }, duration: { chargePerMinute: 60 } });
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await pass(2 * 60_000, 5000);
    await until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('out-of-time');
    expect(c.balances.at(-1)?.duration_coin).toBe(0);
  });

  it('SPEC §8 token expiry: the app is told (30001) and tokenExpired() ends the session without more calls', async () => {
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    // The login expires mid-game (the script changes, the session's state stays).
    s.app.sessions.get(DEFAULT_SESSION).apply({ name: 'inline', description: 'token expired', game: { tokenExpired: true }, faults: [], virtualClock: false }, { keepState: true });
    await c.session.setHangupDuration(5);
    await until(() => c.tokenExpired > 0, 'the 30001 callback');
    c.session.tokenExpired();
    expect(c.session.end.value?.reason).toBe('token-expired');
    expect(c.events).toContain('token-expired');
  });
});

/** Applies a shipped scenario as QA does (POST /__mock/scenario {name}); it resets the session, so log in afterwards. */
async function named(name: string): Promise<void> {
  const r = await json<{ scenario: string }>(s.port, 'POST', '/__mock/scenario', { name });
  expect(r.status, r.text).toBe(200);
  expect(r.body.scenario).toBe(name);
}

/** `pass` for a session on virtual time: the app's clock and the session's virtual clock move together. */
async function passVirtual(ms: number, step = 1000): Promise<void> {
  for (let left = ms; left > 0; left -= step) {
    const d = Math.min(step, left);
    s.clock.advance(d);
    expect((await json(s.port, 'POST', '/__mock/clock', { advanceMs: d })).status).toBe(200);
    await settle(15);
  }
}

async function ended(c: Client): Promise<{ reason: string; message: string } | null> {
  await until(() => c.session.phase.value === 'ended', 'ended');
  return c.session.end.value;
}

describe('game session × the shipped scenarios, applied by name (SPEC §4, §8)', () => {
  it('play-now: 200, progress to 100, playing', async () => {
    await named('play-now');
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    expect(c.session.phase.value).toBe('playing');
    expect(c.events).toContain('playing');
  });

  it('queue: positions 5…1 count down at every 10 s poll, then the seat is ready and taken', async () => {
    await named('queue');
    const c = await client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await until(() => c.session.phase.value === 'queued', 'queued');
    const positions = [c.session.queue.value?.position ?? -1, ...(await pollQueue(c, 8))];
    expect(c.session.phase.value).toBe('seat-ready');
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect(positions[0]).toBe(5);
    c.session.acceptSeat();
    await until(() => c.session.phase.value === 'loading', 'loading after the seat');
    await streamUp(c);
    expect(c.session.phase.value).toBe('playing');
  });

  it('queue-error: the second poll fails, the queue is cancelled with the server message', async () => {
    await named('queue-error');
    const c = await client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await until(() => c.session.phase.value === 'queued', 'queued');
    await pollQueue(c, 4);
    const end = await ended(c);
    expect(end?.reason).toBe('queue-error');
    expect(end?.message).toMatch(/Queue error/);
  });

  it('queue-seat-expires (virtual clock): the seat not taken within 40 s goes, on both clocks', async () => {
    await named('queue-seat-expires');
    const c = await client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await until(() => c.session.phase.value === 'queued', 'queued');
    await pollQueue(c, 4, passVirtual);
    expect(c.session.phase.value).toBe('seat-ready');
    await passVirtual(SEAT_EXPIRY_MS, 5000);
    expect((await ended(c))?.reason).toBe('seat-expired');
  });

  it.each([
    ['stream-quit-43000', 'stream-quit'],
    ['stream-quit-54001', 'session-ended'],
  ])('%s: the stream event 5 s in ends the game (%s)', async (name, reason) => {
    await named(name);
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await pass(5000);
    expect((await ended(c))?.reason).toBe(reason);
  });

  it.each(['stream-reconnect-43001', 'stream-reconnect-43100'])('%s: the stream event 5 s in reconnects, and play goes on', async (name) => {
    await named(name);
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    const phases = new Set<string>();
    const stop = c.session.phase.subscribe((p) => phases.add(p));
    await pass(5000, 500);
    await until(() => phases.has('reconnecting'), 'reconnecting');
    await streamUp(c);
    stop();
    expect(c.session.phase.value).toBe('playing');
  });

  it('idle-45001: 5 s in, the no-operation countdown starts; 60 s without input quits', async () => {
    await named('idle-45001');
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await pass(5000);
    await until(() => c.session.idleSecondsLeft.value !== null, 'the no-operation countdown');
    await pass(NO_OPERATION_MS, 10_000);
    expect((await ended(c))?.reason).toBe('idle');
  });

  it('duration-timeout-202: 10 s after the duration socket opens, the timeout dialog; play goes on', async () => {
    await named('duration-timeout-202');
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await pass(10_000);
    await until(() => c.session.timeoutDialog.value, 'the timeout dialog');
    expect(c.session.phase.value).toBe('playing');
  });

  it.each([
    ['quit-408', 'kicked'],
    ['relogin-408', 'relogin'],
    ['duration-error-500', 'server-quit'],
    ['duration-error-5001', 'server-quit'],
  ])('%s: the duration message 10 s in ends the game (%s)', async (name, reason) => {
    await named(name);
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await pass(10_000);
    expect((await ended(c))?.reason).toBe(reason);
    if (reason === 'relogin') expect(c.events).toContain('relogin');
  });

  it('out-of-play-time: every user has 0 play time, play_game refuses with its sub message', async () => {
    await named('out-of-play-time');
    const c = await client(await login(s.port, MEMBER));
    c.session.start(GAME);
    const end = await ended(c);
    expect(end).toEqual({ reason: 'play-failed', message: 'Out of play time' });
  });

  it('reconnect-able-session: after login user_sc_list finds sc-recon-1, its countdown resumes, and it reconnects', async () => {
    await named('reconnect-able-session');
    const c = await client(await login(s.port, MEMBER));
    await c.session.checkSessions();
    expect(c.session.phase.value).toBe('hung-up');
    expect(c.session.flags.value.reconnectReady).toBe(true);
    expect(c.session.state.value.scId).toBe('sc-recon-1');
    expect(c.session.hangupSecondsLeft.value).toBeGreaterThan(0);
    c.session.reconnect();
    await until(() => c.session.phase.value === 'reconnecting' && c.session.state.value.stream !== null, 'reconnect answered');
    await streamUp(c);
    expect(c.session.phase.value).toBe('playing');
  });

  it('token-expired-30001: 30 s after login the next game call answers 30001 and the app is told', async () => {
    await named('token-expired-30001');
    const c = await client(await login(s.port, MEMBER));
    await playNow(c);
    await c.session.setHangupDuration(5);
    expect(c.tokenExpired).toBe(0);
    await pass(30_000, 5000);
    await c.session.setHangupDuration(10);
    await until(() => c.tokenExpired > 0, 'the 30001 callback');
    c.session.tokenExpired();
    expect(c.session.end.value?.reason).toBe('token-expired');
  });
});
