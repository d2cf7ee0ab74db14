/**
 * Shared by the input-mode e2e files (decision 0007): controls-input-modes.test.ts (each mode as a game's settings
 * say, and switching it) and controls-input-devices.test.ts (hardware keyboard, captured mouse, physical pad, rumble).
 * The game reacts on screen: the frame code drawn into the picture carries the last input it reflects
 * (data-input-seq), the frame report the player's place and the action presses the game took (data-player,
 * data-presses), as in stream.test.ts.
 */
import type { Page } from 'playwright-core';
import { STREAM } from './stream-view.ts';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';
import { gamePath, gameScreen, LANDSCAPE, reach100, useServerAndBrowser, type SessionPage } from './harness.ts';

/** default_op_type 0, op_type "0,1,2": the shooter. */
export const STARFALL = 1;
/** default_op_type 1, op_type "0,1,2", show_keyboard 1: the shooter. */
export const GALACTIC_STRIKEFORCE = 8;
/** default_op_type 2, op_type "2" (touch only, op_mode 1): the catcher. */
export const PIXEL_PALS = 5;
/** default_op_type 1, op_type "1,2", op_mode 1: kept on keyboard and mouse. */
export const KINGDOM_ARCHITECT = 7;

/** A phone held sideways at 1× pixels (the picture is what is read back, and decoding it costs less). */
export const PHONE = { ...LANDSCAPE, deviceScaleFactor: 1 } as const;
/** A desktop browser window of the same size: a fine pointer, no touch screen. */
export const DESKTOP = { viewport: LANDSCAPE.viewport, deviceScaleFactor: 1, isMobile: false, hasTouch: false, locale: 'en-US' } as const;

/**
 * One mock and one browser for the file, and its game screens; `playing` opens a game at 100 %, on a phone unless told.
 * Its games stream at standard clarity (640×360) rather than a member's default ultra (1280×720): what these files
 * read is the game's answer to input, which the frame code carries at any size, and a quarter of the pixels to draw,
 * encode and decode is about half the CPU of these files on a machine whose cores are busy throughout.
 */
export function useControlsScreen() {
  const e2e = useServerAndBrowser({ browser: 'full' });
  const gs = gameScreen(e2e, 'controls');
  const playing = async (gameId: number, context: typeof PHONE | typeof DESKTOP = PHONE): Promise<SessionPage> => {
    const p = await gs.open('play-now', { context, clock: false });
    await standardByDefault(e2e.server.url, p.session);
    await gs.enter(p, gamePath(gameId));
    await reach100(p.page);
    return p;
  };
  return { gs, playing };
}

/** The session's members start their games at standard clarity (system_info definition_default_conf, live in /__db/). */
async function standardByDefault(base: string, session: string): Promise<void> {
  const url = new URL(`/__db/system_info?session=${encodeURIComponent(session)}`, base);
  const current = (await (await fetch(url)).json()) as { definition_default_conf: Record<string, number> };
  const conf = { ...current.definition_default_conf, vip_user_default: 0 };
  const res = await fetch(url, { method: 'PATCH', headers: { ...CONTROL_WRITE_HEADERS }, body: JSON.stringify({ definition_default_conf: conf }) });
  if (!res.ok) throw new Error(`PATCH /__db/system_info answered ${res.status}: ${await res.text()}`);
}

export const screenAttr = (page: Page, name: string) => page.locator('.gs').getAttribute(name);
export const streamAttr = (page: Page, name: string) => page.locator(STREAM).getAttribute(name);
