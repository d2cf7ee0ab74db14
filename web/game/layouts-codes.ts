/**
 * What each key code of a control layout sends. get_op_plan names keys by
 * code ("BTN_A", "STICK_L", "DPAD", "KeyW", "MouseLeft"); a gamepad code is a
 * button or stick of the standard layout (SPEC §9 "Gamepad: 17 buttons, 4
 * axes", W3C Gamepad "standard" mapping), a keyboard code is a
 * `KeyboardEvent.code`, a mouse code a mouse button.
 */
import { OP_TYPE, type OpType } from '../api/contract.ts';

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

export type KeyAction =
  | { kind: 'button'; button: ButtonName }
  | { kind: 'stick'; stick: Stick }
  /** Up, down, left and right in one control, so a thumb can roll between them. */
  | { kind: 'dpad' }
  | { kind: 'key'; code: string }
  /** 0 left, 1 middle, 2 right (MouseEvent.button). */
  | { kind: 'mouse'; button: 0 | 1 | 2 };

// Maps, not object literals: a code comes from the server or the database and must not find "constructor".
const PAD_CODES: ReadonlyMap<string, KeyAction> = new Map<string, KeyAction>([
  ['STICK_L', { kind: 'stick', stick: 'left' }],
  ['STICK_R', { kind: 'stick', stick: 'right' }],
  ['DPAD', { kind: 'dpad' }],
  ...(Object.keys(BUTTON) as ButtonName[]).map((b): [string, KeyAction] => [`BTN_${b.toUpperCase()}`, { kind: 'button', button: b }]),
]);

/** The Xbox names a plan may use for the same buttons. */
const PAD_ALIASES: ReadonlyMap<string, string> = new Map([
  ['BTN_BACK', 'BTN_SELECT'],
  ['BTN_VIEW', 'BTN_SELECT'],
  ['BTN_MENU', 'BTN_START'],
  ['BTN_GUIDE', 'BTN_HOME'],
]);

const MOUSE_CODES: ReadonlyMap<string, 0 | 1 | 2> = new Map([
  ['MouseLeft', 0],
  ['MouseMiddle', 1],
  ['MouseRight', 2],
]);

/** The KeyboardEvent codes of a full-size keyboard a game can bind. */
const KEY_CODE =
  /^(Key[A-Z]|Digit\d|Numpad(\d|Enter|Add|Subtract|Multiply|Divide|Decimal)|F([1-9]|1[0-2])|Arrow(Up|Down|Left|Right)|(Shift|Control|Alt)(Left|Right)|Space|Enter|Escape|Tab|Backspace|CapsLock|Minus|Equal|Bracket(Left|Right)|Semicolon|Quote|Backquote|Comma|Period|Slash|Backslash|Insert|Delete|Home|End|PageUp|PageDown)$/;

/** What `code` sends; null for a code no device has (a plan from a newer server, a damaged record). */
export function keyAction(code: string): KeyAction | null {
  const pad = PAD_CODES.get(PAD_ALIASES.get(code) ?? code);
  if (pad) return pad;
  const mouse = MOUSE_CODES.get(code);
  if (mouse !== undefined) return { kind: 'mouse', button: mouse };
  return KEY_CODE.test(code) ? { kind: 'key', code } : null;
}

/** How a control is sized: sticks and the d-pad need room for a thumb to travel, the rest are buttons. */
export type KeyShape = 'stick' | 'dpad' | 'button';

export function keyShape(code: string): KeyShape {
  const a = keyAction(code);
  return a?.kind === 'stick' ? 'stick' : a?.kind === 'dpad' ? 'dpad' : 'button';
}

const WORD: ReadonlyMap<string, string> = new Map(
  Object.entries({ STICK_L: 'L', STICK_R: 'R', DPAD: 'D-pad', MouseLeft: 'LMB', MouseMiddle: 'MMB', MouseRight: 'RMB', Escape: 'Esc', Backspace: '⌫' }),
);
const ARROW: ReadonlyMap<string, string> = new Map(Object.entries({ ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→' }));

/** The label of a key added from the palette (a plan brings its own). */
export function defaultLabel(code: string): string {
  const a = keyAction(code);
  if (a?.kind === 'button') return a.button;
  const fixed = WORD.get(code) ?? ARROW.get(code);
  if (fixed) return fixed;
  // KeyW → W, Digit1 → 1, ShiftLeft → Shift, Numpad5 → Num5.
  return code.replace(/^(Key|Digit)/, '').replace(/(Left|Right)$/, '').replace(/^Numpad/, 'Num');
}

const GAMEPAD_PALETTE: readonly string[] = ['STICK_L', 'STICK_R', 'DPAD', ...(Object.keys(BUTTON) as ButtonName[]).map((b) => `BTN_${b.toUpperCase()}`)];
const KEYBOARD_PALETTE: readonly string[] = [
  'MouseLeft',
  'MouseRight',
  'MouseMiddle',
  ...'WASDQERFCZXVGTBHM'.split('').map((c) => `Key${c}`),
  ...'12345'.split('').map((d) => `Digit${d}`),
  'Space',
  'ShiftLeft',
  'ControlLeft',
  'AltLeft',
  'Tab',
  'Escape',
  'Enter',
  'Backspace',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
];

/** The keys a player can add to a layout of `opType` (gamepad buttons and sticks, or keys and mouse buttons), each once. */
export function palette(opType: OpType, present: readonly string[]): string[] {
  const have = new Set(present.map((c) => PAD_ALIASES.get(c) ?? c));
  return (opType === OP_TYPE.gamepad ? GAMEPAD_PALETTE : KEYBOARD_PALETTE).filter((c) => !have.has(c));
}
