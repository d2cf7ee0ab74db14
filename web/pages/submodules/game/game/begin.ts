import type { Game } from '../../../../api/contract.ts';
import type { GameTarget } from '../../../../game/index.ts';

/** The game's cloud vendor (get_token, user_sc_list); "mock", the mock SDK's, when the catalogue names none. */
export const DEFAULT_MANUFACTURER = 'mock';

/** The catalogue's game as the session's target (SPEC §3 game session variables): what `session.open` and Play again are given. */
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
