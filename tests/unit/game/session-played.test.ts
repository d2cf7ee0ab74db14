/**
 * SPEC §7 playgame: every start records the play once, whichever way the game
 * was reached (the game page opening — a Play button, a direct link, home's
 * ?game_id=, single-game mode —, Play again, or a session found after login
 * resumed); what keeps, resumes or reconnects a session under way records nothing.
 */
import { describe, expect, it } from 'vitest';
import type { GameTarget } from '../../../web/game/state.ts';
import { flush, GAME, harness, playAnswer } from './fakes.ts';

const OTHER: GameTarget = { game_key: 'chess', game_id: 9, manufacturer: 'mock', title: 'Chess' };
const recorded = (h: ReturnType<typeof harness>) => h.api.named('playgame').map((c) => c.req);

describe('SPEC §7 playgame: one record per start', () => {
  it('the game page opening starts the game and records it once, with the player\'s uid; opening it again while it runs records nothing', async () => {
    const h = harness();
    h.session.open(GAME);
    await flush();
    expect(recorded(h)).toEqual([{ uid: 42, game_id: 7 }]);
    expect(h.api.last('playgame')?.silent).toBe(true);
    h.sdk.stream();
    await flush();
    h.session.open(GAME);
    await flush();
    expect(recorded(h)).toHaveLength(1);
  });

  it('Play again after an ending, and another game opened over this one, are starts of their own', async () => {
    const h = harness();
    await h.play();
    h.session.quit();
    expect(h.session.start(GAME)).toBe(true);
    await flush();
    h.api.on('playGame', () => playAnswer({ sc_id: 'sc-2', game_key: 'chess', stream_url: 'stream?sc_id=sc-2' }));
    h.session.open(OTHER);
    await flush();
    expect(recorded(h)).toEqual([
      { uid: 42, game_id: 7 },
      { uid: 42, game_id: 7 },
      { uid: 42, game_id: 9 },
    ]);
  });

  it('a refused start (a session under way) records nothing', async () => {
    const h = harness();
    await h.play();
    expect(h.session.start(OTHER)).toBe(false);
    await flush();
    expect(recorded(h)).toHaveLength(1);
  });

  it('returning from a hang-up and a 43001 reconnect continue the same play: nothing more is recorded', async () => {
    const h = harness();
    await h.play();
    h.session.leave();
    h.session.returnToGame();
    h.sdk.event(43001);
    await flush();
    expect(h.session.phase.value).toBe('reconnecting');
    expect(recorded(h)).toHaveLength(1);
  });

  it('SPEC §4 an able_recon session found after login is recorded when it resumes (the page opening or reconnect), once', async () => {
    for (const resume of ['open', 'reconnect'] as const) {
      const h = harness();
      h.api.on('userScList', () => ({ list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon', hang_up_end_time: Math.floor(h.clock.now() / 1000) + 60 }] }));
      await h.session.checkSessions();
      expect(recorded(h)).toEqual([]);
      if (resume === 'open') h.session.open(GAME);
      else h.session.reconnect();
      await flush();
      expect(h.session.phase.value).toBe('reconnecting');
      h.sdk.stream();
      await flush();
      h.session.open(GAME);
      await flush();
      expect(recorded(h)).toEqual([{ uid: 42, game_id: 7 }]);
    }
  });

  it('a record that fails neither stops the game nor ends it; nobody logged in (uid 0) records nothing', async () => {
    const h = harness();
    h.api.on('playgame', () => Promise.reject(new Error('offline')));
    await h.play();
    expect(h.session.phase.value).toBe('playing');
    expect(h.logs.some((l) => l.includes('playgame failed'))).toBe(true);
    const visitor = harness({ account: { username: () => '', uid: () => 0, loginToken: () => null, clientSid: () => 'c' } });
    visitor.session.open(GAME);
    await flush();
    expect(recorded(visitor)).toEqual([]);
  });
});
