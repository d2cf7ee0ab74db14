/**
 * A GameSdk over the mock cloud's stream socket
 * (`socketBase + stream_url [+ &mock_session=…]`, e.g.
 * `/socket/stream?sc_id=100001&mock_session=qa1`). The server sends progress
 * 30/50/80/100, stream events and a synthetic frame every second; input goes
 * back as StreamInputMessage JSON. The socket is core's createSocket (25 s
 * heartbeat, 70 s dead-socket timeout) without its own reconnects: a drop is
 * reported as `disconnect('lost')` and the session decides (SPEC §4 reconnect).
 */
import {
  SOCKET_CLOSE_UNKNOWN_SESSION,
  STREAM_EVENT,
  STREAM_PROGRESS,
  type DisplayGrade,
  type StreamEventCode,
  type StreamInputMessage,
  type StreamProgressValue,
  type StreamServerMessage,
} from '../api/contract.ts';
import type { Clock } from '../core/clock.ts';
import { createSocket, SOCKET_STATE, type SocketClose, type SocketTask } from '../core/socket.ts';
import { absoluteSocketUrl, HEARTBEAT_MESSAGE } from './duration.ts';
import { normaliseGamepad, type GameSdk, type SdkDisconnect, type SdkFrame, type SdkListener, type StreamTarget } from './sdk.ts';

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
  log?: (msg: string) => void;
}

/** A mock-server close reason meaning the cloud stopped the session (sessions.ts `stopSession`). */
const STOPPED_REASON = /^session stopped/;
const PROGRESS_VALUES = new Set<number>(STREAM_PROGRESS.map((p) => p.value));
const EVENT_CODES = new Set<number>(Object.values(STREAM_EVENT));

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

export interface MockSdk extends GameSdk {
  /** The stream being shown, for tests and the QA overlay. */
  readonly target: StreamTarget | null;
  readonly serviceLevel: DisplayGrade | null;
  readonly mouseSensitivity: number;
  readonly lastFrame: SdkFrame | null;
}

export function createMockSdk(opts: MockSdkOptions): MockSdk {
  const listeners = new Set<SdkListener>();
  const log = opts.log ?? (() => undefined);
  let ready = false;
  let target: StreamTarget | null = null;
  let task: SocketTask | null = null;
  let offs: Array<() => void> = [];
  let serviceLevel: DisplayGrade | null = null;
  let mouseSensitivity = 59.5;
  let lastFrame: SdkFrame | null = null;
  let mounted: HTMLElement | null = null;
  const cursor = { x: 0.5, y: 0.5 };

  const each = (fn: (l: SdkListener) => void): void => {
    for (const l of [...listeners]) fn(l);
  };

  function drop(): void {
    for (const off of offs.splice(0)) off();
    const t = task;
    task = null;
    t?.close(1000, 'client');
  }

  function connect(to: StreamTarget): void {
    drop();
    target = to;
    const sock = createSocket({
      url: absoluteSocketUrl(streamSocketUrl(opts.socketBase, to, opts.mockSession), opts.location ?? globalThis.location),
      clock: opts.clock,
      ...(opts.WebSocketImpl ? { WebSocketImpl: opts.WebSocketImpl } : {}),
      heartbeat: { message: HEARTBEAT_MESSAGE },
      reconnect: null,
    });
    task = sock;
    let opened = false;
    let reported = false;
    const report = (reason: SdkDisconnect): void => {
      if (reported || task !== sock) return;
      reported = true;
      for (const off of offs.splice(0)) off();
      task = null;
      log(`mock sdk: stream ${to.sc_id} ${reason}`);
      each((l) => l.disconnect?.(reason));
    };
    offs = [
      sock.on('open', () => {
        opened = true;
      }),
      sock.on('message', (text: string) => {
        if (task === sock) onMessage(text);
      }),
      sock.on('error', () => {
        // Never connected: no close may follow (connect timeout, constructor failure).
        if (!opened) report('lost');
      }),
      sock.on('close', (payload?: unknown) => {
        const c = payload as SocketClose | undefined;
        const ended = c?.code === SOCKET_CLOSE_UNKNOWN_SESSION || STOPPED_REASON.test(c?.reason ?? '');
        report(ended ? 'ended' : 'lost');
      }),
    ];
    sock.connect();
  }

  function onMessage(text: string): void {
    const msg = parse(text);
    if (!msg) return;
    switch (msg.type) {
      case 'progress':
        if (PROGRESS_VALUES.has(msg.value)) each((l) => l.progress?.(msg.value as StreamProgressValue));
        return;
      case 'event':
        if (EVENT_CODES.has(msg.code)) each((l) => l.event?.(msg.code as StreamEventCode, msg.msg ?? ''));
        return;
      case 'frame': {
        const frame: SdkFrame = { seq: msg.seq, t: msg.t, hue: msg.hue, inputs: msg.inputs, lastInput: msg.last_input };
        lastFrame = frame;
        paint(frame);
        each((l) => l.frame?.(frame));
        return;
      }
      case 'error':
        log(`mock sdk: server says ${msg.msg}`);
        return;
      default:
        return;
    }
  }

  function paint(frame: SdkFrame): void {
    if (!mounted) return;
    mounted.style.backgroundColor = `hsl(${frame.hue}, 55%, 32%)`;
    mounted.dataset['frame'] = String(frame.seq);
    mounted.dataset['inputs'] = String(frame.inputs);
  }

  function send(msg: StreamInputMessage): void {
    if (!task || task.readyState !== SOCKET_STATE.OPEN) return;
    try {
      task.send(msg);
    } catch {
      // Dropped input is harmless; a dead link shows up as a disconnect.
    }
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
    get lastFrame() {
      return lastFrame;
    },
    init() {
      if (ready) return Promise.resolve();
      const delay = opts.initDelayMs ?? 0;
      return new Promise<void>((resolve) => {
        const done = (): void => {
          ready = true;
          resolve();
        };
        if (delay <= 0) done();
        else opts.clock.setTimeout(done, delay);
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
      serviceLevel = grade;
    },
    setMouseSensitivity(value) {
      mouseSensitivity = value;
    },
    sendGamepad(input) {
      const { buttons, axes } = normaliseGamepad(input);
      send({ type: 'input', device: 'gamepad', buttons, axes });
    },
    sendKey(key, down) {
      send({ type: 'input', device: 'keyboard', key, down });
    },
    sendMouse(input) {
      // Relative motion scaled by the SDK value (setting × 1.19): value/100 of the drag, in element units.
      const w = mounted?.clientWidth || 1000;
      const h = mounted?.clientHeight || 1000;
      const k = mouseSensitivity / 100;
      cursor.x = Math.min(1, Math.max(0, cursor.x + (input.dx * k) / w));
      cursor.y = Math.min(1, Math.max(0, cursor.y + (input.dy * k) / h));
      send({ type: 'input', device: 'mouse', x: cursor.x, y: cursor.y, action: input.action });
    },
    sendTouch(input) {
      send({ type: 'input', device: 'touch', x: Math.min(1, Math.max(0, input.x)), y: Math.min(1, Math.max(0, input.y)), action: input.action });
    },
    mount(el) {
      mounted = el;
      if (lastFrame) paint(lastFrame);
    },
    unmount() {
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
