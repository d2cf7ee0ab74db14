import type { Game } from '../../../../api/contract.ts';
import type { GameSession, GameTarget } from '../../../../game/index.ts';

/** The game's cloud vendor (get_token, user_sc_list); "mock", the mock SDK's, when the catalogue names none. */
export const DEFAULT_MANUFACTURER = 'mock';

export const targetOf = (game: Game): GameTarget => ({
  game_key: game.game_key,
  game_id: game.id,
  manufacturer: game.manufacturer || DEFAULT_MANUFACTURER,
  title: game.title,
  cover: game.cover,
  hang: game.hang,
  default_op_type: game.default_op_type,
  op_type: game.op_type,
  op_mode: game.op_mode,
  show_keyboard: game.show_keyboard,
  full_screen: game.full_screen,
  show_virtual: game.show_virtual,
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
    // A session found at start (able_recon) knew only the game's key: its controls come from game_info.
    session.returnToGame(targetOf(game));
    return;
  }
  if (same && phase !== 'idle' && phase !== 'ended') return;
  if (phase !== 'idle' && phase !== 'ended' && !(phase === 'hung-up' && session.flags.peek().reconnectReady)) session.quit();
  session.start(targetOf(game));
}
