/** findGame: the one answer of the game detail page and its overlay sheet for a game that is not there (SPEC §6 shield list). */
import { describe, expect, it, vi } from 'vitest';
import type { Game } from '../../../web/api/contract.ts';
import { ApiError } from '../../../web/core/http/errors.ts';
import { findGame } from '../../../web/state/catalogue.ts';

const game = { id: 5, title: 'Pixel Pals Party' } as Game;

describe('findGame (the detail page and the overlay detail alike)', () => {
  it('answers the game game_info answers, asked silently (the page shows its own states)', async () => {
    const gameInfo = vi.fn(async () => game);
    await expect(findGame({ gameInfo }, 5)).resolves.toBe(game);
    expect(gameInfo).toHaveBeenCalledWith({ game_id: 5 }, { silent: true });
  });

  it('a missing or shielded game (code 0 "Game not found") and a link without a game id are not found: null, nothing to retry', async () => {
    const gameInfo = vi.fn(async (): Promise<Game> => Promise.reject(new ApiError({ code: 0, msg: 'Game not found' })));
    await expect(findGame({ gameInfo }, 3)).resolves.toBeNull();
    await expect(findGame({ gameInfo }, null)).resolves.toBeNull();
    expect(gameInfo).toHaveBeenCalledTimes(1);
  });

  it('any other failure rejects, so the page offers a retry', async () => {
    const gameInfo = vi.fn(async (): Promise<Game> => Promise.reject(new Error('offline')));
    await expect(findGame({ gameInfo }, 3)).rejects.toThrow('offline');
  });
});
