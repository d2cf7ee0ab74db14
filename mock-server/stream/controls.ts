/**
 * Folds the SDK's input events (gamepad snapshots, key edges, touches,
 * relative mouse motion) into the few controls a streamed game reads each
 * tick. Pure: the stream applies events as they arrive and the game loop
 * takes one sample a tick (`take()`, 60 Hz). What happens between two ticks
 * is not lost: mouse motion adds up, and a press let go before the tick
 * (a quick click or tap) still counts as one press in that tick.
 */
import type { StreamInput } from '../../web/api/contract.ts';

export interface ControlState {
  /** -1..1: left stick (dead zone 0.2), d-pad (buttons 12 up,13 down,14 left,15 right), arrows or WASD. y is down-positive. */
  x: number;
  y: number;
  /** Gamepad A (button 0) or right trigger (7), Space, touch or left mouse button: held, or pressed since the last tick. */
  action: boolean;
  /** Gamepad Start (9), Enter, KeyR: held, or pressed since the last tick. */
  start: boolean;
  /** Absolute touch 0..1 of the picture (the last touch position), null before any touch. */
  pointer: { x: number; y: number; down: boolean } | null;
  /** Relative mouse motion since the last tick (a locked pointer, a touchpad drag), in picture widths and heights. */
  motion: { dx: number; dy: number };
}

export interface Controls {
  apply(input: StreamInput, picture: { width: number; height: number }): void;
  /** What the controls read now, motion and presses since the last `take()` included. */
  state(): ControlState;
  /** `state()` for one game tick; motion and presses start over. */
  take(): ControlState;
  /** Forget held keys/buttons (stream dropped): nothing stays pressed. */
  release(): void;
}

export const STICK_DEAD_ZONE = 0.2;
/** Analog buttons (triggers) count as held past half travel. */
const BUTTON_HELD = 0.5;

const BUTTON = { a: 0, rightTrigger: 7, start: 9, up: 12, down: 13, left: 14, right: 15 } as const;

const KEYS_LEFT = ['ArrowLeft', 'KeyA'];
const KEYS_RIGHT = ['ArrowRight', 'KeyD'];
const KEYS_UP = ['ArrowUp', 'KeyW'];
const KEYS_DOWN = ['ArrowDown', 'KeyS'];
const KEYS_ACTION = ['Space'];
const KEYS_START = ['Enter', 'NumpadEnter', 'KeyR'];

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);
/** A garbled coordinate keeps the last good one rather than poisoning the game with NaN. */
const unit = (v: number, last: number | undefined): number => (Number.isFinite(v) ? clamp(v, 0, 1) : (last ?? 0.5));

/** Rescaled past the dead zone so a resting stick reads 0 and a full tilt still reads ±1. */
export function stickAxis(v: number | undefined): number {
  if (v === undefined || !Number.isFinite(v)) return 0;
  const m = Math.abs(v);
  if (m <= STICK_DEAD_ZONE) return 0;
  return Math.sign(v) * Math.min(1, (m - STICK_DEAD_ZONE) / (1 - STICK_DEAD_ZONE));
}

export function createControls(): Controls {
  const keys = new Set<string>();
  let pad: { buttons: number[]; axes: number[] } | null = null;
  let touchDown = false;
  let mouseLeft = false;
  let pointer: { x: number; y: number } | null = null;
  let motion = { dx: 0, dy: 0 };
  // Pressed since the last take(): a press let go within one tick still acts once.
  let actionPressed = false;
  let startPressed = false;

  const held = (codes: readonly string[]): boolean => codes.some((c) => keys.has(c));
  const button = (i: number): boolean => (pad?.buttons[i] ?? 0) >= BUTTON_HELD;
  const dir = (neg: boolean, pos: boolean): number => (pos ? 1 : 0) - (neg ? 1 : 0);
  const actionHeld = (): boolean => button(BUTTON.a) || button(BUTTON.rightTrigger) || held(KEYS_ACTION) || touchDown || mouseLeft;
  const startHeld = (): boolean => button(BUTTON.start) || held(KEYS_START);

  function applyMouse(input: Extract<StreamInput, { device: 'mouse' }>, picture: { width: number; height: number }): void {
    const w = picture.width > 0 ? picture.width : 1;
    const h = picture.height > 0 ? picture.height : 1;
    const dx = Number.isFinite(input.dx) ? input.dx : 0;
    const dy = Number.isFinite(input.dy) ? input.dy : 0;
    // Normalised, so a picture-size change mid-stream moves the player as far.
    motion = { dx: motion.dx + dx / w, dy: motion.dy + dy / h };
    // down/up name the button that changed; `buttons` is the held mask on every event and wins for moves.
    if ((input.action === 'down' || input.action === 'up') && input.button === 0) mouseLeft = input.action === 'down';
    else if (typeof input.buttons === 'number') mouseLeft = (input.buttons & 1) !== 0;
  }

  function state(): ControlState {
    const x = stickAxis(pad?.axes[0]) + dir(button(BUTTON.left), button(BUTTON.right)) + dir(held(KEYS_LEFT), held(KEYS_RIGHT));
    const y = stickAxis(pad?.axes[1]) + dir(button(BUTTON.up), button(BUTTON.down)) + dir(held(KEYS_UP), held(KEYS_DOWN));
    return {
      x: clamp(x, -1, 1),
      y: clamp(y, -1, 1),
      action: actionHeld() || actionPressed,
      start: startHeld() || startPressed,
      pointer: pointer ? { x: pointer.x, y: pointer.y, down: touchDown } : null,
      motion: { ...motion },
    };
  }

  return {
    apply(input, picture) {
      switch (input.device) {
        case 'gamepad':
          // Copied: the snapshot must not change under us if the caller reuses its arrays.
          pad = {
            buttons: Array.isArray(input.buttons) ? [...input.buttons] : [],
            axes: Array.isArray(input.axes) ? [...input.axes] : [],
          };
          break;
        case 'keyboard':
          if (input.down) keys.add(input.key);
          else keys.delete(input.key);
          break;
        case 'touch':
          pointer = { x: unit(input.x, pointer?.x), y: unit(input.y, pointer?.y) };
          if (input.action === 'down') touchDown = true;
          else if (input.action === 'up') touchDown = false;
          break;
        case 'mouse':
          applyMouse(input, picture);
          break;
      }
      if (actionHeld()) actionPressed = true;
      if (startHeld()) startPressed = true;
    },

    state,

    take() {
      const s = state();
      motion = { dx: 0, dy: 0 };
      actionPressed = false;
      startPressed = false;
      return s;
    },

    release() {
      keys.clear();
      pad = null;
      touchDown = false;
      mouseLeft = false;
      motion = { dx: 0, dy: 0 };
      actionPressed = false;
      startPressed = false;
    },
  };
}
