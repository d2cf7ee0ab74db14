/**
 * The mode rule (decision 0007; SPEC §3 game session variables default_op_type,
 * op_type, op_mode, show_keyboard, full_screen, show_virtual and the op_type
 * setting): which op type is in force and what the screen shows for it on a
 * phone and on a desktop.
 */
import { describe, expect, it } from 'vitest';
import { OP_TYPE, type OpType } from '../../../web/api/contract.ts';
import {
  DEVICE_QUERIES,
  inputDeviceOf,
  opChoice,
  opTypesOf,
  screenControls,
  type ChosenSettings,
  type GameControlsInfo,
  type InputDevice,
} from '../../../web/game/op-type.ts';

const { gamepad: PAD, keyboard: KEYS, touch: TOUCH } = OP_TYPE;
const PHONE: InputDevice = { touch: true, finePointer: false };
const DESKTOP: InputDevice = { touch: false, finePointer: true };
const TV: InputDevice = { touch: false, finePointer: false };

const game = (over: GameControlsInfo = {}): GameControlsInfo => ({
  default_op_type: PAD,
  op_type: '0,1,2',
  op_mode: 0,
  show_keyboard: 0,
  full_screen: 1,
  show_virtual: 1,
  ...over,
});

describe('SPEC §3 op_type list', () => {
  it.each([
    ['0,1,2', {}, [0, 1, 2]],
    ['2,0', {}, [2, 0]],
    [' 1 , 1,2', {}, [1, 2]],
    ['0,3,x,,2', {}, [0, 2]],
    ['', { default_op_type: 1 }, [1]],
    [undefined, {}, [0]],
    ['9', { default_op_type: 7 }, [0]],
  ] as const)('"%s" %j → %j', (list, over, want) => {
    expect(opTypesOf({ ...over, op_type: list })).toEqual(want);
  });
});

describe('decision 0007: the op type in force (opChoice)', () => {
  const rows: Array<[string, GameControlsInfo, ChosenSettings, { opType: OpType; opTypes: OpType[]; locked: boolean }]> = [
    ['gamepad game, nothing chosen → its default', game(), {}, { opType: PAD, opTypes: [0, 1, 2], locked: false }],
    ['keyboard game, nothing chosen → keyboard', game({ default_op_type: KEYS, op_type: '1,2' }), {}, { opType: KEYS, opTypes: [1, 2], locked: false }],
    ['touch game "2" → touch, locked (one entry)', game({ default_op_type: TOUCH, op_type: '2' }), {}, { opType: TOUCH, opTypes: [2], locked: true }],
    ['a stored choice in the list wins', game(), { op_type: TOUCH }, { opType: TOUCH, opTypes: [0, 1, 2], locked: false }],
    ['a stored choice the game does not list is ignored', game({ op_type: '0,2' }), { op_type: KEYS }, { opType: PAD, opTypes: [0, 2], locked: false }],
    ['other stored settings are not a choice of op type', game({ default_op_type: KEYS, op_type: '1,2' }), { brightness: 70, vibrates: 0 }, { opType: KEYS, opTypes: [1, 2], locked: false }],
    ['op_mode 1 keeps default_op_type, whatever was stored', game({ default_op_type: KEYS, op_type: '1,2', op_mode: 1 }), { op_type: TOUCH }, { opType: KEYS, opTypes: [1], locked: true }],
    ['a default outside the list falls back to the first listed', game({ default_op_type: KEYS, op_type: '2,0' }), {}, { opType: TOUCH, opTypes: [2, 0], locked: false }],
    ['a game the session knows only by key plays the gamepad, locked', {}, { op_type: KEYS }, { opType: PAD, opTypes: [0], locked: true }],
  ];
  it.each(rows)('%s', (_name, g, chosen, want) => {
    expect(opChoice(g, chosen)).toEqual(want);
  });
});

describe('decision 0007: what the screen shows (screenControls)', () => {
  type Row = [string, OpType, GameControlsInfo, ChosenSettings, InputDevice, { overlay: string; keyboardSwitch: boolean; stream: string }];
  const rows: Row[] = [
    // Gamepad mode.
    ['gamepad, phone → the virtual pad, no stream touches', PAD, game(), {}, PHONE, { overlay: 'gamepad', keyboardSwitch: false, stream: 'none' }],
    ['gamepad, desktop → nothing drawn (a pad or the keyboard plays)', PAD, game(), {}, DESKTOP, { overlay: 'none', keyboardSwitch: false, stream: 'none' }],
    ['gamepad, phone, show_keyboard 1 → the switch is offered, off until turned on', PAD, game({ show_keyboard: 1 }), {}, PHONE, { overlay: 'gamepad', keyboardSwitch: true, stream: 'none' }],
    ['gamepad, phone, switch on → the keyboard in the pad’s place', PAD, game({ show_keyboard: 1 }), { show_keyboard: 1 }, PHONE, { overlay: 'keyboard', keyboardSwitch: true, stream: 'none' }],
    ['gamepad, phone, show_keyboard 0 → no switch, whatever was stored', PAD, game({ show_keyboard: 0 }), { show_keyboard: 1 }, PHONE, { overlay: 'gamepad', keyboardSwitch: false, stream: 'none' }],
    ['gamepad, phone, show_virtual 0 → nothing drawn, no switch', PAD, game({ show_virtual: 0, show_keyboard: 1 }), { show_keyboard: 1 }, PHONE, { overlay: 'none', keyboardSwitch: false, stream: 'none' }],
    // Keyboard-and-mouse mode.
    ['keyboard, phone → the virtual keyboard, touches as the mouse', KEYS, game({ show_keyboard: 1 }), {}, PHONE, { overlay: 'keyboard', keyboardSwitch: true, stream: 'touch' }],
    ['keyboard, phone, a gamepad game switched to it → the keyboard too', KEYS, game({ show_keyboard: 0 }), {}, PHONE, { overlay: 'keyboard', keyboardSwitch: true, stream: 'touch' }],
    ['keyboard, phone, switch turned off (a keyboard attached) → mouse by touch only', KEYS, game({ show_keyboard: 1 }), { show_keyboard: 0 }, PHONE, { overlay: 'none', keyboardSwitch: true, stream: 'touch' }],
    ['keyboard, desktop → nothing drawn, pointer lock', KEYS, game({ show_keyboard: 1 }), {}, DESKTOP, { overlay: 'none', keyboardSwitch: false, stream: 'pointer-lock' }],
    ['keyboard, tablet with a mouse plugged in → the tablet’s keyboard and touch win', KEYS, game({ show_keyboard: 1 }), {}, { touch: true, finePointer: true }, { overlay: 'keyboard', keyboardSwitch: true, stream: 'touch' }],
    ['keyboard, no fine pointer and no touch (TV) → touches as the mouse', KEYS, game(), {}, TV, { overlay: 'none', keyboardSwitch: false, stream: 'touch' }],
    ['keyboard, phone, show_virtual 0 → nothing drawn', KEYS, game({ show_virtual: 0 }), {}, PHONE, { overlay: 'none', keyboardSwitch: false, stream: 'touch' }],
    // Touch mode.
    ['touch, phone → touch-to-mouse on the stream, nothing drawn', TOUCH, game(), {}, PHONE, { overlay: 'none', keyboardSwitch: false, stream: 'touch' }],
    ['touch, desktop → clicks as touches', TOUCH, game(), {}, DESKTOP, { overlay: 'none', keyboardSwitch: false, stream: 'touch' }],
    ['touch, phone, show_keyboard 1 → the switch, off until turned on', TOUCH, game({ show_keyboard: 1 }), {}, PHONE, { overlay: 'none', keyboardSwitch: true, stream: 'touch' }],
    ['touch, phone, switch on → the keyboard over the stream', TOUCH, game({ show_keyboard: 1 }), { show_keyboard: 1 }, PHONE, { overlay: 'keyboard', keyboardSwitch: true, stream: 'touch' }],
  ];
  it.each(rows)('%s', (_name, opType, g, chosen, device, want) => {
    expect(screenControls({ opType, game: g, chosen, device })).toMatchObject(want);
  });

  it.each([
    [{ full_screen: 1 }, {}, true],
    [{ full_screen: 0 }, {}, false],
    [{ full_screen: 0 }, { full_screen: 1 }, true],
    [{ full_screen: 1 }, { full_screen: 0 }, false],
    [{}, {}, true],
  ] as const)('SPEC §3 full_screen: game %j, chosen %j → %s', (g, chosen, want) => {
    expect(screenControls({ opType: PAD, game: g, chosen, device: PHONE }).fullScreen).toBe(want);
  });
});

describe('the device from media queries', () => {
  it.each([
    [['(pointer: coarse)'], PHONE],
    [['(any-pointer: fine)'], DESKTOP],
    [['(pointer: coarse)', '(any-pointer: fine)'], { touch: true, finePointer: true }],
    [[], TV],
  ] as const)('%j → %j', (yes, want) => {
    expect(inputDeviceOf((q) => (yes as readonly string[]).includes(q))).toEqual(want);
  });

  it('asks only the queries it names', () => {
    const asked: string[] = [];
    inputDeviceOf((q) => (asked.push(q), false));
    expect(asked.sort()).toEqual(Object.values(DEVICE_QUERIES).sort());
  });
});
