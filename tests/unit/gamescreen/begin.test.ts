import { describe, expect, it } from 'vitest';
import type { Game } from '../../../web/api/contract.ts';
import { DEFAULT_MANUFACTURER, targetOf } from '../../../web/pages/submodules/game/game/begin.ts';

const game = { id: 1, game_key: 'g_starfall_odyssey', title: 'Starfall Odyssey', developer: 'Nebula Forge', manufacturer: 'vendor-x', hang: [{ duration: 3, type: 1 }] } as Game;

// What opening the screen does to the session (resume, keep, quit another first, start) is the machine's: tests/unit/game/machine-open.test.ts.
describe('the game screen\'s target (SPEC §3 game session variables)', () => {
  it('the game\'s cloud manufacturer, not its studio; the game hang options', () => {
    expect(targetOf(game)).toEqual({ game_key: 'g_starfall_odyssey', game_id: 1, manufacturer: 'vendor-x', title: 'Starfall Odyssey', hang: game.hang });
    expect(targetOf({ ...game, manufacturer: '' }).manufacturer).toBe(DEFAULT_MANUFACTURER);
  });
});
