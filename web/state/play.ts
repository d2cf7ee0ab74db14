/**
 * Opening a game from a list, a detail page or the long-press menu (SPEC §2,
 * §7 playgame). Its own module, apart from catalogue.ts: home's first load
 * carries the game menu, not the catalogue's other rules.
 */
import type { Api } from '../api/endpoints.ts';
import { gameScreenUrl } from '../core/paths.ts';
import type { AuthStore } from './auth.ts';

/** What opening a game needs: who is logged in, and the call that records a play. */
export interface PlayDeps {
  auth: Pick<AuthStore, '$auth' | 'isLoggedIn'>;
  api: Pick<Api, 'playgame'>;
}

/**
 * Opens the game screen. A logged-in player's play is recorded (playgame, and
 * a failure to record does not stop the game); a visitor is sent to login by
 * the guard with targetUrl = the game screen.
 */
export function playGame(deps: PlayDeps, gameId: number, navigate: (to: string) => void): void {
  const info = deps.auth.$auth.get().loginInfo;
  if (deps.auth.isLoggedIn() && info) deps.api.playgame({ uid: info.swcloud_uid, game_id: gameId }).catch(() => undefined);
  navigate(gameScreenUrl(gameId));
}
