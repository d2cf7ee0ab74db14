/**
 * A layout on screen sends what each key code means (SPEC §9 standard pad:
 * 17 buttons, 4 axes; keyboard codes; mouse buttons), and the d-pad reads a
 * thumb's direction.
 */
import { signal } from '@preact/signals-core';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OP_TYPE } from '../../../web/api/contract.ts';
import { GAME_SETTING_DEFAULTS } from '../../../web/core/storage/db-schema.ts';
import type { GameSession } from '../../../web/game/index.ts';
import type { Layout } from '../../../web/game/layouts-choice.ts';
import type { GamepadInput, MouseInput } from '../../../web/game/sdk.ts';
import { LayoutPad } from '../../../web/pages/submodules/game/game/layout-pad.tsx';
import { dpadDirections, emptyPad, setDpad } from '../../../web/pages/submodules/game/game/pad-logic.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

describe('d-pad: a thumb’s direction (8 sectors, a pivot in the middle)', () => {
  it('the four arms and the diagonals between them', () => {
    expect(dpadDirections(40, 0, 50)).toEqual(['Right']);
    expect(dpadDirections(0, 40, 50)).toEqual(['Down']);
    expect(dpadDirections(-40, 0, 50)).toEqual(['Left']);
    expect(dpadDirections(0, -40, 50)).toEqual(['Up']);
    expect(dpadDirections(30, -30, 50)).toEqual(['Up', 'Right']);
    expect(dpadDirections(-30, 30, 50)).toEqual(['Down', 'Left']);
    // 20° off the right arm is still right; 25° is the diagonal.
    expect(dpadDirections(40 * Math.cos(0.35), 40 * Math.sin(0.35), 50)).toEqual(['Right']);
    expect(dpadDirections(40 * Math.cos(0.44), 40 * Math.sin(0.44), 50)).toEqual(['Down', 'Right']);
  });
  it('nothing on the pivot or with no size', () => {
    expect(dpadDirections(10, 5, 50)).toEqual([]);
    expect(dpadDirections(40, 0, 0)).toEqual([]);
  });
  it('sets the four d-pad buttons (12–15) and nothing else', () => {
    const pad = setDpad({ ...emptyPad(), buttons: emptyPad().buttons.map((_, i) => (i === 0 ? 1 : 0)) }, ['Up', 'Right']);
    expect(pad.buttons.slice(12, 16)).toEqual([1, 0, 0, 1]);
    expect(pad.buttons[0]).toBe(1);
    expect(setDpad(pad, []).buttons.slice(12, 16)).toEqual([0, 0, 0, 0]);
  });
});

describe('LayoutPad: each code sends its input', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  const sent: { pads: GamepadInput[]; keys: [string, boolean][]; mouse: MouseInput[] } = { pads: [], keys: [], mouse: [] };
  const session = {
    settings: signal({ ...GAME_SETTING_DEFAULTS, vibrates: 0 }),
    sendGamepad: (p: GamepadInput) => sent.pads.push({ buttons: [...p.buttons], axes: [...p.axes] }),
    sendKey: (k: string, d: boolean) => sent.keys.push([k, d]),
    sendMouse: (m: MouseInput) => sent.mouse.push(m),
  } as unknown as GameSession;

  const layout: Layout = {
    source: 'official',
    opType: OP_TYPE.keyboard,
    planId: 1,
    name: 'Test',
    isDefault: true,
    screen: { width: 844, height: 390 },
    keys: [
      { code: 'BTN_RT', label: 'RT', x: 90, y: 20, size: 10 },
      { code: 'BTN_MENU', label: 'Menu', x: 50, y: 10, size: 10 },
      { code: 'DPAD', label: 'D-pad', x: 20, y: 80, size: 28 },
      { code: 'STICK_R', label: 'R', x: 70, y: 80, size: 28 },
      { code: 'KeyW', label: 'W', x: 10, y: 60, size: 10 },
      { code: 'MouseLeft', label: 'Fire', x: 90, y: 50, size: 12 },
      { code: 'MouseRight', label: 'Aim', x: 80, y: 50, size: 12 },
      { code: 'BTN_TURBO', label: '?', x: 1, y: 1, size: 10 },
    ],
  };

  function mount(): HTMLElement {
    sent.pads = [];
    sent.keys = [];
    sent.mouse = [];
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root?.render(createElement(LayoutPad, { session, layout, testId: 'virtual-keyboard' })));
    return host;
  }
  const el = (host: HTMLElement, name: string): HTMLElement => {
    const found = host.querySelector<HTMLElement>(`[aria-label="${name}"]`);
    if (!found) throw new Error(`no ${name}`);
    // happy-dom lays nothing out: give the control a 100 px box at the origin.
    found.getBoundingClientRect = () => ({ left: 0, top: 0, width: 100, height: 100, right: 100, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    return found;
  };
  const pointer = (target: HTMLElement, type: string, x = 50, y = 50): void => {
    act(() => void target.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: x, clientY: y, pointerId: 1 })));
  };

  it('draws every known key, and leaves out a code no device has', () => {
    const host = mount();
    const names = [...host.querySelectorAll('[data-testid="virtual-keyboard"] > [aria-label]')].map((e) => e.getAttribute('aria-label'));
    expect(names).toEqual(['RT', 'Start', 'D-pad', 'Right stick', 'KeyW', 'MouseLeft', 'MouseRight']);
    expect(host.querySelector('[data-testid="virtual-keyboard"]')?.getAttribute('data-layout')).toBe('official');
  });

  it('gamepad buttons press their standard index (BTN_MENU is Start) and release it', () => {
    const host = mount();
    pointer(el(host, 'RT'), 'pointerdown');
    pointer(el(host, 'Start'), 'pointerdown');
    pointer(el(host, 'RT'), 'pointerup');
    expect(sent.pads.map((p) => [p.buttons[7], p.buttons[9]])).toEqual([
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
    expect(sent.pads.every((p) => p.buttons.length === 17 && p.axes.length === 4)).toBe(true);
  });

  it('the d-pad presses the arm under the thumb and follows it; the right stick moves axes 2 and 3', () => {
    const host = mount();
    const dpad = el(host, 'D-pad');
    pointer(dpad, 'pointerdown', 95, 50);
    expect(sent.pads.at(-1)?.buttons.slice(12, 16)).toEqual([0, 0, 0, 1]);
    pointer(dpad, 'pointerup');
    expect(sent.pads.at(-1)?.buttons.slice(12, 16)).toEqual([0, 0, 0, 0]);
    const stick = el(host, 'Right stick');
    pointer(stick, 'pointerdown', 100, 50);
    expect(sent.pads.at(-1)?.axes).toEqual([0, 0, 1, 0]);
    pointer(stick, 'pointerup');
    expect(sent.pads.at(-1)?.axes).toEqual([0, 0, 0, 0]);
  });

  it('keys send their KeyboardEvent code down and up; mouse keys their button with the held mask', () => {
    const host = mount();
    pointer(el(host, 'KeyW'), 'pointerdown');
    pointer(el(host, 'KeyW'), 'pointerup');
    expect(sent.keys).toEqual([
      ['KeyW', true],
      ['KeyW', false],
    ]);
    pointer(el(host, 'MouseLeft'), 'pointerdown');
    pointer(el(host, 'MouseRight'), 'pointerdown');
    pointer(el(host, 'MouseLeft'), 'pointercancel');
    expect(sent.mouse).toEqual([
      { action: 'down', dx: 0, dy: 0, button: 0, buttons: 1 },
      { action: 'down', dx: 0, dy: 0, button: 2, buttons: 3 },
      { action: 'up', dx: 0, dy: 0, button: 0, buttons: 2 },
    ]);
  });
});
