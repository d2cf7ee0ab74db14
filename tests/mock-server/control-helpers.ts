/**
 * Helpers for the QA surface of the mock cloud: the control API under
 * `/__mock/`, json-server's `/__db/`, API calls in a named mock session, and
 * a named scenario driven the way QA drives it (qaRig).
 */
import { expect } from 'vitest';
import WebSocket from 'ws';
import {
  HEADER,
  PATH,
  type GameQueueResponse,
  type GetTokenResponse,
  type LoginInfo,
  type PlayGameResponse,
  type UserInfo,
} from '../../web/api/contract.ts';
import { MOCK_SMS_CODE } from '../../mock-server/limits.ts';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';
import { within } from '../wait.ts';
import { call, openSocket, rawRequest, REQUEST_LIMIT_MS, roundTrip, type CallOptions, type CallResult, type Started, type TestSocket } from './helpers.ts';

export interface JsonResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
}

/** A JSON request to the control API or /__db/ (session by header when given); a write carries the control headers QA sends. */
export async function json<T = Record<string, unknown>>(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  session?: string,
): Promise<JsonResult<T>> {
  const headers: Record<string, string> = method === 'GET' || method === 'HEAD' ? {} : { ...CONTROL_WRITE_HEADERS };
  if (session !== undefined) headers[HEADER.mockSession] = session;
  const res = await rawRequest(port, { method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: JSON.parse(res.text) as T, text: res.text };
}

/** An API call in a mock session (signed as the app signs it). */
export function callIn<T = unknown>(port: number, session: string, endpoint: string, o: CallOptions = {}): Promise<CallResult<T>> {
  return call<T>(port, endpoint, { ...o, headers: { [HEADER.mockSession]: session, ...o.headers } });
}

export async function loginIn(port: number, session: string, mobile: string): Promise<LoginInfo> {
  const r = await callIn<LoginInfo>(port, session, 'user/web_login', {
    data: { mobile, area_code: '86', code: MOCK_SMS_CODE, device_id: 'test-device-0001' },
  });
  if (r.envelope.code !== 1) throw new Error(`login ${mobile} in ${session} failed: ${r.envelope.code} ${r.envelope.msg}`);
  return r.envelope.data;
}

export async function balanceIn(port: number, session: string, login: LoginInfo): Promise<CallResult<UserInfo>> {
  return callIn<UserInfo>(port, session, 'user/get_user_balance', { data: { uid: login.swcloud_uid }, token: login.gly_token });
}

export const MEMBER_MOBILE = '13800000001';
export const MEMBER_UID = 10000002;
export const TRIAL_MOBILE = '13800000000';

/** A jtoken for the duration socket (GET socket/generate_token) of a user logged in to `session`. */
export async function jtokenIn(port: number, session: string, login: LoginInfo, gameId = 1): Promise<string> {
  const r = await callIn<{ jtoken: string }>(port, session, 'socket/generate_token', {
    method: 'GET',
    data: { uid: login.swcloud_uid, game_id: gameId, token: login.gly_token },
  });
  if (r.envelope.code !== 1) throw new Error(`generate_token in ${session} failed: ${r.envelope.code} ${r.envelope.msg}`);
  return r.envelope.data.jtoken;
}

/** An authorised duration socket of `session` (logs the member persona in when no login is given). */
export async function openDurationIn(port: number, session: string, login?: LoginInfo): Promise<TestSocket> {
  const info = login ?? (await loginIn(port, session, MEMBER_MOBILE));
  const jtoken = await jtokenIn(port, session, info);
  return openSocket(port, `/socket/duration?jtoken=${encodeURIComponent(jtoken)}&version_code=103&mock_session=${encodeURIComponent(session)}`);
}

// ---- a named scenario driven the way QA drives it (scenarios-*.test.ts)

export type Msg = Record<string, unknown>;

/** A websocket that keeps every message, with bounded waits for a message, its close, and a round trip. */
export class RecordingSocket {
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

  /** Resolve when `check` answers a value (checked now and on every message or close), bounded. */
  private until<T>(what: string, check: () => T | undefined): Promise<T> {
    let listener = (): void => undefined;
    const found = new Promise<T>((resolve) => {
      listener = (): void => {
        const v = check();
        if (v !== undefined) resolve(v);
      };
      this.listeners.add(listener);
      listener();
    });
    const bounded = within(found, () => `${what}; got ${JSON.stringify(this.messages.slice(-5))}`, REQUEST_LIMIT_MS);
    return bounded.finally(() => this.listeners.delete(listener));
  }

  /** The first message (from index `from`) matching `pred`. */
  waitFor(pred: (m: Msg) => boolean, from = 0, what = 'a matching message'): Promise<Msg> {
    return this.until(what, () => this.messages.slice(from).find(pred));
  }

  closed(): Promise<{ code: number; reason: string }> {
    return this.until('the socket to close', () => this.closeInfo);
  }

  /** Everything sent before now, both ways, has arrived (see roundTrip). */
  sync(): Promise<void> {
    return roundTrip(this.ws);
  }

  progress(): unknown[] {
    return this.messages.filter((m) => m['type'] === 'progress').map((m) => m['value']);
  }

  events(): unknown[] {
    return this.messages.filter((m) => m['type'] === 'event').map((m) => m['code']);
  }

  /** Messages other than heartbeat replies, frames and the hello. */
  notable(): Msg[] {
    return this.messages.filter((m) => m['type'] !== 'frame' && m['type'] !== 'heartbeat' && m['type'] !== 'hello');
  }
}

export interface QaPlayer {
  session: string;
  login: LoginInfo;
  playToken: string;
}

const QA_GAME_KEY = 'g_test_game';

/**
 * Named scenarios the way QA drives them: each in its own mock session, switched to the virtual
 * clock, time moved with POST /__mock/clock {advanceMs}; then every socket this rig opened has
 * received what the advance made the server send (a round trip each), with no sleep.
 */
export function qaRig(s: Started) {
  const sockets: RecordingSocket[] = [];

  async function open(urlPath: string, headers?: Record<string, string>): Promise<RecordingSocket> {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}${urlPath}`, headers ? { headers } : undefined);
    const sock = new RecordingSocket(ws);
    sockets.push(sock);
    await within(
      new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      }),
      `websocket ${urlPath} to open`,
      REQUEST_LIMIT_MS,
    );
    return sock;
  }

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
    await Promise.all(sockets.map((sock) => sock.sync()));
  }

  const game = <T>(p: QaPlayer, endpoint: string, data: Record<string, string | number>) =>
    callIn<T>(s.port, p.session, endpoint, { game: true, token: p.login.gly_token, data });

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

  const playGame = (p: QaPlayer, extra: Record<string, string | number> = {}) =>
    game<PlayGameResponse>(p, PATH.playGame, {
      game_key: QA_GAME_KEY,
      token: p.playToken,
      model_name: 'Pixel 8',
      queue_grade: 7,
      able_queue: 1,
      enable_restart: 0,
      local_stream: 0,
      ...extra,
    });

  /** `acceptLanguage`: the app's language, which a failure is worded in. */
  const pollQueue = (p: QaPlayer, queueId: string, acceptLanguage?: string) =>
    callIn<GameQueueResponse>(s.port, p.session, PATH.gameQueue, {
      game: true,
      token: p.login.gly_token,
      data: { queue_id: queueId, queue_grade: 7, game_key: QA_GAME_KEY, token: p.playToken },
      ...(acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {}),
    });

  async function startGame(p: QaPlayer): Promise<string> {
    const r = await playGame(p);
    expect(r.envelope.code).toBe(1);
    const d = r.envelope.data;
    if (d.code !== 200 || !('sc_id' in d)) throw new Error(`play_game did not start: ${JSON.stringify(r.envelope)}`);
    return d.sc_id;
  }

  const openStream = (p: QaPlayer, scId: string): Promise<RecordingSocket> =>
    open(`/socket/stream?sc_id=${encodeURIComponent(scId)}&mock_session=${encodeURIComponent(p.session)}`);

  /** `acceptLanguage`: the browser's, sent with the handshake; the socket's messages are worded in it. */
  async function openDuration(p: QaPlayer, acceptLanguage?: string): Promise<RecordingSocket> {
    const jtoken = await jtokenIn(s.port, p.session, p.login);
    return open(`/socket/duration?jtoken=${encodeURIComponent(jtoken)}&version_code=103&mock_session=${encodeURIComponent(p.session)}`, acceptLanguage ? { 'accept-language': acceptLanguage } : undefined);
  }

  /** A stream that reached 100 (progress every 500 ms of session time). */
  async function streamAt100(p: QaPlayer, scId: string): Promise<RecordingSocket> {
    const stream = await openStream(p, scId);
    await advance(p.session, 2_000);
    await stream.waitFor((m) => m['type'] === 'progress' && m['value'] === 100);
    expect(stream.progress()).toEqual([30, 50, 80, 100]);
    return stream;
  }

  async function scList(p: QaPlayer): Promise<Array<{ sc_id: string; game_key: string; type: string }>> {
    const r = await game<{ list: Array<{ sc_id: string; game_key: string; type: string }> }>(p, PATH.userScList, {
      manufacturer: 'mock',
      client_sid: 'client-1',
      sn: 'sn-1',
    });
    expect(r.envelope.code).toBe(1);
    return r.envelope.data.list;
  }

  const stopGame = (p: QaPlayer, scId: string) =>
    game<{ code: number; sc_id: string; play_seconds: number }>(p, PATH.stopGame, { sc_id: scId, game_key: QA_GAME_KEY });

  return {
    gameKey: QA_GAME_KEY,
    /** Drop every socket opened (afterEach). */
    closeAll: () => {
      for (const sock of sockets.splice(0)) sock.ws.terminate();
    },
    scenario,
    advance,
    game,
    qaPlayer,
    playGame,
    pollQueue,
    startGame,
    openStream,
    openDuration,
    streamAt100,
    scList,
    stopGame,
  };
}

export type QaRig = ReturnType<typeof qaRig>;
