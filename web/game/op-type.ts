/**
 * How a game is played (decision 0007): the effective op type (SPEC §3
 * `op_type` setting; OP_TYPE 0 gamepad, 1 keyboard and mouse, 2 touch) from
 * the game's session variables (`default_op_type`, the `op_type` list,
 * `op_mode`), and what the screen shows for it on this device (`show_virtual`,
 * `show_keyboard`, `full_screen` and what the player chose). Pure: the device
 * comes as media-query answers, the player's choice as the stored part of
 * the game's settings (only a stored field counts as chosen).
 */
import { OP_MODE, OP_TYPE, type OpType } from '../api/contract.ts';
import type { GameSettings } from './settings.ts';

/** The game session variables the rule reads (SPEC §3); absent ones take the values a plain gamepad game has. */
export interface GameControlsInfo {
  default_op_type?: number;
  /** Comma list of op types, e.g. "0,1,2". */
  op_type?: string;
  op_mode?: number;
  show_keyboard?: number;
  full_screen?: number;
  show_virtual?: number;
}

/** What the player stored for this game: a field that is absent was never chosen. */
export type ChosenSettings = Partial<GameSettings>;

const isOpType = (v: number): v is OpType => v === OP_TYPE.gamepad || v === OP_TYPE.keyboard || v === OP_TYPE.touch;

/** The game's `op_type` list, in its order, without repeats or unknown entries; never empty (its default, else gamepad). */
export function opTypesOf(game: GameControlsInfo): OpType[] {
  const list: OpType[] = [];
  for (const part of (game.op_type ?? '').split(',')) {
    const t = part.trim() === '' ? NaN : Number(part);
    if (isOpType(t) && !list.includes(t)) list.push(t);
  }
  if (list.length > 0) return list;
  const def = game.default_op_type ?? OP_TYPE.gamepad;
  return [isOpType(def) ? def : OP_TYPE.gamepad];
}

export interface OpChoice {
  /** The op type in force. */
  opType: OpType;
  /** What the player may switch among: the game's list, or only `opType` when locked. */
  opTypes: OpType[];
  /** `op_mode` fixed, or a list of one: no switching. */
  locked: boolean;
}

/** The op type in force: the player's stored choice when the game lets them switch and lists it, else the game's default. */
export function opChoice(game: GameControlsInfo, chosen: ChosenSettings): OpChoice {
  const list = opTypesOf(game);
  const wanted = game.default_op_type;
  const def: OpType = wanted !== undefined && isOpType(wanted) && list.includes(wanted) ? wanted : (list[0] ?? OP_TYPE.gamepad);
  const locked = game.op_mode === OP_MODE.fixed || list.length === 1;
  if (locked) return { opType: def, opTypes: [def], locked };
  const mine = chosen.op_type;
  const opType = mine !== undefined && isOpType(mine) && list.includes(mine) ? mine : def;
  return { opType, opTypes: list, locked };
}

/** The device's pointers, from media queries. */
export interface InputDevice {
  /** The primary pointer is a finger: a phone or a tablet. */
  touch: boolean;
  /** Some pointer is precise (a mouse or a trackpad): pointer lock makes sense. */
  finePointer: boolean;
}

export const DEVICE_QUERIES = { touch: '(pointer: coarse)', finePointer: '(any-pointer: fine)' } as const;

export function inputDeviceOf(matches: (query: string) => boolean): InputDevice {
  return { touch: matches(DEVICE_QUERIES.touch), finePointer: matches(DEVICE_QUERIES.finePointer) };
}

/** What the stream area does with a pointer: nothing (the pad plays), touches (absolute, or touchpad by mouse_type), or a captured mouse. */
export type StreamPointer = 'none' | 'touch' | 'pointer-lock';
export type Overlay = 'gamepad' | 'keyboard' | 'none';

export interface ScreenControls {
  /** The virtual controls drawn over the stream. */
  overlay: Overlay;
  /** The menu offers the on-screen keyboard switch (touch devices: in keyboard mode, or when the game's `show_keyboard` is 1). */
  keyboardSwitch: boolean;
  stream: StreamPointer;
  /** SPEC §3 full_screen: the player's choice, else the game's, else on. */
  fullScreen: boolean;
}

/**
 * What the screen shows for `opType` on `device`. On a touch device with
 * virtual controls allowed (`show_virtual`): the gamepad mode draws the pad,
 * the keyboard-and-mouse mode the keyboard (the picture takes touches as the
 * mouse), the touch mode nothing (the picture takes the touches). The menu's
 * Keyboard switch (the `show_keyboard` setting) hides the keyboard in
 * keyboard mode; a game whose `show_keyboard` is 1 also offers it in the
 * other modes, where it puts the keyboard in the pad's place or over the
 * touch picture. A device without a touch screen draws nothing: its
 * keyboard, mouse (pointer lock in keyboard mode) and gamepad play.
 */
export function screenControls(o: { opType: OpType; game: GameControlsInfo; chosen: ChosenSettings; device: InputDevice }): ScreenControls {
  const { opType, game, chosen, device } = o;
  const fullScreen = (chosen.full_screen ?? game.full_screen ?? 1) === 1;
  const virtual = device.touch && game.show_virtual !== 0;
  const stream: StreamPointer =
    opType === OP_TYPE.gamepad ? 'none' : opType === OP_TYPE.keyboard && device.finePointer && !device.touch ? 'pointer-lock' : 'touch';
  if (!virtual) return { overlay: 'none', keyboardSwitch: false, stream, fullScreen };
  const keyboardMode = opType === OP_TYPE.keyboard;
  const keyboardSwitch = keyboardMode || game.show_keyboard === 1;
  const keyboardOn = keyboardMode ? chosen.show_keyboard !== 0 : keyboardSwitch && chosen.show_keyboard === 1;
  const overlay: Overlay = keyboardOn ? 'keyboard' : opType === OP_TYPE.gamepad ? 'gamepad' : 'none';
  return { overlay, keyboardSwitch, stream, fullScreen };
}
