/**
 * Input modes (decision 0007), end to end in Chromium (game screen at 844×390): each input mode as a game's settings
 * say (default_op_type, op_type, op_mode), and switching modes in the menu and finding the choice after a reload.
 * The hardware keyboard, a captured mouse, a physical pad and rumble: controls-input-devices.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeMenu, openMenu, until, x } from './stream-view.ts';
import { reach100, screenshot } from './harness.ts';
import { GALACTIC_STRIKEFORCE, KINGDOM_ARCHITECT, PIXEL_PALS, screenAttr, STARFALL, streamAttr, useControlsScreen } from './controls-input.ts';

const { playing } = useControlsScreen();

const chip = (page: Page, name: string) => page.getByRole('group', { name: 'Controls' }).getByRole('button', { name, exact: true });

describe('input modes per a game’s settings (decision 0007, phone 844×390)', () => {
  it('a gamepad game gets the virtual pad; its touches on the picture are not the game’s', async () => {
    const p = await playing(STARFALL);
    await p.page.getByTestId('virtual-gamepad').waitFor();
    expect(await screenAttr(p.page, 'data-op-type')).toBe('0');
    expect(await streamAttr(p.page, 'data-pointer')).toBe('none');
    expect(await p.page.getByTestId('virtual-keyboard').count()).toBe(0);
    await screenshot(p.page, 'controls-mode-gamepad');
    await openMenu(p.page);
    expect(await chip(p.page, 'Gamepad').getAttribute('aria-pressed')).toBe('true');
    expect(await chip(p.page, 'Keyboard & mouse').getAttribute('aria-pressed')).toBe('false');
    expect(await chip(p.page, 'Touch').getAttribute('aria-pressed')).toBe('false');
    await screenshot(p.page, 'controls-menu-modes');
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('a keyboard-and-mouse game gets the virtual keyboard, and its keys reach the game', async () => {
    const p = await playing(GALACTIC_STRIKEFORCE);
    await p.page.getByTestId('virtual-keyboard').waitFor();
    expect(await screenAttr(p.page, 'data-op-type')).toBe('1');
    expect(await p.page.getByTestId('virtual-gamepad').count()).toBe(0);
    // On a phone the picture takes touches as the mouse.
    expect(await streamAttr(p.page, 'data-pointer')).toBe('touch');
    await screenshot(p.page, 'controls-mode-keyboard');
    const before = await until(p.page, (s) => s.player !== null, 'a frame report');
    // The game's official keyboard layout (get_op_plan, "WASD and mouse") is what keyboard mode draws.
    await p.page.getByTestId('virtual-keyboard').getByRole('button', { name: 'KeyD' }).hover();
    await p.page.mouse.down();
    await until(p.page, (s) => s.inputSeq > before.inputSeq && x(s) > x(before) + 0.05, 'the ship moving right on the virtual key');
    await p.page.mouse.up();
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('a touch-only game is touch-to-mouse on the picture, nothing drawn over it; its menu shows the mode without a choice', async () => {
    const p = await playing(PIXEL_PALS);
    expect(await screenAttr(p.page, 'data-op-type')).toBe('2');
    expect(await streamAttr(p.page, 'data-pointer')).toBe('touch');
    expect(await p.page.getByTestId('virtual-gamepad').count()).toBe(0);
    expect(await p.page.getByTestId('virtual-keyboard').count()).toBe(0);
    const before = await until(p.page, (s) => s.player !== null && s.frame > 0, 'a frame report');
    // A tap on the right of the picture: the catcher's basket goes there.
    await p.page.touchscreen.tap(700, 200);
    await until(p.page, (s) => s.inputSeq >= before.inputSeq + 2 && s.inputs >= before.inputs + 2, 'the tap in a shown frame');
    await screenshot(p.page, 'controls-mode-touch');
    await openMenu(p.page);
    expect(await p.page.getByTestId('controls-fixed').textContent()).toMatch(/^Touch set by this game$/);
    expect(await p.page.getByRole('group', { name: 'Controls' }).count()).toBe(0);
    await screenshot(p.page, 'controls-menu-fixed');
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('op_mode 1 keeps a game on its default even when it lists others', async () => {
    const p = await playing(KINGDOM_ARCHITECT);
    await p.page.getByTestId('virtual-keyboard').waitFor();
    await openMenu(p.page);
    expect(await p.page.getByTestId('controls-fixed').textContent()).toMatch(/^Keyboard & mouse/);
    await p.close();
  });
});

describe('switching the mode in the menu (decision 0007)', () => {
  it('Touch, then Keyboard & mouse: the screen follows at once, and after a reload the choice is still there for this game', async () => {
    const p = await playing(STARFALL);
    await p.page.getByTestId('virtual-gamepad').waitFor();
    await openMenu(p.page);
    await chip(p.page, 'Touch').click();
    expect(await chip(p.page, 'Touch').getAttribute('aria-pressed')).toBe('true');
    await closeMenu(p.page);
    await p.page.getByTestId('virtual-gamepad').waitFor({ state: 'detached' });
    expect(await screenAttr(p.page, 'data-op-type')).toBe('2');
    // In touch mode a tap on the picture reaches the game.
    const before = await until(p.page, (s) => s.frame > 0, 'frames');
    await p.page.touchscreen.tap(600, 200);
    await until(p.page, (s) => s.inputSeq >= before.inputSeq + 2, 'the tap in a shown frame');

    await openMenu(p.page);
    await chip(p.page, 'Keyboard & mouse').click();
    await closeMenu(p.page);
    await p.page.getByTestId('virtual-keyboard').waitFor();
    expect(await screenAttr(p.page, 'data-op-type')).toBe('1');

    // A reload: the cloud session is picked up again (reconnect) and the game plays in the chosen mode.
    await p.page.reload();
    await reach100(p.page);
    await p.page.getByTestId('virtual-keyboard').waitFor();
    expect(await screenAttr(p.page, 'data-op-type')).toBe('1');
    await openMenu(p.page);
    expect(await chip(p.page, 'Keyboard & mouse').getAttribute('aria-pressed')).toBe('true');
    await screenshot(p.page, 'controls-menu-after-reload');
    expect(p.errors).toEqual([]);
    await p.close();
  }, 90_000);
});
