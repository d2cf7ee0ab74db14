import { describe, expect, it, vi } from 'vitest';
import { signal } from '@preact/signals-core';
import type { Game } from '../../../web/api/contract.ts';
import type { GameSession, GameTarget } from '../../../web/game/index.ts';
import type { Phase } from '../../../web/game/state.ts';
import { beginGame, DEFAULT_MANUFACTURER, targetOf } from '../../../web/pages/submodules/game/game/begin.ts';

const game = { id: 1, game_key: 'g_starfall_odyssey', title: 'Starfall Odyssey', developer: 'Nebula Forge', manufacturer: 'vendor-x', hang: [{ duration: 3, type: 1 }] } as Game;

function fake(phase: Phase, current: GameTarget | null, reconnectReady = false) {
  const calls: string[] = [];
  const s = {
    phase: signal(phase),
    game: signal(current),
    flags: signal({ reconnectReady }),
    returnToGame: vi.fn(() => calls.push('return')),
    quit: vi.fn(() => calls.push('quit')),
    start: vi.fn(() => {
      calls.push('start');
      return true;
    }),
  };
  return { session: s as unknown as GameSession, calls };
}

describe('opening the game screen (SPEC §4 start, hang-up, reconnect)', () => {
  it('the target (SPEC §3 game session variables): the game\'s cloud manufacturer, not its studio; the game hang options', () => {
    expect(targetOf(game)).toEqual({ game_key: 'g_starfall_odyssey', game_id: 1, manufacturer: 'vendor-x', title: 'Starfall Odyssey', hang: game.hang });
    expect(targetOf({ ...game, manufacturer: '' }).manufacturer).toBe(DEFAULT_MANUFACTURER);
  });
  it('idle or ended: starts', () => {
    for (const phase of ['idle', 'ended'] as const) {
      const f = fake(phase, null);
      beginGame(f.session, game);
      expect(f.calls).toEqual(['start']);
    }
  });
  it('this game hung up (left, or able_recon after login): returns to it', () => {
    const f = fake('hung-up', targetOf(game), true);
    beginGame(f.session, game);
    expect(f.calls).toEqual(['return']);
  });
  it('this game already running or queued: left alone', () => {
    for (const phase of ['playing', 'queued', 'loading'] as const) {
      const f = fake(phase, targetOf(game));
      beginGame(f.session, game);
      expect(f.calls).toEqual([]);
    }
  });
  it('another game running: quit first, then start', () => {
    const f = fake('playing', { ...targetOf(game), game_key: 'other', game_id: 2 });
    beginGame(f.session, game);
    expect(f.calls).toEqual(['quit', 'start']);
  });
  it('another game waiting as able_recon: start replaces it (enable_restart)', () => {
    const f = fake('hung-up', { ...targetOf(game), game_key: 'other', game_id: 2 }, true);
    beginGame(f.session, game);
    expect(f.calls).toEqual(['start']);
  });
});
