/**
 * Input devices (decision 0007), end to end in Chromium (game screen at 844×390): a hardware key and a captured mouse
 * reaching the game on a desktop; a gamepad through a page-injected Gamepad API stub; rumble on a stubbed
 * `navigator.vibrate` and on the stub pad's motors. Each mode as a game's settings say: controls-input-modes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { closeMenu, openMenu, shown, STREAM, until, x } from './stream-view.ts';
import { reach100, screenshot } from './harness.ts';
import { DESKTOP, GALACTIC_STRIKEFORCE, PHONE, screenAttr, STARFALL, streamAttr, useControlsScreen } from './controls-input.ts';

const { gs, playing } = useControlsScreen();

describe('a desktop: hardware keyboard and a captured mouse (decision 0007)', () => {
  it('a keyboard-and-mouse game draws nothing; keys play; a click captures the mouse, which then moves the ship and fires', async () => {
    const p = await playing(GALACTIC_STRIKEFORCE, DESKTOP);
    expect(await screenAttr(p.page, 'data-overlay')).toBe('none');
    expect(await p.page.getByTestId('virtual-keyboard').count()).toBe(0);
    expect(await streamAttr(p.page, 'data-pointer')).toBe('pointer-lock');
    expect(await p.page.getByTestId('mouse-hint').textContent()).toBe('Click the game to use your mouse');

    // A hardware key, held: the ship goes right.
    const start = await until(p.page, (s) => s.player !== null && s.presses >= 0, 'a frame report');
    await p.page.keyboard.down('KeyD');
    const right = await until(p.page, (s) => s.inputSeq > start.inputSeq && x(s) > x(start) + 0.05, 'the ship moving right on KeyD');
    await p.page.keyboard.up('KeyD');

    // The first click captures the mouse and is not sent.
    await p.page.mouse.move(420, 200);
    await p.page.mouse.click(420, 200);
    await p.page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-mouse') === 'locked', STREAM);
    expect(await p.page.getByTestId('mouse-hint').count()).toBe(0);
    const locked = await until(p.page, (s) => s.inputSeq > right.inputSeq, 'the key release shown');
    expect(locked.presses).toBe(start.presses);
    // Relative motion: 200 px left moves the ship left (scaled by the sensitivity, 50 → 59.5 %).
    await p.page.mouse.move(220, 200);
    const moved = await until(p.page, (s) => s.inputSeq > locked.inputSeq && x(s) < x(locked) - 0.05, 'the ship following the mouse left');
    // A click fires: the game takes one press, and the frame code shows the click.
    await p.page.mouse.down();
    await p.page.mouse.up();
    await until(p.page, (s) => s.presses === moved.presses + 1 && s.inputSeq >= moved.inputSeq + 2, 'the click taken as a press');
    await screenshot(p.page, 'controls-desktop-mouse');
    expect(p.errors).toEqual([]);
    await p.close();
  }, 90_000);

  it('losing the capture keeps the game running and says how to get it back; Escape opens the menu, browser shortcuts are not the game’s', async () => {
    const p = await playing(GALACTIC_STRIKEFORCE, DESKTOP);
    await p.page.mouse.click(420, 200);
    await p.page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-mouse') === 'locked', STREAM);
    const before = await until(p.page, (s) => s.frame > 0, 'frames');
    // The lock goes (as on Escape, or another window taking the focus).
    await p.page.evaluate(() => document.exitPointerLock());
    await p.page.getByText('Mouse released — click the game to capture it again').waitFor();
    expect(await screenAttr(p.page, 'data-phase')).toBe('playing');
    const after = await until(p.page, (s) => s.frame > before.frame + 10, 'frames after the release');
    await screenshot(p.page, 'controls-desktop-mouse-released');
    await p.page.mouse.click(420, 200);
    await p.page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-mouse') === 'locked', STREAM);

    await p.page.evaluate(() => document.exitPointerLock());
    await p.page.keyboard.press('F12');
    await p.page.keyboard.press('Escape');
    await p.page.getByRole('dialog', { name: 'Game menu' }).waitFor();
    // Frames made after both keys still count no input: neither reached the game.
    const later = await shown(p.page);
    const settled = await until(p.page, (s) => s.frame > later.frame + 10, 'frames after the keys');
    expect(settled.inputs).toBe(after.inputs);
    // Keyboard-and-mouse on a desktop: the sensitivity applies, no touch mouse mode, no on-screen keyboard switch.
    expect(await p.page.getByRole('slider', { name: 'Mouse sensitivity' }).count()).toBe(1);
    expect(await p.page.getByRole('button', { name: 'Touchpad' }).count()).toBe(0);
    expect(await p.page.getByRole('switch', { name: 'Keyboard' }).count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.close();
  }, 90_000);
});

/** A standard-mapping pad at index 1, with motors that record what they play; `__pad` moves it, `__plug` (un)plugs it. */
const GAMEPAD_STUB = () => {
  const w = window as unknown as { __pad: unknown; __effects: unknown[]; __plug(on: boolean): void; __set(o: { buttons?: Record<number, number>; axes?: number[] }): void };
  const buttons = Array.from({ length: 17 }, () => ({ value: 0, pressed: false, touched: false }));
  w.__effects = [];
  const pad = {
    id: 'Test Pad (STANDARD GAMEPAD Vendor: 045e Product: 028e)',
    index: 1,
    connected: false,
    mapping: 'standard',
    timestamp: 0,
    buttons,
    axes: [0, 0, 0, 0],
    vibrationActuator: {
      type: 'dual-rumble',
      playEffect(type: string, params: Record<string, number>) {
        w.__effects.push({ type, ...params });
        return Promise.resolve('complete');
      },
    },
  };
  w.__pad = pad;
  Object.defineProperty(navigator, 'getGamepads', { configurable: true, value: () => [null, pad.connected ? pad : null, null, null] });
  w.__plug = (on) => {
    pad.connected = on;
    const e = new Event(on ? 'gamepadconnected' : 'gamepaddisconnected');
    Object.defineProperty(e, 'gamepad', { value: pad });
    window.dispatchEvent(e);
  };
  w.__set = (o) => {
    for (const [i, v] of Object.entries(o.buttons ?? {})) {
      const b = buttons[Number(i)];
      if (b) Object.assign(b, { value: v, pressed: v > 0.5 });
    }
    if (o.axes) pad.axes = o.axes;
    pad.timestamp += 1;
  };
};

describe('a physical gamepad (Gamepad API stub)', () => {
  it('connecting is said with its name; its stick and A button drive the game; rumble plays on its motors; unplugging is said too', async () => {
    const p = await gs.open('play-now', { context: DESKTOP, clock: false });
    await p.page.addInitScript(GAMEPAD_STUB);
    await gs.enter(p, `/submodules/game/game/index?game_id=${STARFALL}`);
    await reach100(p.page);
    expect(await screenAttr(p.page, 'data-overlay')).toBe('none');
    await p.page.evaluate(() => (window as unknown as { __plug(on: boolean): void }).__plug(true));
    await p.page.getByText('Gamepad connected: Test Pad').waitFor();
    await screenshot(p.page, 'controls-gamepad-connected');

    // Nothing else plays on this desktop: the pad's first (resting) snapshot is the game's first input.
    const start = await until(p.page, (s) => s.inputs === 1 && s.inputSeq === 1 && s.player !== null, 'the pad’s first snapshot shown');
    // Stick noise inside the dead zone sends nothing; a full tilt right moves the ship.
    await p.page.evaluate(() => (window as unknown as { __set(o: unknown): void }).__set({ axes: [0.08, -0.05, 0, 0] }));
    await p.page.evaluate(() => (window as unknown as { __set(o: unknown): void }).__set({ axes: [1, 0, 0, 0] }));
    const right = await until(p.page, (s) => s.inputSeq > start.inputSeq && x(s) > x(start) + 0.05, 'the ship moving right on the stick');
    expect(right.inputs).toBe(2);
    // Held until the game counts it, then let go: the app reads the pad once a frame, and a press and release between
    // two reads (a slow frame on a busy machine) is a press no player made.
    await p.page.evaluate(() => (window as unknown as { __set(o: unknown): void }).__set({ axes: [0, 0, 0, 0], buttons: { 0: 1 } }));
    await until(p.page, (s) => s.presses === start.presses + 1, 'button A taken as a press');
    await p.page.evaluate(() => (window as unknown as { __set(o: unknown): void }).__set({ buttons: { 0: 0 } }));

    // Rumble (decision 0007): the game's vibrate message plays on the pad's motors.
    await gs.mock(p.session, 'push', { socket: 'stream', message: { type: 'vibrate', duration_ms: 200, strong: 0.8, weak: 0.5 } });
    await p.page.waitForFunction(() => (window as unknown as { __effects: unknown[] }).__effects.length > 0);
    expect(await p.page.evaluate(() => (window as unknown as { __effects: unknown[] }).__effects)).toEqual([
      { type: 'dual-rumble', duration: 200, startDelay: 0, strongMagnitude: 0.8, weakMagnitude: 0.5 },
    ]);

    await p.page.evaluate(() => (window as unknown as { __plug(on: boolean): void }).__plug(false));
    await p.page.getByText('Gamepad disconnected: Test Pad').waitFor();
    expect(p.errors).toEqual([]);
    await p.close();
  }, 90_000);
});

describe('rumble on a phone (decision 0007)', () => {
  it('the game’s vibrate message vibrates the phone while Vibration is on, and not after it is switched off', async () => {
    const p = await gs.open('play-now', { context: PHONE, clock: false });
    await p.page.addInitScript(() => {
      const w = window as unknown as { __vibrations: unknown[] };
      w.__vibrations = [];
      Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (ms: unknown) => (w.__vibrations.push(ms), true) });
    });
    await gs.enter(p, `/submodules/game/game/index?game_id=${STARFALL}`);
    await reach100(p.page);
    const vibrations = () => p.page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations);
    const push = (ms: number) => gs.mock(p.session, 'push', { socket: 'stream', message: { type: 'vibrate', duration_ms: ms, strong: 1, weak: 1 } });
    expect(await push(200)).toMatchObject({ delivered: 1 });
    await p.page.waitForFunction(() => (window as unknown as { __vibrations: unknown[] }).__vibrations.length > 0);
    expect(await vibrations()).toEqual([200]);

    await openMenu(p.page);
    const vibration = p.page.getByRole('switch', { name: 'Vibration' });
    expect(await vibration.getAttribute('aria-checked')).toBe('true');
    await vibration.click();
    expect(await vibration.getAttribute('aria-checked')).toBe('false');
    await closeMenu(p.page);
    await push(300);
    // The next one, after switching back on, arrives alone: the 300 ms one was never played.
    await openMenu(p.page);
    await p.page.getByRole('switch', { name: 'Vibration' }).click();
    await closeMenu(p.page);
    await push(400);
    await p.page.waitForFunction(() => (window as unknown as { __vibrations: unknown[] }).__vibrations.length > 1);
    expect(await vibrations()).toEqual([200, 400]);
    expect(p.errors).toEqual([]);
    await p.close();
  }, 90_000);
});
