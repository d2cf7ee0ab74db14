/**
 * The virtual gamepad in the standard gamepad layout (SPEC §9 "Gamepad: 17
 * buttons, 4 axes"; W3C Gamepad "standard" mapping): the pad's state, how a
 * thumbstick's offset becomes two axes and a thumb on the d-pad its
 * directions. Which code is which button: web/game/layouts-codes.ts.
 */
import { BUTTON, keyAction, type ButtonName, type Stick } from '../../../../game/layouts-codes.ts';
import { BUILT_IN_GAMEPAD } from '../../../../game/layouts-choice.ts';

export const PAD_BUTTONS = 17;
export const PAD_AXES = 4;

export { BUTTON, type ButtonName, type Stick };

export const STICK_AXES: Record<Stick, readonly [number, number]> = { left: [0, 1], right: [2, 3] };

/** The pad's state, sent whole on every change. */
export interface PadState {
  buttons: number[];
  axes: number[];
}

export const emptyPad = (): PadState => ({ buttons: new Array<number>(PAD_BUTTONS).fill(0), axes: new Array<number>(PAD_AXES).fill(0) });

export function pressButton(pad: PadState, name: ButtonName, down: boolean): PadState {
  const buttons = pad.buttons.slice();
  buttons[BUTTON[name]] = down ? 1 : 0;
  return { buttons, axes: pad.axes };
}

/**
 * A thumbstick touched `dx`, `dy` px from its centre with `radius` px of
 * travel: each axis in −1…1 (y down is positive, as in the standard mapping),
 * the vector clamped to the unit circle, a small dead zone around the centre.
 */
export function stickAxes(dx: number, dy: number, radius: number, deadZone = 0.08): [number, number] {
  if (radius <= 0) return [0, 0];
  let x = dx / radius;
  let y = dy / radius;
  const len = Math.hypot(x, y);
  if (len < deadZone) return [0, 0];
  if (len > 1) {
    x /= len;
    y /= len;
  }
  const round = (v: number): number => Math.round(v * 1000) / 1000 || 0;
  return [round(x), round(y)];
}

export function moveStick(pad: PadState, stick: Stick, axes: readonly [number, number]): PadState {
  const next = pad.axes.slice();
  const [ix, iy] = STICK_AXES[stick];
  next[ix] = axes[0];
  next[iy] = axes[1];
  return { buttons: pad.buttons, axes: next };
}

export const DPAD_BUTTONS = ['Up', 'Down', 'Left', 'Right'] as const satisfies readonly ButtonName[];
export type DpadButton = (typeof DPAD_BUTTONS)[number];

/** The buttons the built-in layout puts on screen (the d-pad is four of them). */
export const LAID_OUT_BUTTONS: readonly ButtonName[] = BUILT_IN_GAMEPAD.keys.flatMap((k): ButtonName[] => {
  const a = keyAction(k.code);
  return a?.kind === 'button' ? [a.button] : a?.kind === 'dpad' ? [...DPAD_BUTTONS] : [];
});

/**
 * The directions a thumb `dx`, `dy` px from the d-pad's centre presses, with
 * `radius` px to its edge: eight sectors of 45°, so a thumb between two arms
 * presses both (a diagonal); nothing within the middle 25 % (the pivot).
 */
export function dpadDirections(dx: number, dy: number, radius: number, deadZone = 0.25): DpadButton[] {
  if (radius <= 0 || Math.hypot(dx, dy) < radius * deadZone) return [];
  // 0° is right, clockwise (y down); sector n covers n·45° ± 22.5°.
  const sector = Math.round(((Math.atan2(dy, dx) * 180) / Math.PI + 360) / 45) % 8;
  const SECTORS: readonly DpadButton[][] = [['Right'], ['Down', 'Right'], ['Down'], ['Down', 'Left'], ['Left'], ['Up', 'Left'], ['Up'], ['Up', 'Right']];
  return SECTORS[sector] ?? [];
}

/** The d-pad's four buttons as `pressed` says, the rest of the pad unchanged. */
export function setDpad(pad: PadState, pressed: readonly DpadButton[]): PadState {
  const buttons = pad.buttons.slice();
  for (const b of DPAD_BUTTONS) buttons[BUTTON[b]] = pressed.includes(b) ? 1 : 0;
  return { buttons, axes: pad.axes };
}

/** Vibration feedback only where the device can and the player wants it (settings.vibrates). */
export function shouldVibrate(vibrates: number, canVibrate: boolean): boolean {
  return vibrates === 1 && canVibrate;
}
