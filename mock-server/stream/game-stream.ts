/**
 * The game a cloud session runs (docs/decisions/0005-webrtc-stream.md): one per game session
 * (sc_id), server-authoritative, on a fixed 60 Hz tick. It lives as long as
 * the session, so a hang-up pauses it (no viewer, no tick), and a resume or a
 * reconnect continues the same game; `dispose` (stop) ends it.
 *
 * Each tick: input that has arrived (after the scripted latency) is applied,
 * and an input that arrives between ticks pulls the next tick forward to now
 * (at most one tick each tick period, so the game still ticks 60 times a
 * second and no faster: a player sees the input up to a tick sooner);
 * the game steps, and — when a viewer wants video — the picture is drawn with
 * the frame code and handed to every viewer, with the sound made since the
 * last tick (sound.ts), through the network conditions.
 * The loop runs on the injected frame clock (real time in the server: video
 * is physically real-time, even when the session's scripted clock is virtual).
 */
import type { LevelConfig, StreamFrameMessage, StreamGameState, StreamInputDevice, StreamInputMessage, StreamVibrateMessage } from '../../web/api/contract.ts';
import { STREAM_TICK_HZ } from '../limits.ts';
import type { ContentLanguage } from '../languages.ts';
import type { Clock, TimerId } from '../../web/core/clock.ts';
import { createControls } from './controls.ts';
import { createStreamGame, type GameKind, type StreamGame } from './games/index.ts';
import type { NetworkConditions } from './network.ts';
import { createPicture, type Picture } from './picture.ts';
import { rumbleFor } from './rumble.ts';
import { createSound, soundsFor } from './sound.ts';
import type { VideoFrame } from './native.ts';

const TICK_MS = 1000 / STREAM_TICK_HZ;
/** Behind by more than this many ticks (a busy server): skip ahead instead of bursting to catch up. */
const MAX_CATCH_UP_TICKS = 4;
/** An input that comes less than this before the next tick waits for it: a tick pulled forward by less gains nothing. */
const PULL_MIN_MS = 2;
/**
 * A sound chunk is 10 ms. A busy server that fell behind sends the chunks it owes at once rather than skipping them
 * as the picture skips frames: the sound's timestamps count samples, so a skipped chunk would leave every later one
 * looking late to the browser, whose audio buffer then grows by as much for good (the sound lagged the picture by over
 * a second on a loaded machine). Only a stop of more than a second is skipped.
 */
const MAX_CATCH_UP_CHUNKS = 100;

/** A viewer of the game: one WebRTC peer. */
export interface Viewer {
  /** A frame left the server (after latency, drop and stall). `video` is reused: copy it if kept. */
  frame(video: VideoFrame, info: StreamFrameMessage): void;
  /** The game asks for rumble (a hit); after the same latency as frames, but never dropped with one. */
  vibrate(msg: StreamVibrateMessage): void;
  /** 10 ms of the game's sound (48 kHz mono PCM), after the same latency as frames; a viewer without sound leaves it out. */
  audio?(samples: Int16Array): void;
}

export interface GameStreamOptions {
  kind: GameKind;
  title: string;
  seed: number;
  /** The language the HUD's words are drawn in (English when not given). */
  language?: ContentLanguage;
  /** The session's clarity now (display_grade changes it mid-stream). */
  level(): LevelConfig;
  network(): NetworkConditions;
  /** Real time for the tick; a test passes a manual clock. */
  frameClock: Clock;
  /** Makes the picture; a test may pass one that draws nothing. */
  picture?: Picture;
  random?: () => number;
  log?: (line: string) => void;
}

export interface GameStreamFigures {
  kind: GameKind;
  viewers: number;
  ticks: number;
  framesSent: number;
  framesDropped: number;
  inputs: number;
  inputSeq: number;
  /** Mean wall ms to draw and convert one frame over the last second (it grows when the machine is busy, not only with the picture). */
  frameCostMs: number;
  /** 10 ms chunks of sound sent since start. */
  soundChunks: number;
}

export interface GameStream {
  readonly game: StreamGame;
  /** Starts the loop if it is the first viewer; the returned function detaches it (the last one pauses the game). */
  attach(viewer: Viewer): () => void;
  /** Input from a client; applied on the first tick after the scripted latency, which it pulls forward to now when it is due now. */
  input(msg: StreamInputMessage): void;
  /** Frames left since start, input seq in force: the same numbers the frame code carries. */
  figures(): GameStreamFigures;
  dispose(): void;
}

interface Pending<T> {
  at: number;
  value: T;
}

type Outgoing =
  | { kind: 'frame'; video: VideoFrame; info: StreamFrameMessage }
  | { kind: 'vibrate'; msg: StreamVibrateMessage }
  | { kind: 'audio'; samples: Int16Array };

export function createGameStream(o: GameStreamOptions): GameStream {
  const clock = o.frameClock;
  const game = createStreamGame({ kind: o.kind, title: o.title, seed: o.seed, language: o.language });
  const controls = createControls();
  const picture = o.picture ?? createPicture();
  const random = o.random ?? Math.random;
  const sound = createSound({ kind: o.kind, random });
  const viewers = new Set<Viewer>();
  const inbox: Pending<StreamInputMessage>[] = [];
  const outbox: Pending<Outgoing>[] = [];
  let timer: TimerId | undefined;
  let nextAt = 0;
  let ticks = 0;
  let frame = 0;
  let framesSent = 0;
  let framesDropped = 0;
  let inputs = 0;
  let inputSeq = 0;
  let lastInput: StreamInputDevice | null = null;
  let costSum = 0;
  let costCount = 0;
  let frameCostMs = 0;
  let costWindowStart = 0;
  let disposed = false;
  /** When the sound's clock started (the loop's start), and the chunks made since. */
  let soundStart = 0;
  let soundMade = 0;
  let soundTimer: TimerId | undefined;
  let soundChunks = 0;

  function applyInputs(now: number): void {
    const { width, height } = o.level();
    while (inbox.length > 0 && (inbox[0] as Pending<StreamInputMessage>).at <= now) {
      const msg = (inbox.shift() as Pending<StreamInputMessage>).value;
      controls.apply(msg, { width, height });
      inputSeq = Math.max(inputSeq, msg.seq);
      lastInput = msg.device;
    }
  }

  function deliver(now: number): void {
    while (outbox.length > 0 && (outbox[0] as Pending<Outgoing>).at <= now) {
      send((outbox.shift() as Pending<Outgoing>).value);
    }
  }

  /** Now, or held back by the scripted latency (and behind anything already held, so order is kept). */
  function post(out: Outgoing, now: number): void {
    const latency = o.network().latencyMs;
    if (latency <= 0 && outbox.length === 0) send(out);
    else outbox.push({ at: now + Math.max(0, latency), value: out });
  }

  /** One viewer's failure (a peer closing under us) must not stop the game for the others or the loop. */
  function send(out: Outgoing): void {
    for (const v of viewers) {
      try {
        if (out.kind === 'frame') v.frame(out.video, out.info);
        else if (out.kind === 'audio') v.audio?.(out.samples);
        else v.vibrate(out.msg);
      } catch (err) {
        o.log?.(`stream: a viewer dropped a ${out.kind}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (out.kind === 'frame') framesSent++;
    else if (out.kind === 'audio') soundChunks++;
  }

  /**
   * The sound due by `now` in 10 ms chunks; none while the network stalls. Made on a 10 ms timer of its own as well
   * as on the game's tick, so chunks leave at a steady 10 ms rather than in the ticks' 16.7 ms rhythm (one, two,
   * one…): the browser's audio buffer grows with the unevenness it sees, and the sound lags the picture by as much
   * (decision 0027).
   */
  function makeSound(now: number): void {
    if (![...viewers].some((v) => v.audio)) return;
    const due = Math.floor((now - soundStart) / 10);
    if (due - soundMade > MAX_CATCH_UP_CHUNKS) soundMade = due - 1;
    const stalled = o.network().stall;
    for (; soundMade < due; soundMade++) {
      const samples = sound.chunk();
      if (!stalled) post({ kind: 'audio', samples }, now);
    }
  }

  function makeFrame(now: number, state: StreamGameState): void {
    const net = o.network();
    frame++;
    if (net.stall || (net.dropPercent > 0 && random() * 100 < net.dropPercent)) {
      framesDropped++;
      return;
    }
    const level = o.level();
    const started = performance.now();
    const video = picture.render(game, level.width, level.height, { frame, inputSeq });
    costSum += performance.now() - started;
    costCount++;
    const info: StreamFrameMessage = { type: 'frame', frame, input_seq: inputSeq, t: now, inputs, last_input: lastInput, game: state };
    // Held back, the picture buffer is reused by the next render: keep a copy.
    const held = net.latencyMs > 0 || outbox.length > 0;
    post({ kind: 'frame', video: held ? { ...video, data: video.data.slice() } : video, info }, now);
  }

  function tick(): void {
    timer = undefined;
    if (disposed || viewers.size === 0) return;
    const now = clock.now();
    applyInputs(now);
    const before = game.state();
    game.tick(controls.take());
    ticks++;
    const after = game.state();
    const rumble = rumbleFor(before, after);
    if (rumble) post({ kind: 'vibrate', msg: rumble }, now);
    for (const effect of soundsFor(before, after)) sound.play(effect);
    makeSound(now);
    makeFrame(now, after);
    deliver(now);
    if (now - costWindowStart >= 1000) {
      frameCostMs = costCount > 0 ? costSum / costCount : 0;
      costSum = costCount = 0;
      costWindowStart = now;
    }
    nextAt += TICK_MS;
    if (clock.now() - nextAt > MAX_CATCH_UP_TICKS * TICK_MS) nextAt = clock.now();
    timer = clock.setTimeout(tick, Math.max(0, nextAt - clock.now()));
  }

  function start(): void {
    if (timer !== undefined || disposed) return;
    nextAt = clock.now();
    costWindowStart = nextAt;
    soundStart = nextAt;
    soundMade = 0;
    timer = clock.setTimeout(tick, 0);
    clock.clearInterval(soundTimer);
    soundTimer = clock.setInterval(() => {
      if (disposed || viewers.size === 0) return;
      const now = clock.now();
      makeSound(now);
      deliver(now);
    }, 10);
  }

  function pause(): void {
    clock.clearTimeout(timer);
    timer = undefined;
    clock.clearInterval(soundTimer);
    soundTimer = undefined;
    // Nothing stays pressed across a hang-up or a reconnect.
    controls.release();
    inbox.length = 0;
    outbox.length = 0;
  }

  return {
    game,
    attach(viewer) {
      viewers.add(viewer);
      start();
      return () => {
        if (!viewers.delete(viewer)) return;
        if (viewers.size === 0) pause();
      };
    },
    input(msg) {
      if (disposed) return;
      inputs++;
      const latency = o.network().latencyMs;
      const now = clock.now();
      inbox.push({ at: now + latency, value: msg });
      // Due now, and the next tick is still on its own time (not already a pulled one's successor): run it now. It
      // takes that tick's place, so the one after keeps its time and the game its 60 ticks a second.
      const ahead = nextAt - now;
      if (latency <= 0 && timer !== undefined && ahead >= PULL_MIN_MS && ahead <= TICK_MS) {
        clock.clearTimeout(timer);
        tick();
      }
    },
    figures: () => ({ kind: o.kind, viewers: viewers.size, ticks, framesSent, framesDropped, inputs, inputSeq, frameCostMs, soundChunks }),
    dispose() {
      disposed = true;
      viewers.clear();
      pause();
    },
  };
}
