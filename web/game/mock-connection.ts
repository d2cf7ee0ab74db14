/**
 * One connection of the mock SDK to a stream: the stream socket carries the
 * server's hello, stream events and the WebRTC signalling (what each message
 * means is `mock-stream-socket.ts`); with WebRTC the picture comes as a video
 * track and frame reports come down the data channel, with the socket transport progress and
 * status frames come on the socket. Progress follows real steps, each once
 * and in order: 30 greeted, 50 offer answered, 80 ICE connected, 100 first
 * frame presented.
 *
 * Its own watch, on the injected clock: no presented frame for `stallMs` is
 * `ended('lost')`; no first frame within `connectTimeoutMs` is
 * `ended('failed', why)`. A connection ends once: after `close()` (ours) or
 * `ended` (the cloud's) nothing of it is heard again, so a late failure of an
 * old connection never ends a newer one.
 */
import { STREAM_PROGRESS, type StreamEventCode, type StreamFrameMessage, type StreamProgressValue, type StreamTransport } from '../api/contract.ts';
import type { Clock, TimerId } from '../core/clock.ts';
import { locale } from '../core/i18n/locale.ts';
import { messages, params } from '../core/i18n/messages.ts';
import { createSocket, SOCKET_STATE, type SocketClose, type SocketTask } from '../core/socket.ts';
import { absoluteSocketUrl, HEARTBEAT_MESSAGE } from './duration.ts';
import { closeReason, readStreamMessage, streamSocketUrl, type StreamMessageHandlers } from './mock-stream-socket.ts';
import { createRtcLink, type RtcLink } from './rtc-link.ts';
import type { Rumble, SdkDisconnect, SdkSound, StreamTarget } from './sdk.ts';
import { computeStats, sampleOf, type StatsSample, type StreamStats } from './stream-stats.ts';
import { createVideoPresenter, type FramePresenter, type PresentedFrame, type PresenterFactory } from './video-presenter.ts';

export interface ConnectionOptions {
  clock: Clock;
  socketBase: string;
  WebSocketImpl?: typeof WebSocket;
  location?: { href: string };
  mockSession?: string | null;
  PeerConnection?: typeof RTCPeerConnection;
  presenter?: PresenterFactory;
  connectTimeoutMs: number;
  stallMs: number;
  log: (msg: string) => void;
}

/** What a connection tells the SDK. */
export interface ConnectionHooks {
  progress(value: StreamProgressValue): void;
  event(code: StreamEventCode, msg: string): void;
  /** The cloud's report of the last frame it sent (data channel, or the socket's status frame). */
  report(frame: StreamFrameMessage): void;
  /** The game asks for rumble (data channel, or the stream socket). */
  vibrate(rumble: Rumble): void;
  presented(frame: PresentedFrame, at: number): void;
  /** Where a new picture goes (the element mounted now). */
  mounted(): HTMLElement | null;
  /** The sound's level now, for a new stream's sound. */
  sound(): SdkSound;
  /** The browser holds the sound back until a touch (true), or plays it (false). */
  soundBlocked(blocked: boolean): void;
  /** The connection ended without our asking; everything of it is already closed. */
  ended(reason: SdkDisconnect, message?: string): void;
}

export interface StreamConnection {
  readonly transport: StreamTransport | null;
  /** The stream socket is open: input can go. */
  readonly open: boolean;
  /** Opens the socket; a failure to even start ends the connection at once. */
  connect(): void;
  /** Moves the picture (null: nowhere; frames still decode). */
  mount(el: HTMLElement | null): void;
  setSound(sound: SdkSound): void;
  unblockSound(): void;
  /** On the data channel once it is open, else on the socket; a send that throws is dropped (a dead link shows up as an end). */
  send(text: string): void;
  /** The last second's figures; null when the stream went meanwhile or there is no inbound video yet. */
  stats(at: number, inputLatencyMs: number | null): Promise<StreamStats | null>;
  /** Ours: everything closed, nothing reported. */
  close(): void;
}

const WATCH_MS = 1000;

/** 60000 → "60", 1500 → "1.5". */
const secondsText = (ms: number): string => String(Math.round(ms / 100) / 10);

// The player reads these under the ending's reason; each is read when the stream ends, in the language showing then.
const msgs = messages('game/connection', {
  setUpFailed: params('The stream could not be set up: {reason}'),
  noConnect: params('The video stream did not connect within {seconds} s.'),
  stalled: params('no video for {seconds} s'),
  noWebRtc: 'This browser cannot play the stream: it has no WebRTC.',
});

const setUpFailed = (err: unknown): string => msgs.get().setUpFailed({ reason: err instanceof Error ? err.message : String(err) });

const SOCKET_FIGURES: Omit<StreamStats, 'at'> = {
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

export function createStreamConnection(opts: ConnectionOptions, to: StreamTarget, hooks: ConnectionHooks): StreamConnection {
  const { clock, log } = opts;
  let closed = false;
  let opened = false;
  let transport: StreamTransport | null = null;
  let link: RtcLink | null = null;
  let presenter: FramePresenter | null = null;
  let prevSample: StatsSample | null = null;
  /** The step reached: steps are reported once each, in order, whatever order the peer's events come in. */
  let reached = 0;
  let frames = 0;
  let lastFrameAt = 0;

  const sock: SocketTask = createSocket({
    url: absoluteSocketUrl(streamSocketUrl(opts.socketBase, to, opts.mockSession, locale.get()), opts.location ?? globalThis.location),
    clock,
    ...(opts.WebSocketImpl ? { WebSocketImpl: opts.WebSocketImpl } : {}),
    heartbeat: { message: HEARTBEAT_MESSAGE },
    reconnect: null,
  });

  const progress = (value: StreamProgressValue): void => {
    for (const step of STREAM_PROGRESS) {
      if (step.value <= reached || step.value > value) continue;
      reached = step.value;
      hooks.progress(step.value);
    }
  };

  const timers: TimerId[] = [
    // Also when the server never says hello; the socket transport keeps its server-driven steps (a scripted load stall waits).
    clock.setTimeout(() => {
      if (frames === 0 && transport !== 'socket') end('failed', msgs.get().noConnect({ seconds: secondsText(opts.connectTimeoutMs) }));
    }, opts.connectTimeoutMs),
  ];
  const watch = clock.setInterval(() => {
    if (transport === 'webrtc' && frames > 0 && clock.now() - lastFrameAt > opts.stallMs) end('lost', msgs.get().stalled({ seconds: secondsText(opts.stallMs) }));
  }, WATCH_MS);

  const offs = [
    sock.on('open', () => {
      opened = true;
    }),
    sock.on('message', (text: string) => {
      if (!closed) onMessage(text);
    }),
    sock.on('error', () => {
      // Never connected: no close may follow (connect timeout, constructor failure).
      if (!opened) end('lost');
    }),
    sock.on('close', (payload?: unknown) => end(closeReason(payload as SocketClose | undefined))),
  ];

  function close(): void {
    if (closed) return;
    closed = true;
    for (const off of offs.splice(0)) off();
    for (const t of timers.splice(0)) clock.clearTimeout(t);
    clock.clearInterval(watch);
    link?.close();
    link = null;
    presenter?.close();
    presenter = null;
    transport = null;
    prevSample = null;
    sock.close(1000, 'client');
  }

  function end(reason: SdkDisconnect, message?: string): void {
    if (closed) return;
    close();
    log(`mock sdk: stream ${to.sc_id} ${reason}${message ? `: ${message}` : ''}`);
    hooks.ended(reason, message);
  }

  function onPresented(frame: PresentedFrame): void {
    // When the frame was shown, not when its code was read (docs/stream-stats.md: latency ends at presentation).
    const at = clock.now() - Math.max(0, frame.sinceShownMs ?? 0);
    lastFrameAt = at;
    frames++;
    hooks.presented(frame, at);
    if (frames === 1) progress(100);
  }

  function startRtc(): void {
    const PeerConnection = opts.PeerConnection ?? globalThis.RTCPeerConnection;
    if (typeof PeerConnection !== 'function') {
      end('failed', msgs.get().noWebRtc);
      return;
    }
    const current = (opts.presenter ?? createVideoPresenter)(onPresented, hooks.soundBlocked);
    presenter = current;
    current.setSound(hooks.sound());
    current.mount(hooks.mounted());
    let mine: RtcLink;
    try {
      mine = createRtcLink({
        PeerConnection,
        signal: (m) => {
          if (sock.readyState === SOCKET_STATE.OPEN) sock.send(m);
        },
        answered: () => progress(50),
        connected: () => progress(80),
        track: (t) => current.show(t),
        report: (r) => hooks.report(r),
        vibrate: (r) => hooks.vibrate(r),
        failed: (why) => end('lost', why),
        log,
      });
    } catch (err) {
      end('failed', setUpFailed(err));
      return;
    }
    link = mine;
    progress(30);
    mine.start().catch((err: unknown) => end('failed', setUpFailed(err)));
  }

  const onServer: StreamMessageHandlers = {
    hello(t) {
      // One hello a connection: a second would leak the first peer.
      if (transport !== null) return;
      transport = t;
      if (transport === 'webrtc') startRtc();
    },
    rtc(msg) {
      link?.handle(msg).catch((err: unknown) => end('failed', setUpFailed(err)));
    },
    progress(value) {
      // The socket transport's steps; WebRTC reports its own.
      if (transport !== 'webrtc') progress(value);
    },
    event: (code, msg) => hooks.event(code, msg),
    frame: (msg) => hooks.report(msg),
    vibrate: (rumble) => hooks.vibrate(rumble),
    error: (msg) => log(`mock sdk: server says ${msg}`),
  };
  const onMessage = (text: string): void => readStreamMessage(text, onServer);

  return {
    get transport() {
      return transport;
    },
    get open() {
      return !closed && sock.readyState === SOCKET_STATE.OPEN;
    },
    connect: () => sock.connect(),
    mount: (el) => presenter?.mount(el),
    setSound: (s) => presenter?.setSound(s),
    unblockSound: () => presenter?.unblockSound(),
    send(text) {
      try {
        if (!link?.send(text)) sock.send(text);
      } catch {
        // Dropped input is harmless; a dead link shows up as an end.
      }
    },
    async stats(at, inputLatencyMs) {
      if (transport !== 'webrtc' || !link) return { at, ...SOCKET_FIGURES };
      const report = await link.stats();
      // A drop or reconnect while waiting: these counters belong to a stream that is gone.
      if (closed) return null;
      const sample = report ? sampleOf(report) : null;
      if (!sample) return null;
      const out = computeStats(prevSample, sample, { at, inputLatencyMs });
      prevSample = sample;
      return out;
    },
    close,
  };
}
