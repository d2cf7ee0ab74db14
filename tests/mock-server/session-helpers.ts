/**
 * The app's game session (web/game) against the in-process mock cloud: the
 * app's own HTTP client and endpoints, the mock SDK on the real stream
 * socket and core's socket for the duration socket, all over an instrumented
 * network (app-network.ts), and one manual clock shared by the server and
 * the session, so minutes of queue, hang-up and no-operation time pass in
 * milliseconds. Time moves only in `pass`, and after each step the test
 * waits for the network to go quiet, never for a fixed time.
 */
import { QUEUE_POLL_MS, type LoginInfo, type UserInfo } from '../../web/api/contract.ts';
import { STREAM_PROGRESS_STEP_MS } from '../../mock-server/limits.ts';
import { createApi } from '../../web/api/endpoints.ts';
import { createHttpClient, type HttpClient } from '../../web/core/http/request.ts';
import { sha256Hex } from '../../web/core/http/sha256.ts';
import { createSocketOpener } from '../../web/game/duration.ts';
import { createMockSdk, type MockSdk } from '../../web/game/mock-sdk.ts';
import { createGameSession, type GameSession } from '../../web/game/session.ts';
import { createMemoryStoragePort } from '../../web/game/settings.ts';
import type { GameTarget } from '../../web/game/state.ts';
import { until as waitUntil } from '../wait.ts';
import { createAppNetwork, type AppNetwork } from './app-network.ts';
import { json } from './control-helpers.ts';
import { GAME_KEY } from './game-helpers.ts';
import type { Started } from './helpers.ts';

export const GAME: GameTarget = { game_key: GAME_KEY, game_id: 1, manufacturer: 'mock' };

/** One app start for a login: its own session, SDK and storage, and what they reported. */
export interface AppClient {
  sdk: MockSdk;
  session: GameSession;
  events: string[];
  toasts: string[];
  balances: UserInfo[];
  tokenExpired: number;
  logs: string[];
  dispose(): void;
}

export interface SessionRig {
  net: AppNetwork;
  client(info: LoginInfo, user?: UserInfo | null): Promise<AppClient>;
  /** Every client made so far, disposed (afterEach). */
  disposeAll(): void;
  /** Until `pred` holds on real time (sockets and HTTP answering), bounded. */
  until(pred: () => boolean, what: string): Promise<void>;
  /** Moves the shared clock in steps; the network goes quiet before the first and after each one. */
  pass(ms: number, step?: number): Promise<void>;
  /** `pass` for a session on virtual time: the app's clock and the session's virtual clock move together. */
  passVirtual(ms: number, step?: number): Promise<void>;
  /** Start and let the stream's progress reach 100. */
  playNow(c: AppClient): Promise<void>;
  /** The stream socket connected, then its progress (500 ms steps on the shared clock) up to 100. */
  streamUp(c: AppClient): Promise<void>;
  /** While queued, one 10 s poll after another (at most `polls`); the positions seen after each. */
  pollQueue(c: AppClient, polls: number, move?: (ms: number, step?: number) => Promise<void>): Promise<number[]>;
  /** The session's end once it has ended. */
  ended(c: AppClient): Promise<{ reason: string; message: string } | null>;
}

export function sessionRig(s: Started): SessionRig {
  const net = createAppNetwork();
  const clients: AppClient[] = [];

  const httpFor = (info: LoginInfo, sink: { toasts: string[]; expired: () => void }): HttpClient =>
    createHttpClient({
      config: { apiBase: `${s.base}/api/`, gameApiBase: `${s.base}/api/game/`, socketBase: '/socket/' },
      clock: s.clock,
      fetch: net.fetch,
      sha256Hex: net.track(sha256Hex),
      getToken: () => info.gly_token,
      getDeviceId: () => 'test-device-0001',
      getAgentCode: () => null,
      wwwid: 'integration',
      onHttpStatus: () => undefined,
      onTokenExpired: sink.expired,
      toast: (m) => sink.toasts.push(m),
    });

  const balance = (info: LoginInfo): Promise<UserInfo> =>
    createApi(httpFor(info, { toasts: [], expired: () => undefined })).getUserBalance({ uid: info.swcloud_uid });

  async function client(info: LoginInfo, user: UserInfo | null = null): Promise<AppClient> {
    const c: AppClient = {
      sdk: null as unknown as MockSdk,
      session: null as unknown as GameSession,
      events: [],
      toasts: [],
      balances: [],
      tokenExpired: 0,
      logs: [],
      dispose: () => undefined,
    };
    const http = httpFor(info, { toasts: c.toasts, expired: () => (c.tokenExpired += 1) });
    const location = { href: `${s.base}/submodules/game/game/index` };
    const sdk = createMockSdk({ clock: s.clock, socketBase: '/socket/', WebSocketImpl: net.WebSocket, location });
    c.sdk = sdk;
    let current = user ?? (await balance(info));
    const system = await createApi(http).systemInfo({});
    c.session = createGameSession({
      clock: s.clock,
      api: createApi(http),
      sdk,
      openSocket: createSocketOpener({ clock: s.clock, WebSocketImpl: net.WebSocket, location }),
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

  const until = (pred: () => boolean, what: string): Promise<void> => waitUntil(pred, what, 5_000, net.describe, 5);

  async function pass(ms: number, step = 1000): Promise<void> {
    await net.quiet();
    for (let left = ms; left > 0; left -= step) {
      s.clock.advance(Math.min(step, left));
      await net.quiet();
    }
  }

  async function passVirtual(ms: number, step = 1000): Promise<void> {
    await net.quiet();
    for (let left = ms; left > 0; left -= step) {
      const d = Math.min(step, left);
      s.clock.advance(d);
      const moved = await json(s.port, 'POST', '/__mock/clock', { advanceMs: d });
      if (moved.status !== 200) throw new Error(`POST /__mock/clock answered ${moved.status}: ${moved.text}`);
      await net.quiet();
    }
  }

  async function streamUp(c: AppClient): Promise<void> {
    // The server starts the progress timers when the stream socket connects: it must have, before time moves.
    await net.quiet();
    for (let i = 0; i < 20 && !c.session.flags.value.hasStream; i++) await pass(STREAM_PROGRESS_STEP_MS, STREAM_PROGRESS_STEP_MS);
    await until(() => c.session.flags.value.hasStream, 'the stream at 100');
  }

  async function playNow(c: AppClient): Promise<void> {
    c.session.start(GAME);
    await until(() => c.session.phase.value === 'loading', 'loading');
    await streamUp(c);
  }

  async function pollQueue(c: AppClient, polls: number, move: (ms: number, step?: number) => Promise<void> = pass): Promise<number[]> {
    const seen: number[] = [];
    for (let i = 0; i < polls && c.session.phase.value === 'queued'; i++) {
      await move(QUEUE_POLL_MS, QUEUE_POLL_MS);
      if (c.session.phase.value === 'queued') seen.push(c.session.queue.value?.position ?? -1);
    }
    return seen;
  }

  async function ended(c: AppClient): Promise<{ reason: string; message: string } | null> {
    await until(() => c.session.phase.value === 'ended', 'ended');
    return c.session.end.value;
  }

  return {
    net,
    client,
    disposeAll: () => {
      for (const c of clients.splice(0)) c.dispose();
    },
    until,
    pass,
    passVirtual,
    playNow,
    streamUp,
    pollQueue,
    ended,
  };
}
