/** What each key code of a layout sends (SPEC §9 standard gamepad: 17 buttons, 4 axes; KeyboardEvent codes; mouse buttons). */
import { describe, expect, it } from 'vitest';
import { OP_TYPE } from '../../../web/api/contract.ts';
import { BUTTON, defaultLabel, keyAction, keyShape, palette } from '../../../web/game/layouts-codes.ts';

describe('key code → input', () => {
  it('gamepad codes are buttons of the standard mapping, the sticks and the d-pad', () => {
    expect(keyAction('BTN_A')).toEqual({ kind: 'button', button: 'A' });
    const index = (code: string): number => {
      const a = keyAction(code);
      if (a?.kind !== 'button') throw new Error(code);
      return BUTTON[a.button];
    };
    expect(['BTN_A', 'BTN_B', 'BTN_X', 'BTN_Y', 'BTN_LB', 'BTN_RB', 'BTN_LT', 'BTN_RT', 'BTN_SELECT', 'BTN_START', 'BTN_L3', 'BTN_R3'].map(index)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect(['BTN_UP', 'BTN_DOWN', 'BTN_LEFT', 'BTN_RIGHT', 'BTN_HOME'].map(index)).toEqual([12, 13, 14, 15, 16]);
    expect(keyAction('STICK_L')).toEqual({ kind: 'stick', stick: 'left' });
    expect(keyAction('STICK_R')).toEqual({ kind: 'stick', stick: 'right' });
    expect(keyAction('DPAD')).toEqual({ kind: 'dpad' });
  });

  it('the Xbox names of plans (BTN_MENU in the touch template) are the same buttons', () => {
    expect(keyAction('BTN_MENU')).toEqual({ kind: 'button', button: 'Start' });
    expect(keyAction('BTN_VIEW')).toEqual({ kind: 'button', button: 'Select' });
    expect(keyAction('BTN_BACK')).toEqual({ kind: 'button', button: 'Select' });
    expect(keyAction('BTN_GUIDE')).toEqual({ kind: 'button', button: 'Home' });
  });

  it('keyboard codes are sent as KeyboardEvent codes, mouse codes as mouse buttons', () => {
    for (const code of ['KeyW', 'Digit1', 'Space', 'ShiftLeft', 'Escape', 'Tab', 'Enter', 'ArrowUp', 'F5', 'Numpad0', 'NumpadEnter', 'Semicolon'])
      expect(keyAction(code)).toEqual({ kind: 'key', code });
    expect(keyAction('MouseLeft')).toEqual({ kind: 'mouse', button: 0 });
    expect(keyAction('MouseMiddle')).toEqual({ kind: 'mouse', button: 1 });
    expect(keyAction('MouseRight')).toEqual({ kind: 'mouse', button: 2 });
  });

  it('a code no device has is nothing (not drawn, never sent)', () => {
    for (const code of ['', 'BTN_TURBO', 'KeyAA', 'keyw', 'F13', 'Mouse4', 'STICK_C', 'constructor', 'toString']) expect(keyAction(code)).toBeNull();
  });

  it('sticks and the d-pad are sized as such; every other key is a button', () => {
    expect(['STICK_L', 'DPAD', 'BTN_A', 'KeyW', 'MouseLeft'].map(keyShape)).toEqual(['stick', 'dpad', 'button', 'button', 'button']);
  });

  it('labels of keys added from the palette', () => {
    expect(['BTN_A', 'BTN_SELECT', 'STICK_L', 'DPAD', 'KeyW', 'Digit1', 'ShiftLeft', 'ArrowUp', 'MouseLeft', 'Escape', 'Numpad5', 'Space'].map(defaultLabel)).toEqual([
      'A',
      'Select',
      'L',
      'D-pad',
      'W',
      '1',
      'Shift',
      '↑',
      'LMB',
      'Esc',
      'Num5',
      'Space',
    ]);
  });

  it('the palette offers the op type’s keys that are not on the layout yet', () => {
    const pad = palette(OP_TYPE.gamepad, ['STICK_L', 'BTN_A', 'BTN_MENU']);
    expect(pad).toContain('STICK_R');
    expect(pad).toContain('DPAD');
    expect(pad).not.toContain('STICK_L');
    expect(pad).not.toContain('BTN_A');
    // BTN_MENU is Start under another name.
    expect(pad).not.toContain('BTN_START');
    // Two sticks, the d-pad and the 17 buttons, less the three on the layout.
    expect(pad).toHaveLength(20 - 3);
    const keys = palette(OP_TYPE.keyboard, ['KeyW', 'MouseLeft']);
    expect(keys).toContain('MouseRight');
    expect(keys).toContain('KeyA');
    expect(keys).not.toContain('KeyW');
    expect(keys.every((c) => keyAction(c)?.kind === 'key' || keyAction(c)?.kind === 'mouse')).toBe(true);
  });
});
