/**
 * The virtual gamepad in the standard gamepad layout (SPEC §9 "Gamepad: 17
 * buttons, 4 axes"; W3C Gamepad "standard" mapping): which on-screen control
 * is which button index, and how a thumbstick's offset becomes two axes.
 */
export const PAD_BUTTONS = 17;
export const PAD_AXES = 4;

/** Standard mapping indices. */
export const BUTTON = {
  A: 0,
  B: 1,
  X: 2,
  Y: 3,
  LB: 4,
  RB: 5,
  LT: 6,
  RT: 7,
  Select: 8,
  Start: 9,
  L3: 10,
  R3: 11,
  Up: 12,
  Down: 13,
  Left: 14,
  Right: 15,
  Home: 16,
} as const;

export type ButtonName = keyof typeof BUTTON;

/** Axes 0/1 the left stick (x, y), 2/3 the right stick. */
export type Stick = 'left' | 'right';
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

/** The on-screen layout: which buttons sit where (left cluster, right cluster, centre). */
export const PAD_LAYOUT: Readonly<Record<'shoulderLeft' | 'shoulderRight' | 'dpad' | 'face' | 'centre', readonly ButtonName[]>> = {
  shoulderLeft: ['LT', 'LB'],
  shoulderRight: ['RT', 'RB'],
  dpad: ['Up', 'Left', 'Right', 'Down'],
  face: ['Y', 'X', 'B', 'A'],
  centre: ['Select', 'Home', 'Start', 'L3', 'R3'],
};

/** Every standard button appears exactly once on screen. */
export const LAID_OUT_BUTTONS: readonly ButtonName[] = Object.values(PAD_LAYOUT).flat();

/** Vibration feedback only where the device can and the player wants it (settings.vibrates). */
export function shouldVibrate(vibrates: number, canVibrate: boolean): boolean {
  return vibrates === 1 && canVibrate;
}
