/**
 * Official and edited touch layouts end to end (SPEC §3 layouts, §7 get_op_plan): the game's plans
 * from get_op_plan drawn over the live stream, one picked from the menu and
 * kept (SPEC §3 keyboard_id); the editor (drag on the grid, resize, fade,
 * add and remove a key, undo, save) and its layout after a reload and after
 * a log-out and back in (SPEC §3 gamepad store, op_custom); reset to the
 * official layout; a key of each layout still driving the game (the frame
 * code's input sequence moves, decision 0005). Every key clear of the safe
 * area at 844×390 and 390×844; screenshots of each layout and the editor in
 * both.
 */
import { describe, expect, it } from 'vitest';
import { closeMenu, openMenu } from './stream-view.ts';
import type { Locator, Page } from 'playwright-core';
import { animationsDone, gamePath, gameScreen, LANDSCAPE, logIn, reach100, screenshot, useServerAndBrowser, waitForAppShell, type SessionPage } from './harness.ts';

// The socket-only stream: what is checked here is the game session, not the picture (stream.test.ts has that).
const e2e = useServerAndBrowser({ video: false, browser: 'full' });
const gs = gameScreen(e2e, 'layouts');

const STARFALL = 1; // a gamepad game (default_op_type 0): the "Standard gamepad" plan, id 101
const GALACTIC = 8; // a keyboard-and-mouse game (default_op_type 1): "WASD and mouse" 802 (default), "Arrow keys" 803
const MEMBER = '13800000001';
const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE_VIEW = LANDSCAPE.viewport;
/** The game screen's padding without a notch (max(8px, inset) top and bottom, max(12px, inset) at the sides). */
const PAD = { top: 8, right: 12, bottom: 8, left: 12 };

const playing = (gameId: number): Promise<SessionPage> => gs.playing('play-now', gameId, { context: LANDSCAPE, clock: false });

const chip = (page: Page, name: string) => page.getByRole('radiogroup', { name: 'Layouts' }).getByRole('radio', { name, exact: true });

const inputSeq = (page: Page): Promise<number> => page.evaluate(() => Number(document.querySelector<HTMLElement>('[data-testid="game-stream"]')?.dataset['inputSeq'] ?? 0));

/** Holds `key` down until the picture reflects an input newer than before, then lets go. */
async function pressUntilSeen(page: Page, key: Locator): Promise<void> {
  const before = await inputSeq(page);
  // The mouse goes down where the key is now: a closing menu or a layer still moving would take the press instead.
  await animationsDone(page);
  await key.hover();
  await page.mouse.down();
  await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>('[data-testid="game-stream"]')?.dataset['inputSeq'] ?? 0) > n, before, { timeout: 10_000 });
  await page.mouse.up();
}

interface Box {
  cx: number;
  cy: number;
  d: number;
}
async function boxOf(key: Locator): Promise<Box> {
  const b = await key.boundingBox();
  if (!b) throw new Error('not on screen');
  return { cx: b.x + b.width / 2, cy: b.y + b.height / 2, d: b.width };
}

/** Every control of the layer `testId` lies inside the viewport less the game screen's padding. */
async function expectClearOfInsets(page: Page, testId: string): Promise<void> {
  const view = page.viewportSize();
  if (!view) throw new Error('no viewport');
  const rects = await page.locator(`[data-testid="${testId}"] > .lp-key, [data-testid="${testId}"] > .lp-stick, [data-testid="${testId}"] > .lp-dpad`).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { name: el.getAttribute('aria-label'), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
  );
  expect(rects.length).toBeGreaterThan(0);
  for (const r of rects) {
    expect(r.left, `${r.name} left`).toBeGreaterThanOrEqual(PAD.left - 0.5);
    expect(r.top, `${r.name} top`).toBeGreaterThanOrEqual(PAD.top - 0.5);
    expect(r.right, `${r.name} right`).toBeLessThanOrEqual(view.width - PAD.right + 0.5);
    expect(r.bottom, `${r.name} bottom`).toBeLessThanOrEqual(view.height - PAD.bottom + 0.5);
  }
}

/** Screenshots of the layer `testId` held sideways and upright, each checked clear of the insets; back to landscape. */
async function inBothOrientations(page: Page, testId: string, name: string): Promise<void> {
  await expectClearOfInsets(page, testId);
  await screenshot(page, `${name}-844x390`);
  await page.setViewportSize(PORTRAIT);
  await page.waitForFunction(() => innerWidth === 390);
  // The layer lays itself out again after the resize (a render later): wait for that, not just the new width.
  await page.waitForFunction(
    (id) => [...document.querySelectorAll(`[data-testid="${id}"] > .lp-key, [data-testid="${id}"] > .lp-stick, [data-testid="${id}"] > .lp-dpad`)].every((el) => el.getBoundingClientRect().right <= innerWidth),
    testId,
    { timeout: 10_000 },
  );
  await expectClearOfInsets(page, testId);
  await screenshot(page, `${name}-390x844`);
  await page.setViewportSize(LANDSCAPE_VIEW);
  await page.waitForFunction(() => innerWidth === 844);
}

/** How far `v` px is from the editor's 8 px grid (GRID_PX). */
const offGrid = (v: number): number => Math.abs(v - Math.round(v / 8) * 8);

/** Drags from the centre of `from` by dx, dy in small steps (a finger, not a jump). */
async function drag(page: Page, from: Box, dx: number, dy: number): Promise<void> {
  await page.mouse.move(from.cx, from.cy);
  await page.mouse.down();
  await page.mouse.move(from.cx + dx, from.cy + dy, { steps: 8 });
  await page.mouse.up();
}

describe('official and edited touch layouts (SPEC §3, §7 get_op_plan)', () => {
  it('a keyboard game: its official plans in the menu, one picked is drawn, drives the game and is kept after a reload', async () => {
    const p = await playing(GALACTIC);
    await openMenu(p.page);
    // Keyboard mode draws the keyboard unless switched off (decision 0007), from the game's keyboard layout.
    expect(await p.page.getByRole('switch', { name: 'Keyboard' }).getAttribute('aria-checked')).toBe('true');
    await p.page.getByText('Keyboard layout').scrollIntoViewIfNeeded();
    await animationsDone(p.page);
    expect(await chip(p.page, 'WASD and mouse').getAttribute('aria-checked')).toBe('true');
    expect(await chip(p.page, 'Arrow keys').getAttribute('aria-checked')).toBe('false');
    await screenshot(p.page, 'layouts-menu-keyboard');
    await closeMenu(p.page);
    const keyboard = p.page.getByTestId('virtual-keyboard');
    await keyboard.getByRole('button', { name: 'KeyW' }).waitFor();
    expect(await keyboard.getAttribute('data-plan')).toBe('802');
    // A mouse button of the plan: "Fire" is the left button.
    await pressUntilSeen(p.page, keyboard.getByRole('button', { name: 'MouseLeft' }));
    await inBothOrientations(p.page, 'virtual-keyboard', 'layouts-keyboard-wasd');

    await openMenu(p.page);
    await chip(p.page, 'Arrow keys').click();
    await expect.poll(() => chip(p.page, 'Arrow keys').getAttribute('aria-checked')).toBe('true');
    await closeMenu(p.page);
    await keyboard.getByRole('button', { name: 'ArrowUp' }).waitFor();
    expect(await keyboard.getByRole('button', { name: 'KeyW' }).count()).toBe(0);
    expect(await keyboard.getAttribute('data-plan')).toBe('803');
    await pressUntilSeen(p.page, keyboard.getByRole('button', { name: 'ArrowUp' }));
    await inBothOrientations(p.page, 'virtual-keyboard', 'layouts-keyboard-arrows');

    // The choice is a game setting (keyboard_id): a reload finds it.
    await p.page.reload();
    await reach100(p.page);
    await p.page.getByTestId('virtual-keyboard').getByRole('button', { name: 'ArrowUp' }).waitFor();
    expect(await p.page.getByTestId('virtual-keyboard').getAttribute('data-plan')).toBe('803');
    expect(p.errors).toEqual([]);
    await p.close();
  }, 150_000);

  it('a gamepad game: edit the layout on the live stream, save, find it after a reload and a log-out, reset to the official one', async () => {
    const p = await playing(STARFALL);
    const pad = p.page.getByTestId('virtual-gamepad');
    await pad.getByRole('button', { name: 'A', exact: true }).waitFor();
    expect(await pad.getAttribute('data-layout')).toBe('official');
    expect(await pad.getAttribute('data-plan')).toBe('101');
    const officialA = await boxOf(pad.getByRole('button', { name: 'A', exact: true }));
    await inBothOrientations(p.page, 'virtual-gamepad', 'layouts-gamepad-official');

    // Pick the official plan, then open the editor from the menu.
    await openMenu(p.page);
    await p.page.getByText('Gamepad layout').scrollIntoViewIfNeeded();
    await chip(p.page, 'Standard gamepad').click();
    await expect.poll(() => chip(p.page, 'Standard gamepad').getAttribute('aria-checked')).toBe('true');
    await p.page.getByRole('button', { name: 'Edit layout' }).click();
    const editor = p.page.getByRole('dialog', { name: 'Edit layout' });
    await editor.waitFor();
    // The menu closed and the live pad gave way to the editor's copy.
    expect(await p.page.getByRole('dialog', { name: 'Game menu' }).count()).toBe(0);
    expect(await pad.count()).toBe(0);
    const a = editor.getByRole('button', { name: 'A', exact: true });
    expect(await boxOf(a)).toEqual(officialA);
    await screenshot(p.page, 'layouts-editor-844x390');

    // Drag A up and left: it lands on the 8 px grid, near where it was dropped.
    await drag(p.page, officialA, -203, -61);
    const moved = await boxOf(a);
    expect(Math.abs(moved.cx - (officialA.cx - 203))).toBeLessThanOrEqual(4);
    expect(Math.abs(moved.cy - (officialA.cy - 61))).toBeLessThanOrEqual(4);
    expect(offGrid(moved.cx)).toBeLessThan(0.5);
    expect(offGrid(moved.cy)).toBeLessThan(0.5);
    expect(await a.getAttribute('aria-pressed')).toBe('true');
    // A drag past the edge stops at the safe area.
    const undoButton = editor.getByRole('button', { name: 'Undo' });
    await drag(p.page, moved, 2000, 0);
    const atEdge = await boxOf(a);
    expect(atEdge.cx + atEdge.d / 2).toBeLessThanOrEqual(844 - PAD.right + 0.5);
    await undoButton.click();
    expect(await boxOf(a)).toEqual(moved);

    // Resize with the handle (bigger), then to an exact size with the slider; fade it.
    const handle = editor.getByTestId('resize-handle');
    const h = await boxOf(handle);
    await drag(p.page, h, 14, 14);
    expect((await boxOf(a)).d).toBeGreaterThan(moved.d + 10);
    // 18 % of the short side (390 px).
    await editor.getByRole('slider', { name: 'Size' }).fill('18');
    expect((await boxOf(a)).d).toBeCloseTo(70.2, 0);
    await editor.getByRole('slider', { name: 'Opacity' }).fill('50');
    expect(await a.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');
    await screenshot(p.page, 'layouts-editor-selected-844x390');

    // Add Home from the palette, remove Select, undo the removal.
    await editor.getByRole('button', { name: 'Add key' }).click();
    await editor.getByRole('group', { name: 'Keys to add' }).waitFor();
    await screenshot(p.page, 'layouts-editor-palette-844x390');
    await editor.getByRole('button', { name: 'Add BTN_HOME' }).click();
    await editor.getByRole('button', { name: 'Home', exact: true }).waitFor();
    // Select sits under the tools: they move to the bottom edge to uncover it.
    const select = editor.getByRole('button', { name: 'Select', exact: true });
    await editor.getByRole('button', { name: 'Move the tools down' }).click();
    await select.click();
    await editor.getByRole('button', { name: 'Remove' }).click();
    expect(await select.count()).toBe(0);
    await undoButton.click();
    await select.waitFor();
    await screenshot(p.page, 'layouts-editor-edited-844x390');
    await p.page.setViewportSize(PORTRAIT);
    await p.page.waitForFunction(() => innerWidth === 390);
    await screenshot(p.page, 'layouts-editor-390x844');
    await p.page.setViewportSize(LANDSCAPE_VIEW);
    await p.page.waitForFunction(() => innerWidth === 844);

    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await pad.getByRole('button', { name: 'Home', exact: true }).waitFor();
    expect(await pad.getAttribute('data-layout')).toBe('custom');
    const mineA = pad.getByRole('button', { name: 'A', exact: true });
    const saved = await boxOf(mineA);
    expect(Math.abs(saved.cx - moved.cx)).toBeLessThanOrEqual(1);
    expect(Math.abs(saved.cy - moved.cy)).toBeLessThanOrEqual(1);
    expect(saved.d).toBeCloseTo(70.2, 0);
    expect(await mineA.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');
    // The moved key still plays: the picture reflects its input.
    await pressUntilSeen(p.page, mineA);
    await inBothOrientations(p.page, 'virtual-gamepad', 'layouts-gamepad-mine');

    // A reload finds it (IndexedDB gamepad store, op_custom 1).
    await p.page.reload();
    await reach100(p.page);
    await pad.getByRole('button', { name: 'Home', exact: true }).waitFor();
    expect(await pad.getAttribute('data-layout')).toBe('custom');
    expect(await boxOf(mineA)).toEqual(saved);

    // Log out and back in: still there.
    await p.page.goto(new URL('/submodules/user/setting/index', e2e.server.url).href);
    await waitForAppShell(p.page);
    await p.page.getByRole('button', { name: 'Log out' }).click();
    await p.page.waitForURL((u) => u.pathname === '/');
    await p.page.goto(new URL(`/main/login/index?targetUrl=${encodeURIComponent(gamePath(STARFALL))}`, e2e.server.url).href);
    await waitForAppShell(p.page);
    await logIn(p.page, MEMBER, { sendCode: false });
    await reach100(p.page);
    await pad.getByRole('button', { name: 'Home', exact: true }).waitFor();
    expect(await boxOf(mineA)).toEqual(saved);

    // The menu offers the official plan and "Mine" (pressed); reset in the editor brings the official keys back.
    await openMenu(p.page);
    expect(await chip(p.page, 'Mine').getAttribute('aria-checked')).toBe('true');
    expect(await chip(p.page, 'Standard gamepad').getAttribute('aria-checked')).toBe('false');
    await p.page.getByText('Gamepad layout').scrollIntoViewIfNeeded();
    await animationsDone(p.page);
    await screenshot(p.page, 'layouts-menu-gamepad');
    await p.page.getByRole('button', { name: 'Edit layout' }).click();
    await editor.getByRole('button', { name: 'Reset' }).click();
    expect(await editor.getByRole('button', { name: 'Home', exact: true }).count()).toBe(0);
    expect(await boxOf(a)).toEqual(officialA);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => pad.getByRole('button', { name: 'Home', exact: true }).count()).toBe(0);
    expect(await boxOf(mineA)).toEqual(officialA);
    // And the official chip plays the server's plan again.
    await openMenu(p.page);
    await chip(p.page, 'Standard gamepad').click();
    await expect.poll(() => chip(p.page, 'Standard gamepad').getAttribute('aria-checked')).toBe('true');
    await closeMenu(p.page);
    await expect.poll(() => pad.getAttribute('data-layout')).toBe('official');
    await pressUntilSeen(p.page, pad.getByRole('button', { name: 'Right', exact: true }));
    expect(p.errors).toEqual([]);
    await p.close();
  }, 240_000);
});
