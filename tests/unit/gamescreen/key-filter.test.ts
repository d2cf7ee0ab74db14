/** Which hardware keys the game gets (decision 0007): every KeyboardEvent.code except the few the app and the browser keep. */
import { describe, expect, it } from 'vitest';
import { keyRoute, type KeyPress } from '../../../web/pages/submodules/game/game/key-filter.ts';

const press = (code: string, mods: Partial<Omit<KeyPress, 'code'>> = {}): KeyPress => ({ code, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('hardware key filter', () => {
  it.each(['KeyW', 'KeyA', 'Space', 'Enter', 'ArrowLeft', 'Tab', 'Backspace', 'Digit1', 'F1', 'F4', 'Numpad5', 'ShiftLeft', 'ControlLeft', 'ControlRight', 'AltLeft', 'CapsLock', 'Backquote'])(
    '%s goes to the game',
    (code) => expect(keyRoute(press(code))).toBe('game'),
  );

  it('Escape opens the game menu', () => {
    expect(keyRoute(press('Escape'))).toBe('menu');
    expect(keyRoute(press('Escape', { ctrlKey: true }))).toBe('menu');
  });

  it.each(['F5', 'F11', 'F12', 'MetaLeft', 'MetaRight', 'OSLeft', 'ContextMenu', 'BrowserBack', '', 'Unidentified'])('%s stays the browser’s (or the system’s)', (code) => {
    expect(keyRoute(press(code))).toBe('app');
  });

  it('Ctrl and Meta shortcuts stay the browser’s; the modifier alone, and Shift combinations, play', () => {
    expect(keyRoute(press('KeyW', { ctrlKey: true }))).toBe('app');
    expect(keyRoute(press('KeyR', { metaKey: true }))).toBe('app');
    expect(keyRoute(press('KeyT', { ctrlKey: true, altKey: true }))).toBe('app');
    expect(keyRoute(press('ControlLeft', { ctrlKey: true }))).toBe('game');
    expect(keyRoute(press('ShiftLeft', { ctrlKey: true }))).toBe('game');
    expect(keyRoute(press('KeyW', { altKey: false }))).toBe('game');
  });

  it('Alt with the history arrows, Home, Tab or F4 stays the browser’s; other Alt keys play', () => {
    for (const code of ['ArrowLeft', 'ArrowRight', 'Home', 'Tab', 'F4']) expect(keyRoute(press(code, { altKey: true }))).toBe('app');
    for (const code of ['KeyE', 'Digit1', 'ArrowUp', 'Space']) expect(keyRoute(press(code, { altKey: true }))).toBe('game');
  });
});
