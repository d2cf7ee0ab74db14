/**
 * The tap that starts a game (SPEC §3 full_screen, decision 0023). Browsers grant full screen only inside a user
 * gesture, and on a phone the game should be full screen and sideways from its first frame: so the Play tap itself
 * enters it, before the game screen has loaded, and the game screen then locks it to landscape (landscape.ts). The
 * game's own setting is known here; the player's stored choice is not (it is read with the session): when that says
 * off, the game screen leaves full screen again as soon as it has read it (fullscreen.ts).
 */
import { auth } from '../../../../app/services.ts';
import { handsetEnv, isHandset } from './handset.ts';
import type { Game } from '../../../../api/contract.ts';
import { enterFullScreen } from './fullscreen.ts';

export function fullScreenOnStart(game: Pick<Game, 'full_screen'>): void {
  // Logged out, the tap leads to the login page, not to a game.
  if (!auth.isLoggedIn() || game.full_screen === 0 || !isHandset(handsetEnv())) return;
  enterFullScreen();
}
