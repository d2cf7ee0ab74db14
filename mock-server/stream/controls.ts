/**
 * Folds the SDK's input events (gamepad snapshots, key edges, touches,
 * relative mouse motion) into the few controls a streamed game reads each
 * tick. Pure: the stream applies events as they arrive and the game loop
 * samples `state()` at 60 Hz.
 */
import type { StreamInput } from '../../web/api/contract.ts';

export interface ControlState {
  /** -1..1: left stick (dead zone 0.2), d-pad (buttons 12 up,13 down,14 left,15 right), arrows or WASD. y is down-positive. */
  x: number;
  y: number;
  /** Held: gamepad A (button 0) or right trigger (7), Space, touch or left mouse button down. */
  action: boolean;
  /** Held: gamepad Start (9), Enter, KeyR. */
  start: boolean;
  /** Absolute pointer 0..1 of the picture (last touch position, or the mouse cursor), null before any touch/mouse. */
  pointer: { x: number; y: number; down: boolean } | null;
}

export interface Controls {
  apply(input: StreamInput, picture: { width: number; height: number }): void;
  state(): ControlState;
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
  // Normalised so a picture-size change mid-stream keeps the cursor where it was.
  let cursor = { x: 0.5, y: 0.5 };
  let pointer: { x: number; y: number } | null = null;
  let pointerFrom: 'touch' | 'mouse' | null = null;

  const held = (codes: readonly string[]): boolean => codes.some((c) => keys.has(c));
  const button = (i: number): boolean => (pad?.buttons[i] ?? 0) >= BUTTON_HELD;
  const dir = (neg: boolean, pos: boolean): number => (pos ? 1 : 0) - (neg ? 1 : 0);

  function applyMouse(input: Extract<StreamInput, { device: 'mouse' }>, picture: { width: number; height: number }): void {
    const w = picture.width > 0 ? picture.width : 1;
    const h = picture.height > 0 ? picture.height : 1;
    const dx = Number.isFinite(input.dx) ? input.dx : 0;
    const dy = Number.isFinite(input.dy) ? input.dy : 0;
    cursor = { x: clamp(cursor.x + dx / w, 0, 1), y: clamp(cursor.y + dy / h, 0, 1) };
    // down/up name the button that changed; `buttons` is the held mask on every event and wins for moves.
    if ((input.action === 'down' || input.action === 'up') && input.button === 0) mouseLeft = input.action === 'down';
    else if (typeof input.buttons === 'number') mouseLeft = (input.buttons & 1) !== 0;
    pointer = cursor;
    pointerFrom = 'mouse';
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
          pointerFrom = 'touch';
          if (input.action === 'down') touchDown = true;
          else if (input.action === 'up') touchDown = false;
          break;
        case 'mouse':
          applyMouse(input, picture);
          break;
      }
    },

    state() {
      const x =
        stickAxis(pad?.axes[0]) +
        dir(button(BUTTON.left), button(BUTTON.right)) +
        dir(held(KEYS_LEFT), held(KEYS_RIGHT));
      const y =
        stickAxis(pad?.axes[1]) + dir(button(BUTTON.up), button(BUTTON.down)) + dir(held(KEYS_UP), held(KEYS_DOWN));
      const down = pointerFrom === 'touch' ? touchDown : pointerFrom === 'mouse' ? mouseLeft : false;
      return {
        x: clamp(x, -1, 1),
        y: clamp(y, -1, 1),
        action: button(BUTTON.a) || button(BUTTON.rightTrigger) || held(KEYS_ACTION) || touchDown || mouseLeft,
        start: button(BUTTON.start) || held(KEYS_START),
        pointer: pointer ? { x: pointer.x, y: pointer.y, down } : null,
      };
    },

    release() {
      keys.clear();
      pad = null;
      touchDown = false;
      mouseLeft = false;
    },
  };
}
