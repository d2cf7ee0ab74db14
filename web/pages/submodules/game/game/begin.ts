import type { Game } from '../../../../api/contract.ts';
import type { GameSession, GameTarget } from '../../../../game/index.ts';

/** The game's cloud vendor (get_token, user_sc_list); "mock", the mock SDK's, when the catalogue names none. */
export const DEFAULT_MANUFACTURER = 'mock';

export const targetOf = (game: Game): GameTarget => ({
  game_key: game.game_key,
  game_id: game.id,
  manufacturer: game.manufacturer || DEFAULT_MANUFACTURER,
  title: game.title,
  hang: game.hang,
});

/**
 * Opening the screen for `game`: a session of this game that is hung up (or
 * an able_recon one found at start) resumes; one already running is kept;
 * a session of another game is quit first; otherwise the game starts.
 */
export function beginGame(session: GameSession, game: Game): void {
  const phase = session.phase.peek();
  const same = session.game.peek()?.game_key === game.game_key;
  if (same && phase === 'hung-up') {
    session.returnToGame();
    return;
  }
  if (same && phase !== 'idle' && phase !== 'ended') return;
  if (phase !== 'idle' && phase !== 'ended' && !(phase === 'hung-up' && session.flags.peek().reconnectReady)) session.quit();
  session.start(targetOf(game));
}
