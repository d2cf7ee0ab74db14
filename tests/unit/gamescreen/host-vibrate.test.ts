/**
 * The virtual pad's haptic tap and the game's rumble on the app's own host bridge (decision 0007,
 * docs/host-bridge.md): the host's `vibrate` when it announced it, else navigator.vibrate, and neither while the
 * Vibration setting is off.
 */
import { signal } from '@preact/signals-core';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OP_TYPE } from '../../../web/api/contract.ts';
import { GAME_SETTING_DEFAULTS } from '../../../web/core/storage/db-schema.ts';
import type { GameSession } from '../../../web/game/index.ts';
import type { Layout } from '../../../web/game/layouts-choice.ts';
import { LayoutPad } from '../../../web/pages/submodules/game/game/layout-pad.tsx';
import { canRumble, rumbleOutputs } from '../../../web/pages/submodules/game/game/use-rumble.ts';
import { playRumble } from '../../../web/pages/submodules/game/game/play-rumble.ts';

type HostWindow = { CGHostAndroid?: { postMessage(m: string): void }; cgHostInfo?: unknown };
const win = window as unknown as HostWindow;

let posted: unknown[] = [];
let vibrated: number[] = [];

/** The app inside an Android host announcing `capabilities`; the browser's navigator.vibrate recorded too. */
function inHost(capabilities: string[]): void {
  win.cgHostInfo = { version: 1, platform: 'android', capabilities };
  win.CGHostAndroid = { postMessage: (m) => void posted.push(JSON.parse(m)) };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  posted = [];
  vibrated = [];
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { vibrate: (ms: number) => (vibrated.push(ms), true) }));
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  delete win.cgHostInfo;
  delete win.CGHostAndroid;
  vi.unstubAllGlobals();
});

const layout: Layout = {
  source: 'official',
  opType: OP_TYPE.gamepad,
  planId: 1,
  name: 'Test',
  isDefault: true,
  screen: { width: 844, height: 390 },
  keys: [{ code: 'BTN_A', label: 'A', x: 80, y: 60, size: 12 }],
};

function tapA(vibrates: number): void {
  const session = { settings: signal({ ...GAME_SETTING_DEFAULTS, vibrates }), sendGamepad: () => undefined } as unknown as GameSession;
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(createElement(LayoutPad, { session, layout, testId: 'virtual-gamepad' })));
  const a = host.querySelector<HTMLElement>('[data-testid="virtual-gamepad"] > [aria-label]');
  if (!a) throw new Error('no A button');
  act(() => void a.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerId: 1 })));
}

describe('the virtual pad’s tap', () => {
  it('buzzes the host’s motor for 15 ms when it announced vibrate, not the browser’s', () => {
    inHost(['vibrate']);
    tapA(1);
    expect(posted).toEqual([{ v: 1, method: 'vibrate', params: { ms: 15 } }]);
    expect(vibrated).toEqual([]);
  });

  it('buzzes navigator.vibrate in a host without it, and nothing at all with the setting off', () => {
    inHost(['share']);
    tapA(1);
    expect(vibrated).toEqual([15]);
    act(() => root?.unmount());
    inHost(['vibrate']);
    tapA(0);
    expect(posted).toEqual([]);
    expect(vibrated).toEqual([15]);
  });
});

describe('the game’s rumble on this device', () => {
  it('plays on the host’s motor with the stronger of its two strengths; the Vibration switch shows', () => {
    inHost(['vibrate']);
    expect(canRumble()).toBe(true);
    expect(playRumble({ durationMs: 250, strong: 0.4, weak: 0.2 }, rumbleOutputs())).toBe('phone');
    expect(posted).toEqual([{ v: 1, method: 'vibrate', params: { ms: 250, strength: 0.4 } }]);
    expect(vibrated).toEqual([]);
  });

  it('with no host and no navigator.vibrate there is nothing to switch', () => {
    vi.stubGlobal('navigator', Object.create(navigator) as Navigator);
    Object.defineProperty(navigator, 'vibrate', { value: undefined });
    expect(canRumble()).toBe(false);
  });
});
