/**
 * The game screen inside a host app (docs/host-bridge.md): the screen turned sideways on a phone while the game
 * screen is open, the phone's vibration on the host's motor, the host's pause and resume as the page hidden and
 * shown (SPEC §4 hang-up), and the host's bars as CSS insets.
 */
import { describe, expect, it, vi } from 'vitest';
import { createMemoryBridge } from '../../../web/core/bridge.ts';
import { holdLandscape, isPhone } from '../../../web/app/host-orientation.ts';
import { phoneVibration } from '../../../web/app/host-vibrate.ts';
import { createAppVisibility, followVisibility } from '../../../web/app/host-visibility.ts';
import { applySafeArea, SAFE_AREA_VARS, watchHostSafeArea, type StyleRoot } from '../../../web/app/host-safe-area.ts';
import { playRumble } from '../../../web/pages/submodules/game/game/play-rumble.ts';
import { harness } from '../game/fakes.ts';

const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const LINUX_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const device = (userAgent: string, maxTouchPoints = 5) => ({
  navigator: { userAgent, maxTouchPoints },
  window: { innerWidth: 390, innerHeight: 844 },
  screen: { width: 390, height: 844 },
});

describe('orientation: landscape while the game screen is open on a phone', () => {
  it('a phone is told by its user agent; a tablet or a desktop is not one', () => {
    expect(isPhone(device(ANDROID_PHONE))).toBe(true);
    expect(isPhone(device(ANDROID_TABLET))).toBe(false);
    expect(isPhone(device(LINUX_DESKTOP, 0))).toBe(false);
  });

  it('asks for landscape on opening and portrait on closing, once however often it is closed', () => {
    const bridge = createMemoryBridge({ capabilities: ['setOrientation'] });
    const release = holdLandscape(bridge, true);
    expect(bridge.sent).toEqual([{ method: 'setOrientation', params: { orientation: 'landscape' } }]);
    release();
    release();
    expect(bridge.sent).toEqual([
      { method: 'setOrientation', params: { orientation: 'landscape' } },
      { method: 'setOrientation', params: { orientation: 'portrait' } },
    ]);
  });

  it('asks nothing of a host that did not announce it, in a browser, or on a tablet', () => {
    for (const [bridge, phone] of [
      [createMemoryBridge({ capabilities: ['vibrate'] }), true],
      [createMemoryBridge({ hasHost: false }), true],
      [createMemoryBridge({ capabilities: ['setOrientation'] }), false],
    ] as const) {
      holdLandscape(bridge, phone)();
      expect(bridge.sent).toEqual([]);
    }
  });
});

describe("vibration: the host's motor where it announced vibrate, else navigator.vibrate (decision 0007)", () => {
  const HIT = { durationMs: 200, strong: 0.3, weak: 0.8 };

  it("a host with vibrate gets the game's rumble with its strength, and navigator.vibrate is left alone", () => {
    const bridge = createMemoryBridge({ capabilities: ['vibrate'] });
    const nav = { vibrate: vi.fn(() => true) };
    expect(playRumble(HIT, { pad: null, vibrate: phoneVibration(bridge, nav) })).toBe('phone');
    expect(bridge.sent).toEqual([{ method: 'vibrate', params: { ms: 200, strength: 0.8 } }]);
    expect(nav.vibrate).not.toHaveBeenCalled();
  });

  it('a host without it, or a plain browser, vibrates with navigator.vibrate; with neither there is no vibration', () => {
    for (const bridge of [createMemoryBridge({ capabilities: ['share'] }), createMemoryBridge({ hasHost: false })]) {
      const nav = { vibrate: vi.fn(() => true) };
      expect(playRumble(HIT, { pad: null, vibrate: phoneVibration(bridge, nav) })).toBe('phone');
      expect(nav.vibrate).toHaveBeenCalledWith(200);
      expect(bridge.sent).toEqual([]);
    }
    expect(phoneVibration(createMemoryBridge({ capabilities: [] }), {})).toBeNull();
    expect(phoneVibration(createMemoryBridge({ hasHost: false }), undefined)).toBeNull();
    // The host's motor alone is enough for the Vibration switch to mean something.
    expect(phoneVibration(createMemoryBridge({ capabilities: ['vibrate'] }), {})).not.toBeNull();
  });

  it('a pad with motors still plays the rumble itself', () => {
    const bridge = createMemoryBridge({ capabilities: ['vibrate'] });
    const playEffect = vi.fn(() => Promise.resolve());
    expect(playRumble(HIT, { pad: { vibrationActuator: { playEffect } }, vibrate: phoneVibration(bridge, {}) })).toBe('pad');
    expect(bridge.sent).toEqual([]);
  });

  it('nothing to feel is not sent; a duration past the protocol limit is cut; a strength is kept to 0–1', () => {
    const bridge = createMemoryBridge({ capabilities: ['vibrate'] });
    const vibrate = phoneVibration(bridge, {});
    expect([vibrate?.(0), vibrate?.(Number.NaN), vibrate?.(-5)]).toEqual([false, false, false]);
    vibrate?.(60_000, 7);
    vibrate?.(14.6);
    expect(bridge.sent).toEqual([
      { method: 'vibrate', params: { ms: 5000, strength: 1 } },
      { method: 'vibrate', params: { ms: 15 } },
    ]);
  });

  it('with the Vibration setting off the session passes no rumble on, so nothing reaches the host', async () => {
    const h = harness();
    await h.play();
    const bridge = createMemoryBridge({ capabilities: ['vibrate'] });
    h.session.on('vibrate', (r) => void playRumble(r, { pad: null, vibrate: phoneVibration(bridge, {}) }));
    h.sdk.vibrate({ durationMs: 100, strong: 1, weak: 1 });
    expect(bridge.sent).toEqual([{ method: 'vibrate', params: { ms: 100, strength: 1 } }]);
    await h.session.updateSettings({ vibrates: 0 });
    h.sdk.vibrate({ durationMs: 300, strong: 1, weak: 1 });
    expect(bridge.sent).toHaveLength(1);
  });
});

describe("the host's pause and resume are the page hidden and shown (SPEC §4 hang-up)", () => {
  function page(state: 'visible' | 'hidden' = 'visible') {
    const doc = Object.assign(new EventTarget(), { visibilityState: state as string });
    const win = new EventTarget();
    const set = (next: 'visible' | 'hidden'): void => {
      doc.visibilityState = next;
      doc.dispatchEvent(new Event('visibilitychange'));
    };
    return { doc, win, set };
  }

  it('pause puts a playing game on hold and resume brings it back, through the same path as the page', async () => {
    const h = harness();
    await h.play();
    const bridge = createMemoryBridge({ capabilities: [] });
    const p = page();
    const visibility = createAppVisibility({ doc: p.doc, win: p.win, bridge });
    followVisibility(visibility, h.session);
    bridge.emit('pause');
    expect(visibility.shown).toBe(false);
    expect(h.session.phase.value).toBe('hung-up');
    expect(h.api.last('scHangUp')?.req['hang_up_timer']).toBe(3);
    bridge.emit('resume');
    expect(h.session.phase.value).toBe('playing');
    expect(h.api.last('scHangUp')?.req['hang_up_timer']).toBe(0);
    // The page itself, as before.
    p.set('hidden');
    expect(h.session.phase.value).toBe('hung-up');
    p.set('visible');
    expect(h.session.phase.value).toBe('playing');
  });

  it('a host that pauses and also hides the page is heard once; a missing resume is made good by the page shown', () => {
    const bridge = createMemoryBridge({ capabilities: [] });
    const p = page();
    const visibility = createAppVisibility({ doc: p.doc, win: p.win, bridge });
    const seen: boolean[] = [];
    visibility.on((shown) => seen.push(shown));
    bridge.emit('pause');
    p.set('hidden');
    p.set('visible');
    bridge.emit('resume');
    p.win.dispatchEvent(new Event('pageshow'));
    expect(seen).toEqual([false, true]);
    bridge.emit('resume');
    bridge.emit('pause');
    p.set('hidden');
    p.win.dispatchEvent(new Event('pageshow'));
    p.set('visible');
    expect(seen).toEqual([false, true, false, true]);
  });

  it('every report of being in sight is heard by onShown, a change or not (a page restored from the back-forward cache, SPEC §4)', () => {
    const bridge = createMemoryBridge({ capabilities: [] });
    const p = page();
    const visibility = createAppVisibility({ doc: p.doc, win: p.win, bridge });
    const order: string[] = [];
    visibility.onShown(() => order.push('shown'));
    visibility.on((shown) => order.push(shown ? 'change: in sight' : 'change: out of sight'));
    p.win.dispatchEvent(new Event('pageshow'));
    p.doc.dispatchEvent(new Event('visibilitychange'));
    expect(order).toEqual(['shown', 'shown']);
    bridge.emit('pause');
    bridge.emit('resume');
    expect(order).toEqual(['shown', 'shown', 'change: out of sight', 'shown', 'change: in sight']);
  });

  it('a game screen opened while the host is paused is away from the start; disposed, nothing is heard', () => {
    const bridge = createMemoryBridge({ capabilities: [] });
    const p = page();
    const visibility = createAppVisibility({ doc: p.doc, win: p.win, bridge });
    bridge.emit('pause');
    const session = { leave: vi.fn(), returnToGame: vi.fn() };
    const off = followVisibility(visibility, session);
    expect(session.leave).toHaveBeenCalledTimes(1);
    off();
    bridge.emit('resume');
    expect(session.returnToGame).not.toHaveBeenCalled();
    const seen: boolean[] = [];
    visibility.on((shown) => seen.push(shown));
    visibility.dispose();
    bridge.emit('pause');
    p.set('hidden');
    expect(seen).toEqual([]);
  });

  it('a page already hidden when watched starts hidden', () => {
    const p = page('hidden');
    expect(createAppVisibility({ doc: p.doc, win: p.win, bridge: createMemoryBridge() }).shown).toBe(false);
  });
});

describe("the host's bars as the game screen's safe area", () => {
  function root() {
    const props = new Map<string, string>();
    const r: StyleRoot = {
      style: {
        setProperty: (name, value) => void props.set(name, value),
        removeProperty: (name) => (props.delete(name), ''),
      },
    };
    return { r, props };
  }

  it('the announced insets are set at once, and each safeArea event replaces them', () => {
    const host = { version: 1, platform: 'ios', capabilities: [], safeArea: { top: 20, right: 44, bottom: 21, left: 0 } };
    const bridge = createMemoryBridge({ host });
    const { r, props } = root();
    const off = watchHostSafeArea(bridge, r);
    expect(Object.fromEntries(props)).toEqual({ '--host-safe-top': '20px', '--host-safe-right': '44px', '--host-safe-bottom': '21px', '--host-safe-left': '0px' });
    bridge.emit('safeArea', { top: 0, right: 0, bottom: 34, left: 59 });
    expect(Object.fromEntries(props)).toEqual({ '--host-safe-top': '0px', '--host-safe-right': '0px', '--host-safe-bottom': '34px', '--host-safe-left': '59px' });
    off();
    bridge.emit('safeArea', { top: 9, right: 9, bottom: 9, left: 9 });
    expect(props.get(SAFE_AREA_VARS.top)).toBe('0px');
  });

  it('no announced insets: no properties, so the CSS falls back to the system insets', () => {
    const { r, props } = root();
    props.set('--host-safe-top', '12px');
    watchHostSafeArea(createMemoryBridge({ capabilities: [] }), r);
    expect(props.size).toBe(0);
    applySafeArea(r, { top: 1, right: 2, bottom: 3, left: 4 });
    expect(props.get('--host-safe-left')).toBe('4px');
  });

  it('on the document root, the game screen reads them', () => {
    applySafeArea(document.documentElement, { top: 24, right: 0, bottom: 16, left: 48 });
    expect(document.documentElement.style.getPropertyValue('--host-safe-left')).toBe('48px');
    applySafeArea(document.documentElement, null);
    expect(document.documentElement.style.getPropertyValue('--host-safe-left')).toBe('');
  });
});
