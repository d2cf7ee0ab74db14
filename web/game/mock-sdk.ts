/**
 * A GameSdk for the mock cloud: the game comes as a WebRTC video track (or,
 * with `video: false` on the server, as status frames on the stream socket),
 * input goes up the data channel, numbered. Each connection
 * (`mock-connection.ts`) signals on its stream socket and reports progress
 * 30 → 50 → 80 → 100 from real steps; its own watch on the injected
 * clock ends a stalled stream (`disconnect('lost')`) or one that never showed
 * a frame (`disconnect('failed', why)`). Input and its latency are
 * `mock-input.ts`. This file keeps what outlives a connection: the target,
 * the element the picture goes to, the last reports and the listeners.
 */
import { type DisplayGrade, type StreamFrameMessage, type StreamInput, type StreamTransport } from '../api/contract.ts';
import { SDK_INIT_WAIT_MS, STREAM_STALL_MS } from '../core/constants.ts';
import type { Clock } from '../core/clock.ts';
import { createStreamConnection, type StreamConnection } from './mock-connection.ts';
import { createInputLog, gamepadInput, mouseInput, touchInput } from './mock-input.ts';
import { createSdkListeners, type GameSdk, type SdkSound, type StreamTarget } from './sdk.ts';
import { DEFAULT_SOUND } from './sound-player.ts';
import type { StreamStats } from './stream-stats.ts';
import type { PresentedFrame, PresenterFactory } from './video-presenter.ts';

export { streamSocketUrl } from './mock-stream-socket.ts';
export { unwrapSeq } from './mock-input.ts';

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
  const log = opts.log ?? (() => undefined);
  const listeners = createSdkListeners((m) => log(`mock sdk: ${m}`));
  const inputs = createInputLog(clock);
  const connectionOptions = {
    ...opts,
    connectTimeoutMs: opts.connectTimeoutMs ?? SDK_INIT_WAIT_MS,
    stallMs: opts.stallMs ?? STREAM_STALL_MS,
    log,
  };
  let ready = false;
  let target: StreamTarget | null = null;
  let conn: StreamConnection | null = null;
  let serviceLevel: DisplayGrade | null = null;
  let mouseSensitivity = 59.5;
  let sound: SdkSound = DEFAULT_SOUND;
  let mounted: HTMLElement | null = null;
  let lastReport: StreamFrameMessage | null = null;
  let lastPresented: PresentedFrame | null = null;
  let framesPresented = 0;

  function drop(): void {
    conn?.close();
    conn = null;
    inputs.reset();
  }

  /** The cloud's report on the stream element, for QA and tests; with video, frame and input_seq come from the picture itself (presented). */
  function show(frame: StreamFrameMessage): void {
    if (!mounted) return;
    if (conn?.transport !== 'webrtc') {
      mounted.dataset['frame'] = String(frame.frame);
      mounted.dataset['inputSeq'] = String(frame.input_seq);
    }
    mounted.dataset['inputs'] = String(frame.inputs);
    const p = frame.game?.player;
    if (p) mounted.dataset['player'] = `${p.x.toFixed(3)},${p.y.toFixed(3)}`;
    const presses = frame.game?.presses;
    if (typeof presses === 'number') mounted.dataset['presses'] = String(presses);
  }

  function presented(frame: PresentedFrame, at: number): void {
    lastPresented = frame;
    framesPresented++;
    if (!frame.code) return;
    inputs.presented(frame.code.inputSeq, at);
    if (mounted) {
      mounted.dataset['frame'] = String(frame.code.frame);
      mounted.dataset['inputSeq'] = String(frame.code.inputSeq);
    }
  }

  function connect(to: StreamTarget): void {
    drop();
    target = to;
    framesPresented = 0;
    lastPresented = null;
    lastReport = null;
    const c = createStreamConnection(connectionOptions, to, {
      progress: listeners.progress,
      event: listeners.event,
      report(frame) {
        lastReport = frame;
        show(frame);
      },
      presented,
      vibrate: listeners.vibrate,
      mounted: () => mounted,
      sound: () => sound,
      soundBlocked: listeners.soundBlocked,
      ended(reason, message) {
        if (conn === c) conn = null;
        inputs.reset();
        listeners.disconnect(reason, message);
      },
    });
    conn = c;
    c.connect();
  }

  function send(input: StreamInput): void {
    const c = conn;
    if (!c?.open) return;
    inputs.send(input, (text) => c.send(text));
  }

  async function stats(): Promise<StreamStats | null> {
    if (!conn) return null;
    const at = clock.now();
    const inputLatencyMs = inputs.takeMedian();
    return conn.stats(at, inputLatencyMs);
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
      return conn?.transport ?? null;
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
    latencies: inputs.latencies,
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
    pause: drop,
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
    setSound(s) {
      sound = s;
      conn?.setSound(s);
    },
    unblockSound: () => conn?.unblockSound(),
    sendGamepad: (input) => send(gamepadInput(input)),
    sendKey: (key, down) => send({ device: 'keyboard', key, down }),
    sendMouse: (input) => send(mouseInput(input, mouseSensitivity)),
    sendTouch: (input) => send(touchInput(input)),
    stats,
    mount(el) {
      mounted = el;
      conn?.mount(el);
      if (lastReport) show(lastReport);
    },
    unmount() {
      conn?.mount(null);
      mounted = null;
    },
    subscribe: listeners.subscribe,
    destroy() {
      sdk.stop();
      listeners.clear();
      mounted = null;
    },
  };
  return sdk;
}
