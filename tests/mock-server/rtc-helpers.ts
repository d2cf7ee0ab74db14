/**
 * Helpers for the WebRTC stream tests: the app's own mock SDK
 * (web/game/mock-sdk.ts) in Node, with @roamhq/wrtc's RTCPeerConnection, a
 * presenter that reads every decoded I420 frame through wrtc's RTCVideoSink
 * (the frame code read from the luma plane, as the browser presenter reads it
 * from the picture), and `ws` as the WebSocket, against a started app.
 *
 * Every wait is bounded and polls a condition in real time: no fixed sleeps.
 * A process that loaded wrtc must leave through process.exit (vitest's fork
 * workers do). `guardWrtcLocalDescription` works round a wrtc crash (see there).
 */
import WebSocket from 'ws';
import { PATH, type DisplayGrade, type LevelConfig, type PlayGameRequest, type PlayGameResponse, type StreamEventCode, type StreamProgressValue } from '../../web/api/contract.ts';
import { frameCodeFromLuma } from '../../web/api/frame-code.ts';
import { createSystemClock, type Clock } from '../../web/core/clock.ts';
import { createMockSdk, type MockSdk, type MockSdkOptions } from '../../web/game/mock-sdk.ts';
import type { SdkDisconnect, StreamTarget } from '../../web/game/sdk.ts';
import type { FramePresenter, PresentedFrame, PresenterFactory } from '../../web/game/video-presenter.ts';
import { gameStateOf, type PlaySession } from '../../mock-server/game/state.ts';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import { loadWrtc, type Wrtc } from '../../mock-server/stream/native.ts';
import type { GameStream } from '../../mock-server/stream/game-stream.ts';
import { json } from './control-helpers.ts';
import { gameCall, playGame, player, type Player } from './game-helpers.ts';
import type { Started } from './helpers.ts';

// ---- bounded waits

/** Real time, for polling only (never as a wait for something to happen). */
export const tick = (ms = 20): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `pred` every `everyMs` until it holds; throws after `limitMs` of real time with `what`
 * and, when given, a description of what was seen last.
 */
export async function until(pred: () => boolean, what: string, limitMs = 10_000, seen?: () => string, everyMs = 20): Promise<void> {
  const end = Date.now() + limitMs;
  for (;;) {
    if (pred()) return;
    if (Date.now() > end) throw new Error(`timed out after ${limitMs} ms waiting for ${what}${seen ? ` (seen: ${seen()})` : ''}`);
    await tick(everyMs);
  }
}

/** Like `until`, for an async condition (an HTTP call, stats). */
export async function untilAsync(pred: () => Promise<boolean>, what: string, limitMs = 10_000, seen?: () => string, everyMs = 50): Promise<void> {
  const end = Date.now() + limitMs;
  for (;;) {
    if (await pred()) return;
    if (Date.now() > end) throw new Error(`timed out after ${limitMs} ms waiting for ${what}${seen ? ` (seen: ${seen()})` : ''}`);
    await tick(everyMs);
  }
}

/** Checks that `pred` holds throughout `ms` of real time (a bounded "nothing happens" window), polling. */
export async function holds(pred: () => boolean, what: string, ms: number, everyMs = 20): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!pred()) throw new Error(`expected ${what} to hold for ${ms} ms`);
    await tick(everyMs);
  }
  if (!pred()) throw new Error(`expected ${what} to hold for ${ms} ms`);
}

// ---- the Node presenter

/** How many RTCVideoSinks are running now (every presenter closed: 0). */
let sinksLive = 0;
export const liveSinks = (): number => sinksLive;

/**
 * A PresenterFactory for Node: `show(track)` starts an RTCVideoSink on the track; every decoded
 * I420 frame is `presented` with the frame code read from its Y plane (frameCodeFromLuma);
 * `close()` stops the sink. `mount` is ignored: there is no element in Node.
 */
export const nodePresenter: PresenterFactory = (presented: (frame: PresentedFrame) => void): FramePresenter => {
  let sink: InstanceType<Wrtc['nonstandard']['RTCVideoSink']> | null = null;
  let closed = false;
  const stopSink = (): void => {
    if (!sink) return;
    sink.onframe = null;
    sink.stop();
    sink = null;
    sinksLive--;
  };
  return {
    show(track) {
      if (closed) return;
      stopSink();
      const { RTCVideoSink } = loadWrtc().nonstandard;
      const started = new RTCVideoSink(track);
      sink = started;
      sinksLive++;
      started.onframe = ({ frame }) => {
        if (closed) return;
        presented({ code: frameCodeFromLuma(frame.data, frame.width, frame.height), width: frame.width, height: frame.height });
      };
    },
    mount() {
      // Nothing to show the picture in.
    },
    close() {
      closed = true;
      stopSink();
    },
  };
};

// ---- the client's peer connections, counted (and, for race tests, slowed)

let clientPeersLive = 0;
/** Client-side peer connections made and not yet closed. */
export const liveClientPeers = (): number => clientPeersLive;

export interface PeerTiming {
  /**
   * setLocalDescription resolves only once ICE gathering is complete (bounded), so the offer the
   * SDK sends carries every client candidate in its SDP (as a non-trickle client's would).
   */
  offerWithCandidates?: boolean;
  /**
   * setRemoteDescription of the cloud's answer resolves only once the connection is up (bounded):
   * a client that is slow to settle the answer while ICE and DTLS complete underneath.
   */
  answerSettlesAfterConnect?: boolean;
}

type SessionDescriptionFn = (d?: RTCSessionDescriptionInit) => Promise<void>;

/** Resolves when `pred` holds, or after `limitMs` either way. */
async function settled(pred: () => boolean, limitMs: number): Promise<void> {
  const end = Date.now() + limitMs;
  while (!pred() && Date.now() < end) await tick(5);
}

/**
 * Workaround for a crash in @roamhq/wrtc (reported with these tests): reading `pc.localDescription`
 * while ICE gathering runs serializes the description on the JS thread as the signalling thread adds
 * gathered candidates to it, and now and then segfaults (SIGSEGV in webrtc::SdpSerialize under
 * RTCPeerConnection::GetLocalDescription). Both mock-server/stream/rtc-peer.ts (after setting its
 * answer, and its renegotiation offer) and web/game/rtc-link.ts (after setting its offer, and its
 * renegotiation answer) read it right after setLocalDescription, which is exactly when gathering
 * runs: a run of this file then lost its worker every few runs.
 *
 * The guarded peer answers `localDescription` with the description last set while gathering is
 * still going (candidates then only trickle, as they do anyway), and the real one once gathering is
 * complete (nothing changes it any more). Everything else is the real peer.
 */
function withSafeLocalDescription<T extends object>(pc: T): T {
  const real = pc as unknown as RTCPeerConnection;
  const setLocal = (real.setLocalDescription as SessionDescriptionFn).bind(pc);
  let set: RTCSessionDescriptionInit | null = null;
  const setLocalDescription: SessionDescriptionFn = async (d) => {
    await setLocal(d);
    set = d ? { type: d.type, sdp: d.sdp ?? '' } : null;
  };
  return new Proxy(pc, {
    get(target, prop) {
      if (prop === 'localDescription') return real.iceGatheringState === 'complete' ? real.localDescription : set;
      if (prop === 'setLocalDescription') return setLocalDescription;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (target, prop, value) => Reflect.set(target, prop, value, target),
  });
}

/** wrtc's own RTCPeerConnection, kept before the guard replaces the export. */
let realPeerConnection: typeof RTCPeerConnection | null = null;
const realPeer = (): typeof RTCPeerConnection => (realPeerConnection ??= loadWrtc().RTCPeerConnection);

/**
 * Makes every peer the mock server creates in this process a guarded one (see withSafeLocalDescription);
 * answers the function that puts wrtc's own back. `WRTC_UNGUARDED=1` leaves wrtc as it is (to see the crash).
 */
export function guardWrtcLocalDescription(): () => void {
  if (process.env['WRTC_UNGUARDED'] === '1') return () => undefined;
  const wrtc = loadWrtc() as { RTCPeerConnection: typeof RTCPeerConnection };
  const Real = realPeer();
  const Guarded = function Guarded(config?: RTCConfiguration) {
    return withSafeLocalDescription(new Real(config));
  };
  wrtc.RTCPeerConnection = Guarded as unknown as typeof RTCPeerConnection;
  return () => {
    wrtc.RTCPeerConnection = Real;
  };
}

/** wrtc's RTCPeerConnection for the client (guarded like the server's), counting live instances, with optional timing. */
export function clientPeerConnection(timing: PeerTiming = {}): typeof RTCPeerConnection {
  const Base = realPeer();
  class Counted extends Base {
    #open = true;
    constructor(config?: RTCConfiguration) {
      super(config);
      clientPeersLive++;
      const self = this as unknown as { setLocalDescription: SessionDescriptionFn; setRemoteDescription: SessionDescriptionFn };
      if (timing.offerWithCandidates) {
        const setLocal = self.setLocalDescription.bind(this);
        self.setLocalDescription = async (d) => {
          await setLocal(d);
          await settled(() => this.iceGatheringState === 'complete', 5_000);
        };
      }
      if (timing.answerSettlesAfterConnect) {
        const setRemote = self.setRemoteDescription.bind(this);
        self.setRemoteDescription = async (d) => {
          await setRemote(d);
          if (d?.type === 'answer') await settled(() => this.connectionState === 'connected', 5_000);
        };
      }
      if (process.env['WRTC_UNGUARDED'] !== '1') return withSafeLocalDescription(this);
    }
    override close(): void {
      if (this.#open) {
        this.#open = false;
        clientPeersLive--;
      }
      super.close();
    }
  }
  return Counted as unknown as typeof RTCPeerConnection;
}

// ---- the SDK

/** `ws` sockets the SDKs opened, so a test can drop one abruptly (terminate). */
export const openedSockets: WebSocket[] = [];

class TrackedWebSocket extends WebSocket {
  constructor(address: string | URL, protocols?: string | string[]) {
    super(address, protocols);
    openedSockets.push(this);
  }
}
const WS = TrackedWebSocket as unknown as typeof globalThis.WebSocket;

export interface SdkRecord {
  sdk: MockSdk;
  progress: StreamProgressValue[];
  events: Array<{ code: StreamEventCode; msg: string }>;
  disconnects: Array<{ reason: SdkDisconnect; message: string | undefined }>;
  logs: string[];
  /** The SDK's own clock (real time unless given). */
  clock: Clock;
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
  const sdk = createMockSdk({
    clock,
    socketBase: '/socket/',
    WebSocketImpl: WS,
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
export function gameOf(s: Started, scId: string, session = DEFAULT_SESSION): GameStream | undefined {
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
  network: { latencyMs: number; bitrateKbps: number; dropPercent: number; stall: boolean };
  streams: Array<{ sc_id: string; status: string; viewers: number; framesSent: number; framesDropped: number; inputs: number; inputSeq: number; ticks: number }>;
}

export async function network(s: Started, method: 'GET' | 'POST' | 'DELETE', body?: unknown, session = DEFAULT_SESSION) {
  return json<NetworkFigures & { error?: string }>(s.port, method, `/__mock/network?session=${encodeURIComponent(session)}`, body);
}
