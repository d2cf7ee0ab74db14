/**
 * Helpers for the WebRTC stream tests: the app's own mock SDK
 * (web/game/mock-sdk.ts) in Node, with @roamhq/wrtc's RTCPeerConnection and
 * the Node presenter (rtc-peers.ts), and `ws` as the WebSocket, against a
 * started app; a running game, and the network control API.
 *
 * Every wait is bounded and polls a condition in real time (tests/wait.ts):
 * no fixed sleeps. A process that loaded wrtc must leave through process.exit
 * (vitest's fork workers do). `useRtcApp` sets a test file up.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import WebSocket from 'ws';
import { PATH, type DisplayGrade, type LevelConfig, type PlayGameRequest, type PlayGameResponse, type StreamEventCode, type StreamProgressValue } from '../../web/api/contract.ts';
import { createSystemClock, type Clock } from '../../web/core/clock.ts';
import { createMockSdk, type MockSdk, type MockSdkOptions } from '../../web/game/mock-sdk.ts';
import type { SdkDisconnect, StreamTarget } from '../../web/game/sdk.ts';
import { gameStateOf, type PlaySession } from '../../mock-server/game/state.ts';
import { rtcResources } from '../../mock-server/stream/rtc-peer.ts';
import { openPathSockets } from '../../mock-server/stream/net-path.ts';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import type { GameHandle } from '../../mock-server/stream/engine.ts';
import { json } from './control-helpers.ts';
import { gameCall, playGame, player, type Player } from './game-helpers.ts';
import { holds, until } from '../wait.ts';
import { startApp, type Started } from './helpers.ts';
import { clientPeerConnection, guardWrtcLocalDescription, liveClientPeers, liveSinks, nodePresenter } from './rtc-peers.ts';

// ---- the SDK

/** `ws` sockets the SDKs opened, so a test can drop one abruptly (terminate). */
export const openedSockets: WebSocket[] = [];

/** `ws` for one SDK: every socket it opens goes to `mine` and to openedSockets. */
function trackedWebSocket(mine: WebSocket[]): typeof globalThis.WebSocket {
  class TrackedWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols);
      openedSockets.push(this);
      mine.push(this);
    }
  }
  return TrackedWebSocket as unknown as typeof globalThis.WebSocket;
}

export interface SdkRecord {
  sdk: MockSdk;
  progress: StreamProgressValue[];
  events: Array<{ code: StreamEventCode; msg: string }>;
  disconnects: Array<{ reason: SdkDisconnect; message: string | undefined }>;
  logs: string[];
  /** The SDK's own clock (real time unless given). */
  clock: Clock;
  /** The sockets this SDK opened, in order. */
  sockets: WebSocket[];
  /** Input messages sent through the SDK while a stream was up (the SDK's seq of the last one). */
  sent: number;
  /** Forget what was recorded (before a reconnect). */
  clear(): void;
}

const sdks: SdkRecord[] = [];

/**
 * The app's mock SDK against `s` over real WebRTC (wrtc's RTCPeerConnection, the Node presenter,
 * `ws`), with a real clock for its watchdog unless one is given, and a listener recording
 * progress, events and disconnects. `destroyAllSdks` (afterEach) stops every one made.
 */
export function rtcSdk(s: Started, over: Partial<MockSdkOptions> = {}): SdkRecord {
  const clock = over.clock ?? createSystemClock();
  const logs: string[] = [];
  const sockets: WebSocket[] = [];
  const sdk = createMockSdk({
    clock,
    socketBase: '/socket/',
    WebSocketImpl: trackedWebSocket(sockets),
    location: { href: `${s.base}/submodules/game/game/index` },
    PeerConnection: clientPeerConnection(),
    presenter: nodePresenter,
    log: (line) => logs.push(line),
    ...over,
  });
  const rec: SdkRecord = {
    sdk,
    progress: [],
    events: [],
    disconnects: [],
    logs,
    clock,
    sockets,
    sent: 0,
    clear() {
      rec.progress.length = 0;
      rec.events.length = 0;
      rec.disconnects.length = 0;
    },
  };
  sdk.subscribe({
    progress: (v) => rec.progress.push(v),
    event: (code, msg) => rec.events.push({ code, msg }),
    disconnect: (reason, message) => rec.disconnects.push({ reason, message }),
  });
  sdks.push(rec);
  return rec;
}

export function destroyAllSdks(): void {
  for (const r of sdks.splice(0)) r.sdk.destroy();
  openedSockets.length = 0;
}

/** What the SDK saw so far, for failure messages. */
export function describeSdk(r: SdkRecord): string {
  return JSON.stringify({
    progress: r.progress,
    transport: r.sdk.transport,
    framesPresented: r.sdk.framesPresented,
    lastPresented: r.sdk.lastPresented,
    disconnects: r.disconnects,
    events: r.events,
    logs: r.logs.slice(-5),
  });
}

/** Start (or reconnect) and wait until `frames` frames were presented. */
export async function untilFrames(r: SdkRecord, frames = 1, limitMs = 15_000): Promise<void> {
  await until(() => r.sdk.framesPresented >= frames, `${frames} presented frame(s)`, limitMs, () => describeSdk(r));
}

// ---- a running game session

export interface Running {
  player: Player;
  target: StreamTarget;
  scId: string;
  /** The session's mock session name. */
  session: string;
}

/** Log `mobile` in, get a play token and play (play_game must answer 200): the StreamTarget the SDK starts. */
export async function runningGame(s: Started, mobile: string, over: Partial<PlayGameRequest> = {}): Promise<Running> {
  const p = await player(s, mobile);
  return playFor(s, p, over);
}

/** play_game for a player already logged in (200 expected). */
export async function playFor(s: Started, p: Player, over: Partial<PlayGameRequest> = {}): Promise<Running> {
  const r = await playGame(s, p, over);
  const d: PlayGameResponse = r.envelope.data;
  if (r.envelope.code !== 1 || d.code !== 200 || !('sc_id' in d)) throw new Error(`play_game did not start: ${JSON.stringify(r.envelope)}`);
  return {
    player: p,
    scId: d.sc_id,
    session: DEFAULT_SESSION,
    target: { sc_id: d.sc_id, game_key: d.game_key, stream_url: d.stream_url, level_config: d.level_config },
  };
}

/** The server's record of the game session (default mock session). */
export function playSession(s: Started, scId: string, session = DEFAULT_SESSION): PlaySession | undefined {
  return gameStateOf({ session: s.app.sessions.get(session) }).sessions.get(scId);
}

/** The game the session runs (WebRTC transport), or undefined. */
export function gameOf(s: Started, scId: string, session = DEFAULT_SESSION): GameHandle | undefined {
  return playSession(s, scId, session)?.game;
}

/** The clarity API (SPEC §3): the new level_config, or throws with the envelope. */
export async function setGrade(s: Started, run: Running, grade: DisplayGrade): Promise<LevelConfig> {
  const r = await gameCall<{ sc_id: string; level_config: LevelConfig }>(
    s,
    PATH.displayGrade,
    { game_key: run.target.game_key, sc_id: run.scId, display_grade: grade },
    run.player.token,
  );
  if (r.envelope.code !== 1) throw new Error(`display_grade ${grade} failed: ${JSON.stringify(r.envelope)}`);
  return r.envelope.data.level_config;
}

/** stop_game (SPEC §4), answering the envelope's code. */
export async function stopGame(s: Started, run: Running): Promise<number> {
  const r = await gameCall<unknown>(s, PATH.stopGame, { sc_id: run.scId, game_key: run.target.game_key }, run.player.token);
  return r.envelope.code;
}

// ---- the network control API

export interface NetworkFigures {
  session: string;
  network: { latencyMs: number; bitrateKbps: number; dropPercent: number; stall: boolean; lossPercent: number; bandwidthKbps: number };
  streams: Array<{
    sc_id: string;
    status: string;
    viewers: number;
    framesSent: number;
    framesDropped: number;
    inputs: number;
    inputSeq: number;
    ticks: number;
    packetsUp: number;
    lostUp: number;
    packetsDown: number;
    lostDown: number;
  }>;
}

export async function network(s: Started, method: 'GET' | 'POST' | 'DELETE', body?: unknown, session = DEFAULT_SESSION) {
  return json<NetworkFigures & { error?: string }>(s.port, method, `/__mock/network?session=${encodeURIComponent(session)}`, body);
}

// ---- shared by the stream-webrtc*.test.ts files

/**
 * Sets a test file up: wrtc guarded for the whole file (a native crash would otherwise take the
 * worker down every few runs, see guardWrtcLocalDescription; WRTC_UNGUARDED=1 turns it off), and
 * an app streaming video started before each test (handed to `started`) and closed after it with
 * every SDK. Generous hook limits: the machine has two cores and other work runs on it.
 */
export function useRtcApp(started: (s: Started) => void): void {
  let unguard: () => void = () => undefined;
  let s: Started | undefined;
  beforeAll(() => {
    unguard = guardWrtcLocalDescription();
  });
  afterAll(() => unguard());
  beforeEach(async () => {
    s = await startApp({ video: true });
    started(s);
  }, 30_000);
  afterEach(async () => {
    destroyAllSdks();
    await s?.close();
  }, 30_000);
}

export const numeric = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

/** Nothing of any stream is left: server peers and video sources, client peers and sinks. */
export async function untilReleased(what: string, limitMs = 5_000): Promise<void> {
  await until(
    () => rtcResources().peers === 0 && rtcResources().sources === 0 && openPathSockets() === 0 && liveClientPeers() === 0 && liveSinks() === 0,
    `${what}: every WebRTC resource released`,
    limitMs,
    () => JSON.stringify({ server: rtcResources(), pathSockets: openPathSockets(), clientPeers: liveClientPeers(), sinks: liveSinks() }),
  );
}

/** Keyboard input through the SDK while a stream is up; answers the seq it went with (the SDK numbers from 1, across its connections). */
export function key(r: SdkRecord, code: string, down: boolean): number {
  r.sent += 1;
  r.sdk.sendKey(code, down);
  return r.sent;
}

/** The input seq the last presented frame reflects, read from its pixels. */
export const presentedSeq = (r: SdkRecord): number => r.sdk.lastPresented?.code?.inputSeq ?? -1;

/** No game loop of `games` ticks any more: their tick counts stay still over a bounded window (the loops run on real time). */
export async function noLoopRuns(games: ReadonlyArray<{ figures(): { ticks: number; viewers: number } }>): Promise<void> {
  const ticks = games.map((g) => g.figures().ticks);
  for (const g of games) {
    if (g.figures().viewers !== 0) throw new Error(`a game still has ${g.figures().viewers} viewer(s)`);
  }
  await holds(() => games.every((g, i) => g.figures().ticks === ticks[i]), 'every game loop stopped', 150);
}

/** The stream socket the SDK opened last (for a round trip, or to drop it). */
export function streamSocket(r: SdkRecord): WebSocket {
  const ws = r.sockets.at(-1);
  if (!ws) throw new Error(`the SDK opened no socket: ${describeSdk(r)}`);
  return ws;
}
