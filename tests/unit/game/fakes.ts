/**
 * Fakes for the game session: an API whose answers each test scripts, an SDK
 * the test drives like a stream, a duration socket the test plays the server
 * of, and fixtures for users and system info.
 */
import {
  DEFAULT_HANG_OPTIONS,
  type DisplayGrade,
  type GameQueueResponse,
  type LevelConfig,
  type PlayGameResponse,
  type PlayStartInfo,
  type QueueInfo,
  type SeatReadyInfo,
  type StreamEventCode,
  type StreamProgressValue,
  type SystemInfo,
  type UserInfo,
} from '../../../web/api/contract.ts';
import { createManualClock, type ManualClock } from '../../../web/core/clock.ts';
import type { GameApi, GameApiName } from '../../../web/game/api.ts';
import type { DurationSocket, OpenSocket } from '../../../web/game/duration.ts';
import type { GameSdk, SdkListener, StreamTarget } from '../../../web/game/sdk.ts';
import type { StreamStats } from '../../../web/game/stream-stats.ts';
import { createGameSession, type GameSession, type GameSessionDeps } from '../../../web/game/session.ts';
import { createMemoryStoragePort } from '../../../web/game/settings.ts';
import type { GameTarget } from '../../../web/game/state.ts';

// ---------------------------------------------------------------- fixtures

export function userInfo(over: Partial<UserInfo> = {}): UserInfo {
  return {
    current_time: 0,
    member_end_time: 0,
    member_endtime: '',
    coin_balance: 0,
    is_auth: 1,
    member_status: 0,
    quick_end_time: 0,
    quick_status: 0,
    bgmember_end_time: 0,
    bgmember_endtime: '',
    buy_member: 0,
    is_new_user: 0,
    trial_status: 0,
    duration: 3600,
    coin_balance_duration: 0,
    duration_coin: 3600,
    ...over,
  };
}

export const member = (over: Partial<UserInfo> = {}): UserInfo => userInfo({ member_status: 1, buy_member: 1, ...over });

export function systemInfo(conf: Partial<SystemInfo['definition_default_conf']> = {}): SystemInfo {
  return {
    cloud_game_load_page: '',
    pay_config: { h5_wxpay: 1, h5_alipay: 1 },
    h5_can_sign_agents: '',
    h5_limit_back_home: '',
    recommend_product_pop_conf: { expire_times: 0 },
    definition_default_conf: { vip_can_use: 0, vip_user_default: 2, normal_user_default: 1, ...conf },
  };
}

export const LEVEL: Readonly<Record<DisplayGrade, LevelConfig>> = {
  6: { display_grade: 6, name: 'standard', width: 1280, height: 720, fps: 30, bitrate: 3000 },
  8: { display_grade: 8, name: 'hd', width: 1920, height: 1080, fps: 60, bitrate: 6000 },
  9: { display_grade: 9, name: 'ultra', width: 2560, height: 1440, fps: 60, bitrate: 12000 },
  10: { display_grade: 10, name: 'bluray', width: 3840, height: 2160, fps: 60, bitrate: 20000 },
};

export const GAME: GameTarget = { game_key: 'space-race', game_id: 7, manufacturer: 'mock', title: 'Space Race', hang: DEFAULT_HANG_OPTIONS };

export function playAnswer(over: Partial<PlayStartInfo> = {}): PlayStartInfo {
  return {
    code: 200,
    sc_id: 'sc-1',
    game_key: GAME.game_key,
    game_id: GAME.game_id,
    open_id: 'open-1',
    stream_url: 'stream?sc_id=sc-1',
    level_config: LEVEL[8],
    hang_up_timer: 0,
    start_time: 0,
    ...over,
  };
}

export function queued(position: number, over: Partial<QueueInfo> = {}): QueueInfo {
  return { code: 201, queue_id: 'q-1', queue_pos2: position, play_queue_id: 1001, wait_seconds: position * 30, ...over };
}

export function seatReady(over: Partial<SeatReadyInfo> = {}): SeatReadyInfo {
  return { ...playAnswer({ sc_id: 'sc-seat', stream_url: 'stream?sc_id=sc-seat' }), queue_id: 'q-1', seat_expire_time: 40, seat_expire_seconds: 40, ...over };
}

// ---------------------------------------------------------------- api

type Fn<K extends GameApiName> = GameApi[K];
type Req<K extends GameApiName> = Parameters<Fn<K>>[0];
type Res<K extends GameApiName> = Awaited<ReturnType<Fn<K>>>;
export type Handler<K extends GameApiName> = (req: Req<K>) => Res<K> | Promise<Res<K>>;
export interface Call {
  name: GameApiName;
  req: Record<string, unknown>;
  silent: boolean;
}

export interface FakeApi {
  api: GameApi;
  calls: Call[];
  on<K extends GameApiName>(name: K, handler: Handler<K>): void;
  /** Answers in order, then keeps the last. */
  sequence<K extends GameApiName>(name: K, answers: Array<Res<K> | Error>): void;
  named(name: GameApiName): Call[];
  last(name: GameApiName): Call | undefined;
  names(): GameApiName[];
}

export function fakeApi(): FakeApi {
  const calls: Call[] = [];
  const handlers: { [K in GameApiName]?: Handler<K> } = {
    getToken: () => ({ open_id: 'open-1', token: 'play-token' }),
    playGame: (): PlayGameResponse => playAnswer(),
    gameQueue: (): GameQueueResponse => queued(1),
    cancelQueue: (req) => ({ queue_id: req.queue_id }),
    stopGame: (req) => ({ code: 200, sc_id: req.sc_id, play_seconds: 1 }),
    displayGrade: (req) => ({ sc_id: req.sc_id, level_config: LEVEL[req.display_grade] }),
    setHangUpTimer: (req) => ({ sc_id: req.sc_id, hang_up_timer: req.hang_up_timer, hang_up_end_time: 0 }),
    scHangUp: (req) => ({ sc_id: req.sc_id, hang_up_timer: req.hang_up_timer, hang_up_end_time: 0 }),
    userScList: () => ({ list: [] }),
    reconPlayGame: () => playAnswer(),
    manualSave: (req) => ({
      save_config: { save_id: 1, save_name: req.save_name, is_share: req.is_share, game_key: req.game_key, game_id: 7, sc_id: req.sc_id, size: 10, create_time: 1, update_time: 1 },
    }),
    gameSaveList: () => ({ list: [], max_count: 10 }),
    editSave: (req) => ({
      save_config: { save_id: req.save_id, save_name: req.save_name ?? 'x', is_share: req.is_share ?? 0, game_key: GAME.game_key, game_id: 7, sc_id: 'sc-1', size: 10, create_time: 1, update_time: 2 },
    }),
    delSave: (req) => ({ save_id: req.save_id }),
    generateToken: () => ({ jtoken: 'jt-1', expire_time: 0 }),
  };
  const make =
    <K extends GameApiName>(name: K) =>
    async (req: Req<K>, opts?: { silent?: boolean }): Promise<Res<K>> => {
      calls.push({ name, req: req as unknown as Record<string, unknown>, silent: opts?.silent === true });
      const h = handlers[name] as Handler<K> | undefined;
      if (!h) throw new Error(`no handler for ${name}`);
      return h(req);
    };
  const api = {
    getToken: make('getToken'),
    playGame: make('playGame'),
    gameQueue: make('gameQueue'),
    cancelQueue: make('cancelQueue'),
    stopGame: make('stopGame'),
    displayGrade: make('displayGrade'),
    setHangUpTimer: make('setHangUpTimer'),
    scHangUp: make('scHangUp'),
    userScList: make('userScList'),
    reconPlayGame: make('reconPlayGame'),
    manualSave: make('manualSave'),
    gameSaveList: make('gameSaveList'),
    editSave: make('editSave'),
    delSave: make('delSave'),
    generateToken: make('generateToken'),
  } satisfies GameApi;
  return {
    api,
    calls,
    on(name, handler) {
      (handlers as Record<GameApiName, unknown>)[name] = handler;
    },
    sequence(name, answers) {
      let i = 0;
      (handlers as Record<GameApiName, unknown>)[name] = () => {
        const a = answers[Math.min(i++, answers.length - 1)];
        if (a instanceof Error) throw a;
        return a;
      };
    },
    named: (name) => calls.filter((c) => c.name === name),
    last: (name) => calls.filter((c) => c.name === name).at(-1),
    names: () => calls.map((c) => c.name),
  };
}

// ---------------------------------------------------------------- sdk

export interface FakeSdk extends GameSdk {
  log: string[];
  initResult: 'ok' | 'never' | Error;
  progress(value: StreamProgressValue): void;
  /** 30, 50, 80, 100. */
  stream(): void;
  event(code: StreamEventCode): void;
  disconnect(reason: 'lost' | 'ended' | 'failed', message?: string): void;
  /** What `stats()` answers next. */
  nextStats: StreamStats | null;
  statsCalls: number;
  target: StreamTarget | null;
  level: DisplayGrade | null;
  sensitivity: number | null;
  inputs: unknown[];
}

export function fakeSdk(): FakeSdk {
  const listeners = new Set<SdkListener>();
  let ready = false;
  const each = (fn: (l: SdkListener) => void): void => [...listeners].forEach(fn);
  const sdk: FakeSdk = {
    log: [],
    initResult: 'ok',
    target: null,
    level: null,
    sensitivity: null,
    inputs: [],
    get ready() {
      return ready;
    },
    init() {
      sdk.log.push('init');
      const r = sdk.initResult;
      if (r === 'never') return new Promise<void>(() => undefined);
      if (r instanceof Error) return Promise.reject(r);
      ready = true;
      return Promise.resolve();
    },
    start(t) {
      sdk.log.push(`start ${t.sc_id}`);
      sdk.target = t;
    },
    pause() {
      sdk.log.push('pause');
    },
    resume() {
      sdk.log.push('resume');
    },
    reconnect(t) {
      sdk.log.push(`reconnect ${t.sc_id}`);
      sdk.target = t;
    },
    stop() {
      sdk.log.push('stop');
    },
    setServiceLevel(g) {
      sdk.level = g;
    },
    setMouseSensitivity(v) {
      sdk.sensitivity = v;
    },
    sendGamepad(i) {
      sdk.inputs.push(i);
    },
    sendKey(key, down) {
      sdk.inputs.push({ key, down });
    },
    sendMouse(i) {
      sdk.inputs.push(i);
    },
    sendTouch(i) {
      sdk.inputs.push(i);
    },
    mount() {},
    unmount() {},
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    destroy() {
      listeners.clear();
    },
    progress: (v) => each((l) => l.progress?.(v)),
    stream() {
      for (const v of [30, 50, 80, 100] as const) sdk.progress(v);
    },
    event: (code) => each((l) => l.event?.(code, '')),
    disconnect: (reason, message) => each((l) => l.disconnect?.(reason, message)),
    nextStats: null,
    statsCalls: 0,
    stats() {
      sdk.statsCalls++;
      return Promise.resolve(sdk.nextStats);
    },
  };
  return sdk;
}

// ---------------------------------------------------------------- duration socket

export interface FakeDurationSocket extends DurationSocket {
  url: string;
  connected: boolean;
  closed: boolean;
  heartbeat: () => string;
  server(msg: object): void;
  giveup(): void;
  serverClose(code: number): void;
}

export function fakeSockets(): { open: OpenSocket; sockets: FakeDurationSocket[] } {
  const sockets: FakeDurationSocket[] = [];
  const open: OpenSocket = (url, opts) => {
    const handlers = new Map<string, Set<(p?: unknown) => void>>();
    const s: FakeDurationSocket = {
      url,
      connected: false,
      closed: false,
      heartbeat: opts.heartbeat,
      connect() {
        s.connected = true;
      },
      close() {
        s.closed = true;
      },
      on(event: string, fn: (p: never) => void) {
        let set = handlers.get(event);
        if (!set) handlers.set(event, (set = new Set()));
        set.add(fn as (p?: unknown) => void);
        return () => set.delete(fn as (p?: unknown) => void);
      },
      server(msg) {
        for (const fn of handlers.get('message') ?? []) fn(JSON.stringify(msg));
      },
      giveup() {
        for (const fn of handlers.get('giveup') ?? []) fn({ reconnects: 10 });
      },
      serverClose(code) {
        for (const fn of handlers.get('close') ?? []) fn({ code, reason: '' });
      },
    } as FakeDurationSocket;
    sockets.push(s);
    return s;
  };
  return { open, sockets };
}

// ---------------------------------------------------------------- harness

export const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

export interface Harness {
  session: GameSession;
  clock: ManualClock;
  api: FakeApi;
  sdk: FakeSdk;
  sockets: FakeDurationSocket[];
  storage: ReturnType<typeof createMemoryStoragePort>;
  events: string[];
  userUpdates: UserInfo[];
  setUser(u: UserInfo | null): void;
  setSystem(s: SystemInfo | null): void;
  logs: string[];
  /** Advance the clock and let the answers of what fired come back. */
  advance(ms: number): Promise<void>;
  /** Advance in steps (default 1 s), letting answers come back after each, so chains of timers and calls run. */
  advanceSteps(ms: number, stepMs?: number): Promise<void>;
  /** start → token → sdk → play 200 → progress to 100. */
  play(game?: GameTarget): Promise<void>;
}

export function harness(over: Partial<GameSessionDeps> & { user?: UserInfo | null; system?: SystemInfo | null } = {}): Harness {
  const clock = createManualClock(1_700_000_000_000);
  const api = fakeApi();
  const sdk = fakeSdk();
  const { open, sockets } = fakeSockets();
  const storage = createMemoryStoragePort();
  let user: UserInfo | null = over.user === undefined ? userInfo() : over.user;
  let system: SystemInfo | null = over.system === undefined ? systemInfo() : over.system;
  const userUpdates: UserInfo[] = [];
  const logs: string[] = [];
  const session = createGameSession({
    clock,
    api: api.api,
    sdk,
    openSocket: open,
    storage,
    account: { username: () => 'alice', uid: () => 42, loginToken: () => 'gly', clientSid: () => 'client-1', agentCode: () => null },
    getUser: () => user,
    getSystem: () => system,
    onUserInfo: (u) => userUpdates.push(u),
    socketBase: '/socket/',
    modelName: 'Pixel 8',
    random: () => 0.5,
    log: (m) => logs.push(m),
    ...over,
  });
  const events: string[] = [];
  for (const name of ['playing', 'seat-ready', 'hangup-over', 'token-expired', 'relogin', 'ended'] as const) {
    session.on(name, (p) => events.push(p && typeof p === 'object' ? `${name}:${p.reason}` : name));
  }
  const h: Harness = {
    session,
    clock,
    api,
    sdk,
    sockets,
    storage,
    events,
    userUpdates,
    logs,
    setUser: (u) => (user = u),
    setSystem: (s) => (system = s),
    async advance(ms) {
      clock.advance(ms);
      await flush();
    },
    async advanceSteps(ms, stepMs = 1000) {
      for (let left = ms; left > 0; left -= stepMs) {
        clock.advance(Math.min(stepMs, left));
        await flush();
      }
    },
    async play(game = GAME) {
      session.start(game);
      await flush();
      sdk.stream();
      await flush();
    },
  };
  return h;
}
