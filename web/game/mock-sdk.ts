/**
 * A GameSdk for the mock cloud (issue 7 part 2): the stream socket
 * (`socketBase + stream_url [+ &mock_session=…]`) carries the server's hello,
 * stream events and WebRTC signalling; the game comes as a WebRTC video
 * track, input goes up the data channel, numbered. Progress follows real
 * steps: 30 socket open and greeted, 50 offer answered, 80 ICE connected,
 * 100 first frame presented. With the socket transport (`video: false` on
 * the server) progress and status frames come on the socket instead.
 *
 * Its own watch, on the injected clock: no presented frame for STREAM_STALL_MS
 * is `disconnect('lost')` (the session reconnects, SPEC §4); no first frame
 * within SDK_INIT_WAIT_MS is `disconnect('failed', why)`, shown to the player.
 * The socket is core's createSocket (25 s heartbeat) without reconnects.
 */
import {
  SOCKET_CLOSE_UNKNOWN_SESSION,
  STREAM_EVENT,
  STREAM_PROGRESS,
  type DisplayGrade,
  type StreamEventCode,
  type StreamFrameMessage,
  type StreamInput,
  type StreamProgressValue,
  type StreamServerMessage,
  type StreamTransport,
} from '../api/contract.ts';
import { SDK_INIT_WAIT_MS, STREAM_STALL_MS } from '../core/constants.ts';
import type { Clock, TimerId } from '../core/clock.ts';
import { createSocket, SOCKET_STATE, type SocketClose, type SocketTask } from '../core/socket.ts';
import { absoluteSocketUrl, HEARTBEAT_MESSAGE } from './duration.ts';
import { createLatencyTracker, percentile } from './input-latency.ts';
import { createRtcLink, type RtcLink } from './rtc-link.ts';
import { normaliseGamepad, type GameSdk, type SdkDisconnect, type SdkListener, type StreamTarget } from './sdk.ts';
import { computeStats, sampleOf, type StatsSample, type StreamStats } from './stream-stats.ts';
import { createVideoPresenter, type FramePresenter, type PresentedFrame, type PresenterFactory } from './video-presenter.ts';

export interface MockSdkOptions {
  clock: Clock;
  /** Socket base of the runtime config, e.g. "/socket/" or "ws://127.0.0.1:9000/socket/". */
  socketBase: string;
  WebSocketImpl?: typeof WebSocket;
  /** Resolves a relative socket base; defaults to the page's location. */
  location?: { href: string };
  /** The mock session to join (QA isolation), added as `mock_session`. */
  mockSession?: string | null;
  /** How long init takes (default 0): lets tests and QA see the SDK-ready step. */
  initDelayMs?: number;
  /** Default: the browser's RTCPeerConnection (Node tests pass @roamhq/wrtc's). */
  PeerConnection?: typeof RTCPeerConnection;
  /** How presented frames are seen (default: a `<video>` element). */
  presenter?: PresenterFactory;
  /** No first frame within this is a failed stream (default SDK_INIT_WAIT_MS). */
  connectTimeoutMs?: number;
  /** No frame for this long is a lost stream (default STREAM_STALL_MS). */
  stallMs?: number;
  log?: (msg: string) => void;
}

/** A mock-server close reason meaning the cloud stopped the session (sessions.ts `stopSession`). */
const STOPPED_REASON = /^session stopped/;
const PROGRESS_VALUES = new Set<number>(STREAM_PROGRESS.map((p) => p.value));
const EVENT_CODES = new Set<number>(Object.values(STREAM_EVENT));
const WATCH_MS = 1000;
/** The frame code carries input_seq modulo 2^24. */
const SEQ_SPAN = 2 ** 24;
const MAX_LATENCY_LOG = 1000;

export function streamSocketUrl(socketBase: string, target: Pick<StreamTarget, 'stream_url'>, mockSession?: string | null): string {
  const url = `${socketBase.replace(/\/+$/, '')}/${target.stream_url.replace(/^\/+/, '')}`;
  if (!mockSession) return url;
  return `${url}${url.includes('?') ? '&' : '?'}mock_session=${encodeURIComponent(mockSession)}`;
}

function parse(text: string): StreamServerMessage | null {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string' ? (v as StreamServerMessage) : null;
  } catch {
    return null;
  }
}

/** 60000 → "60", 1500 → "1.5". */
const secondsText = (ms: number): string => String(Math.round(ms / 100) / 10);

/** The full input number a frame code's 24 bits stand for, given the last number sent. */
export function unwrapSeq(coded: number, lastSent: number): number {
  return lastSent - ((((lastSent - coded) % SEQ_SPAN) + SEQ_SPAN) % SEQ_SPAN);
}

export interface MockSdk extends GameSdk {
  /** The stream being shown, for tests and the QA overlay. */
  readonly target: StreamTarget | null;
  readonly serviceLevel: DisplayGrade | null;
  readonly mouseSensitivity: number;
  readonly transport: StreamTransport | null;
  /** The cloud's report of the last frame it sent (data channel, or the socket's status frame). */
  readonly lastReport: StreamFrameMessage | null;
  /** The last frame shown to the player, with the code read from its pixels. */
  readonly lastPresented: PresentedFrame | null;
  readonly framesPresented: number;
  /** Recent input-to-frame latencies, ms (for the bench and QA). */
  readonly latencies: readonly number[];
}

export function createMockSdk(opts: MockSdkOptions): MockSdk {
  const { clock } = opts;
  const listeners = new Set<SdkListener>();
  const log = opts.log ?? (() => undefined);
  const connectTimeoutMs = opts.connectTimeoutMs ?? SDK_INIT_WAIT_MS;
  const stallMs = opts.stallMs ?? STREAM_STALL_MS;
  const tracker = createLatencyTracker();
  const latencies: number[] = [];
  let ready = false;
  let target: StreamTarget | null = null;
  let task: SocketTask | null = null;
  let link: RtcLink | null = null;
  let presenter: FramePresenter | null = null;
  let transport: StreamTransport | null = null;
  let offs: Array<() => void> = [];
  let timers: TimerId[] = [];
  let watch: TimerId | undefined;
  let serviceLevel: DisplayGrade | null = null;
  let mouseSensitivity = 59.5;
  let mounted: HTMLElement | null = null;
  let lastReport: StreamFrameMessage | null = null;
  let lastPresented: PresentedFrame | null = null;
  let framesPresented = 0;
  let lastFrameAt = 0;
  let seq = 0;
  let prevSample: StatsSample | null = null;
  /** Ends the current connection with a reason (once); null when none is up. */
  let report: ((reason: SdkDisconnect, message?: string) => void) | null = null;

  const each = (fn: (l: SdkListener) => void): void => {
    for (const l of [...listeners]) fn(l);
  };
  /** The step reached on this connection: steps are reported once each, in order, whatever order the peer's events come in. */
  let reached = 0;
  const progress = (value: StreamProgressValue): void => {
    for (const step of STREAM_PROGRESS) {
      if (step.value <= reached || step.value > value) continue;
      reached = step.value;
      each((l) => l.progress?.(step.value));
    }
  };

  function drop(): void {
    report = null;
    for (const off of offs.splice(0)) off();
    for (const t of timers.splice(0)) clock.clearTimeout(t);
    clock.clearInterval(watch);
    watch = undefined;
    link?.close();
    link = null;
    presenter?.close();
    presenter = null;
    transport = null;
    prevSample = null;
    tracker.reset();
    const t = task;
    task = null;
    t?.close(1000, 'client');
  }

  /** The cloud's report on the stream element, for QA and tests; with video, frame and input_seq come from the picture itself (onPresented). */
  function show(frame: StreamFrameMessage): void {
    if (!mounted) return;
    if (transport !== 'webrtc') {
      mounted.dataset['frame'] = String(frame.frame);
      mounted.dataset['inputSeq'] = String(frame.input_seq);
    }
    mounted.dataset['inputs'] = String(frame.inputs);
    const p = frame.game?.player;
    if (p) mounted.dataset['player'] = `${p.x.toFixed(3)},${p.y.toFixed(3)}`;
  }

  function onPresented(frame: PresentedFrame): void {
    const now = clock.now();
    lastPresented = frame;
    lastFrameAt = now;
    framesPresented++;
    if (frame.code) {
      tracker.presented(unwrapSeq(frame.code.inputSeq, seq), now);
      if (mounted) {
        mounted.dataset['frame'] = String(frame.code.frame);
        mounted.dataset['inputSeq'] = String(frame.code.inputSeq);
      }
    }
    if (framesPresented === 1) progress(100);
  }

  /** The WebRTC side of the connection `sock`; `end` is that connection's own ending, so a late failure of an old one never ends a newer one. */
  function startRtc(sock: SocketTask, end: (reason: SdkDisconnect, message?: string) => void): void {
    const PeerConnection = opts.PeerConnection ?? globalThis.RTCPeerConnection;
    if (typeof PeerConnection !== 'function') {
      end('failed', 'This browser cannot play the stream: it has no WebRTC.');
      return;
    }
    const current = (opts.presenter ?? createVideoPresenter)(onPresented);
    presenter = current;
    current.mount(mounted);
    const setUp = (err: unknown): void => end('failed', `The stream could not be set up: ${err instanceof Error ? err.message : String(err)}`);
    try {
      link = createRtcLink({
        PeerConnection,
        signal: (m) => {
          if (sock.readyState === SOCKET_STATE.OPEN) sock.send(m);
        },
        answered: () => progress(50),
        connected: () => progress(80),
        track: (t) => current.show(t),
        report: (r) => {
          lastReport = r;
          show(r);
        },
        failed: (why) => end('lost', why),
        log,
      });
    } catch (err) {
      setUp(err);
      return;
    }
    progress(30);
    const mine = link;
    mine.start().catch((err: unknown) => {
      if (link === mine) setUp(err);
    });
  }

  function connect(to: StreamTarget): void {
    drop();
    target = to;
    framesPresented = 0;
    lastPresented = null;
    lastReport = null;
    reached = 0;
    const sock = createSocket({
      url: absoluteSocketUrl(streamSocketUrl(opts.socketBase, to, opts.mockSession), opts.location ?? globalThis.location),
      clock,
      ...(opts.WebSocketImpl ? { WebSocketImpl: opts.WebSocketImpl } : {}),
      heartbeat: { message: HEARTBEAT_MESSAGE },
      reconnect: null,
    });
    task = sock;
    let opened = false;
    const end = (reason: SdkDisconnect, message?: string): void => {
      if (report !== end) return;
      drop();
      log(`mock sdk: stream ${to.sc_id} ${reason}${message ? `: ${message}` : ''}`);
      each((l) => l.disconnect?.(reason, message));
    };
    report = end;
    timers.push(
      // Also when the server never says hello; the socket transport keeps its server-driven steps (a scripted load stall waits).
      clock.setTimeout(() => {
        if (framesPresented === 0 && transport !== 'socket') end('failed', `The video stream did not connect within ${secondsText(connectTimeoutMs)} s.`);
      }, connectTimeoutMs),
    );
    watch = clock.setInterval(() => {
      if (transport === 'webrtc' && framesPresented > 0 && clock.now() - lastFrameAt > stallMs) end('lost', `no video for ${secondsText(stallMs)} s`);
    }, WATCH_MS);
    offs = [
      sock.on('open', () => {
        opened = true;
      }),
      sock.on('message', (text: string) => {
        if (task === sock) onMessage(text, sock, end);
      }),
      sock.on('error', () => {
        // Never connected: no close may follow (connect timeout, constructor failure).
        if (!opened) end('lost');
      }),
      sock.on('close', (payload?: unknown) => {
        const c = payload as SocketClose | undefined;
        const ended = c?.code === SOCKET_CLOSE_UNKNOWN_SESSION || STOPPED_REASON.test(c?.reason ?? '');
        end(ended ? 'ended' : 'lost');
      }),
    ];
    sock.connect();
  }

  function onMessage(text: string, sock: SocketTask, end: (reason: SdkDisconnect, message?: string) => void): void {
    const msg = parse(text);
    if (!msg) return;
    switch (msg.type) {
      case 'hello':
        // One hello a connection: a second would leak the first peer.
        if (transport !== null) return;
        transport = msg.transport === 'webrtc' ? 'webrtc' : 'socket';
        if (transport === 'webrtc') startRtc(sock, end);
        return;
      case 'rtc': {
        const mine = link;
        mine?.handle(msg).catch((err: unknown) => {
          if (link === mine) end('failed', `The stream could not be set up: ${err instanceof Error ? err.message : String(err)}`);
        });
        return;
      }
      case 'progress':
        // The socket transport's steps; WebRTC reports its own.
        if (transport !== 'webrtc' && PROGRESS_VALUES.has(msg.value)) progress(msg.value as StreamProgressValue);
        return;
      case 'event':
        if (EVENT_CODES.has(msg.code)) each((l) => l.event?.(msg.code as StreamEventCode, msg.msg ?? ''));
        return;
      case 'frame':
        lastReport = msg;
        show(msg);
        return;
      case 'error':
        log(`mock sdk: server says ${msg.msg}`);
        return;
      default:
        return;
    }
  }

  function send(input: StreamInput): void {
    if (!task || task.readyState !== SOCKET_STATE.OPEN) return;
    seq += 1;
    const text = JSON.stringify({ ...input, type: 'input', seq });
    tracker.sent(seq, clock.now());
    try {
      if (!link?.send(text)) task.send(text);
    } catch {
      // Dropped input is harmless; a dead link shows up as a disconnect.
    }
  }

  async function stats(): Promise<StreamStats | null> {
    if (!task) return null;
    const at = clock.now();
    const taken = tracker.take();
    for (const v of taken) latencies.push(v);
    if (latencies.length > MAX_LATENCY_LOG) latencies.splice(0, latencies.length - MAX_LATENCY_LOG);
    const inputLatencyMs = percentile(taken, 50);
    if (transport !== 'webrtc' || !link) {
      return {
        at,
        transport: 'socket',
        fps: null,
        width: null,
        height: null,
        bitrateKbps: null,
        rttMs: null,
        jitterMs: null,
        packetLossPct: null,
        decodeMs: null,
        inputLatencyMs: null,
        framesDecoded: 0,
      };
    }
    const mine = link;
    const report = await mine.stats();
    // A drop or reconnect while waiting: these counters belong to a stream that is gone.
    if (link !== mine) return null;
    const sample = report ? sampleOf(report) : null;
    if (!sample) return null;
    const out = computeStats(prevSample, sample, { at, inputLatencyMs });
    prevSample = sample;
    return out;
  }

  const sdk: MockSdk = {
    get ready() {
      return ready;
    },
    get target() {
      return target;
    },
    get serviceLevel() {
      return serviceLevel;
    },
    get mouseSensitivity() {
      return mouseSensitivity;
    },
    get transport() {
      return transport;
    },
    get lastReport() {
      return lastReport;
    },
    get lastPresented() {
      return lastPresented;
    },
    get framesPresented() {
      return framesPresented;
    },
    latencies,
    init() {
      if (ready) return Promise.resolve();
      const delay = opts.initDelayMs ?? 0;
      return new Promise<void>((resolve) => {
        const done = (): void => {
          ready = true;
          resolve();
        };
        if (delay <= 0) done();
        else clock.setTimeout(done, delay);
      });
    },
    start(t) {
      serviceLevel = t.level_config.display_grade;
      connect(t);
    },
    pause() {
      drop();
    },
    resume() {
      if (target) connect(target);
    },
    reconnect(t) {
      serviceLevel = t.level_config.display_grade;
      connect(t);
    },
    stop() {
      drop();
      target = null;
    },
    setServiceLevel(grade) {
      // The cloud resizes the stream itself on display_grade; the picture follows within a frame.
      serviceLevel = grade;
    },
    setMouseSensitivity(value) {
      mouseSensitivity = value;
    },
    sendGamepad(input) {
      const { buttons, axes } = normaliseGamepad(input);
      send({ device: 'gamepad', buttons, axes });
    },
    sendKey(key, down) {
      send({ device: 'keyboard', key, down });
    },
    sendMouse(input) {
      // Relative motion scaled by the SDK value (setting × 1.19): value/100 of the movement.
      const k = mouseSensitivity / 100;
      send({
        device: 'mouse',
        action: input.action,
        dx: input.dx * k,
        dy: input.dy * k,
        ...(input.button !== undefined ? { button: input.button } : {}),
        ...(input.buttons !== undefined ? { buttons: input.buttons } : {}),
        ...(input.wheel !== undefined ? { wheel: input.wheel } : {}),
      });
    },
    sendTouch(input) {
      send({ device: 'touch', x: Math.min(1, Math.max(0, input.x)), y: Math.min(1, Math.max(0, input.y)), action: input.action });
    },
    stats,
    mount(el) {
      mounted = el;
      presenter?.mount(el);
      if (lastReport) show(lastReport);
    },
    unmount() {
      presenter?.mount(null);
      mounted = null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    destroy() {
      sdk.stop();
      listeners.clear();
      mounted = null;
    },
  };
  return sdk;
}
