/**
 * Shared by the input-mode e2e files (decision 0007): controls-input-modes.test.ts (each mode as a game's settings
 * say, and switching it) and controls-input-devices.test.ts (hardware keyboard, captured mouse, physical pad, rumble).
 * The game reacts on screen: the frame code drawn into the picture carries the last input it reflects
 * (data-input-seq), the frame report the player's place and the action presses the game took (data-player,
 * data-presses), as in stream.test.ts.
 */
import type { Page } from 'playwright-core';
import { STREAM } from './stream-view.ts';
import { gameScreen, LANDSCAPE, useServerAndBrowser, type SessionPage } from './harness.ts';

/** default_op_type 0, op_type "0,1,2": the shooter. */
export const STARFALL = 1;
/** default_op_type 1, op_type "0,1,2", show_keyboard 1: the shooter. */
export const GALACTIC_STRIKEFORCE = 8;
/** default_op_type 2, op_type "2" (touch only, op_mode 1): the catcher. */
export const PIXEL_PALS = 5;
/** default_op_type 1, op_type "1,2", op_mode 1: kept on keyboard and mouse. */
export const KINGDOM_ARCHITECT = 7;

/** A phone held sideways (LANDSCAPE: 1× pixels, so the picture read back costs less to decode). */
export const PHONE = LANDSCAPE;
/** A desktop browser window of the same size: a fine pointer, no touch screen. */
export const DESKTOP = { viewport: LANDSCAPE.viewport, deviceScaleFactor: 1, isMobile: false, hasTouch: false, locale: 'en-US' } as const;

/**
 * One mock and one browser for the file, and its game screens; `playing` opens a game at 100 %, on a phone unless told,
 * at standard clarity: what these files read is the game's answer to input, which the frame code carries at any size.
 */
export function useControlsScreen() {
  const gs = gameScreen(useServerAndBrowser({ browser: 'full' }), 'controls');
  const playing = (gameId: number, context: typeof PHONE | typeof DESKTOP = PHONE): Promise<SessionPage> =>
    gs.playing('play-now', gameId, { context, clock: false, standard: true });
  return { gs, playing };
}

export const screenAttr = (page: Page, name: string) => page.locator('.gs').getAttribute(name);
export const streamAttr = (page: Page, name: string) => page.locator(STREAM).getAttribute(name);
