/**
 * The cloud-gaming SDK seam (SPEC §4 "Start", "Progress", "Reconnect",
 * "Stream events"; §9 gamepad and timings). A real vendor SDK is wrapped in
 * an object of this shape; `mock-sdk.ts` implements it against the mock
 * cloud (WebRTC video, signalled on its stream socket). The session
 * (`session.ts`, its effects in `effects.ts`) is the only caller: it owns the SPEC timeouts
 * (SDK_INIT_WAIT_MS, RECONNECT_WAIT_MS) on the injected clock; an SDK's own
 * watch (no frame for STREAM_STALL_MS, no connection within the init wait)
 * runs on the same clock.
 *
 * Contract an implementation keeps:
 * - `start`, `resume` and `reconnect` report `progress` 30 → 50 → 80 → 100;
 *   100 means the stream is received (an adapter for a game whose SDK has no
 *   such signal reports 100 when the game window opens, SPEC §4 "Progress").
 * - Server stream events (43000, 43001, 43100, 45001, 54001) go to `event`;
 *   the game's rumble requests go to `vibrate`.
 * - The game's sound plays at the level `setSound` last gave, on every stream
 *   from then on; when the browser holds it back until the player touches the
 *   page (autoplay rules), `soundBlocked(true)` says so, and `unblockSound`,
 *   called in that touch, starts it (decision 0027).
 * - A transport that drops (or stalls) goes to `disconnect('lost')`; one the
 *   cloud closed because the session is gone goes to `disconnect('ended')`; a
 *   stream that could not be set up goes to `disconnect('failed', why)`. Closing it
 *   ourselves (`pause`, `stop`, `reconnect`, `destroy`) reports nothing.
 * - `send*` never throw: input while no stream is up is dropped.
 */
import type { DisplayGrade, LevelConfig, StreamEventCode, StreamProgressValue } from '../api/contract.ts';
import { createEmitter } from '../core/emitter.ts';
import type { StreamStats } from './stream-stats.ts';

/** SPEC §9: the standard gamepad layout. */
export const GAMEPAD_BUTTONS = 17;
export const GAMEPAD_AXES = 4;

/** What the SDK needs to open a stream: a play (or reconnect, or seat) answer of the cloud. */
export interface StreamTarget {
  sc_id: string;
  game_key: string;
  /** Stream location relative to the socket base (the mock: "stream?sc_id=…"); a vendor SDK may ignore it. */
  stream_url: string;
  level_config: LevelConfig;
}

/**
 * How a stream ended. `lost`: the transport dropped (a reconnect may bring it
 * back). `ended`: the cloud closed it because the session is gone. `failed`:
 * the stream could not be set up at all (no WebRTC connection within the SDK
 * init wait); the message says why, for the player.
 */
export type SdkDisconnect = 'lost' | 'ended' | 'failed';

/** Rumble the game asks for (a hit): how long, and the strength 0–1 of the two motors (`strong` the low-frequency one). */
export interface Rumble {
  durationMs: number;
  strong: number;
  weak: number;
}

/** How the game's sound plays: `volume` 0–1; off is silent whatever the volume. */
export interface SdkSound {
  on: boolean;
  volume: number;
}

export interface SdkListener {
  progress?(value: StreamProgressValue): void;
  event?(code: StreamEventCode, msg: string): void;
  disconnect?(reason: SdkDisconnect, message?: string): void;
  /** The game asks for rumble; the session passes it on while the `vibrates` setting is on. */
  vibrate?(rumble: Rumble): void;
  /** The browser holds the sound back until the player touches the page (true), or plays it now (false). */
  soundBlocked?(blocked: boolean): void;
}

/** 17 buttons (0–1) and 4 axes (−1–1) of the standard layout; shorter arrays are padded with 0, longer ones cut. */
export interface GamepadInput {
  buttons: readonly number[];
  axes: readonly number[];
}

/**
 * Relative mouse motion (a touchpad-style drag or a locked pointer): the SDK
 * moves its cursor by `dx`, `dy` pixels of the element scaled by the mouse
 * sensitivity (see `setMouseSensitivity`).
 */
export interface MouseInput {
  action: 'down' | 'move' | 'up' | 'wheel';
  dx: number;
  dy: number;
  /** 0 left, 1 middle, 2 right (down/up). */
  button?: number;
  /** Held buttons as MouseEvent.buttons. */
  buttons?: number;
  /** Wheel lines (action "wheel"), positive down. */
  wheel?: number;
}

/** An absolute touch on the stream, `x` and `y` in 0–1 of its width and height. */
export interface TouchInput {
  action: 'down' | 'move' | 'up';
  x: number;
  y: number;
}

export interface GameSdk {
  /** True once `init` resolved. */
  readonly ready: boolean;
  /**
   * Load and initialise the vendor runtime. `timeoutMs` (SDK_INIT_WAIT_MS) is
   * a hint: the session gives up on its own clock after it either way.
   */
  init(opts: { timeoutMs: number }): Promise<void>;
  /** Connect the stream of a play (or seat) answer; progress follows. */
  start(target: StreamTarget): void;
  /** Hang-up: stop streaming and drop the connection; the cloud session lives on. */
  pause(): void;
  /** Back from hang-up: stream the same session again; progress follows. */
  resume(): void;
  /** Reconnect to session `target.sc_id` (after recon_play_game); progress follows up to 100. */
  reconnect(target: StreamTarget): void;
  /** End streaming for good (the session ended). */
  stop(): void;
  /** SPEC §3 clarity: the service level display_grade granted. */
  setServiceLevel(grade: DisplayGrade): void;
  /** Already scaled by the session: see `settings.ts` `sdkMouseSensitivity` (setting × 1.19). */
  setMouseSensitivity(value: number): void;
  /** The sound's level from now on, this stream and the next. */
  setSound(sound: SdkSound): void;
  /** Called inside a player's touch or click: starts sound the browser held back. */
  unblockSound(): void;
  sendGamepad(input: GamepadInput): void;
  /** `key` is a KeyboardEvent.code ("KeyW", "Space"). */
  sendKey(key: string, down: boolean): void;
  sendMouse(input: MouseInput): void;
  sendTouch(input: TouchInput): void;
  /** Where the picture goes; one element at a time. */
  mount(el: HTMLElement): void;
  unmount(): void;
  subscribe(listener: SdkListener): () => void;
  /**
   * The last second's measured stream figures (docs/stream-stats.md), or null when
   * no stream is up. A vendor SDK answers from its own statistics API; this
   * is the seam change the realtime-info overlay needed.
   */
  stats(): Promise<StreamStats | null>;
  /** Stop and forget every listener; the object is not used again. */
  destroy(): void;
}

/** Pads or cuts to the standard layout and clamps values (buttons 0–1, axes −1–1); NaN becomes 0. */
export function normaliseGamepad(input: GamepadInput): { buttons: number[]; axes: number[] } {
  const fit = (src: readonly number[], n: number, lo: number): number[] =>
    Array.from({ length: n }, (_, i) => {
      const v = src[i] ?? 0;
      return Number.isFinite(v) ? Math.min(1, Math.max(lo, v)) : 0;
    });
  return { buttons: fit(input.buttons, GAMEPAD_BUTTONS, 0), axes: fit(input.axes, GAMEPAD_AXES, -1) };
}

/** The listener side of a GameSdk: an implementation calls `progress`, `event` and `disconnect`; `subscribe` is its GameSdk method. */
export interface SdkListeners extends Required<SdkListener> {
  subscribe(listener: SdkListener): () => void;
  /** Forgets every listener (`destroy`). */
  clear(): void;
}

/** SdkListeners on the core emitter: a listener that throws is logged and the others still hear. */
export function createSdkListeners(log: (msg: string) => void): SdkListeners {
  const events = createEmitter<{
    progress: StreamProgressValue;
    event: { code: StreamEventCode; msg: string };
    disconnect: { reason: SdkDisconnect; message?: string };
    vibrate: Rumble;
    soundBlocked: boolean;
  }>(log);
  return {
    progress: (value) => events.emit('progress', value),
    event: (code, msg) => events.emit('event', { code, msg }),
    disconnect: (reason, message) => events.emit('disconnect', message === undefined ? { reason } : { reason, message }),
    vibrate: (rumble) => events.emit('vibrate', rumble),
    soundBlocked: (blocked) => events.emit('soundBlocked', blocked),
    subscribe(listener) {
      const offs = [
        events.on('progress', (v) => listener.progress?.(v)),
        events.on('event', (e) => listener.event?.(e.code, e.msg)),
        events.on('disconnect', (d) => listener.disconnect?.(d.reason, d.message)),
        events.on('vibrate', (r) => listener.vibrate?.(r)),
        events.on('soundBlocked', (b) => listener.soundBlocked?.(b)),
      ];
      return () => offs.forEach((off) => off());
    },
    clear: () => events.clear(),
  };
}
