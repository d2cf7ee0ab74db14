/** `session.open(game)` and `start()` through the whole session: the machine's rule (start.ts) with its calls. */
import { describe, expect, it } from 'vitest';
import { QUEUE_POLL_MS } from '../../../web/api/contract.ts';
import type { GameTarget } from '../../../web/game/state.ts';
import { flush, GAME, harness, playAnswer, queued, seatReady } from './fakes.ts';

const OTHER: GameTarget = { game_key: 'chess', game_id: 9, manufacturer: 'mock', title: 'Chess' };

describe('opening the game page (SPEC §4 Start, Hang-up)', () => {
  it('SPEC §4 Start: with no session, opening the page starts the game (get_token, play_game)', async () => {
    const h = harness();
    h.session.open(GAME);
    expect(h.session.phase.value).toBe('starting');
    await flush();
    expect(h.api.names().slice(0, 3)).toEqual(['playgame', 'getToken', 'playGame']);
    expect(h.api.last('playGame')?.req).toMatchObject({ game_key: 'space-race', able_queue: 1, enable_restart: 1, local_stream: 0 });
  });

  it('another game playing: it is stopped (stop_game, its ending heard), then the game opened starts with its own settings', async () => {
    const h = harness();
    await h.storage.saveSettings('alice', 'chess', { hangup_duration: 5 });
    await h.play();
    h.session.open(OTHER);
    expect(h.api.last('stopGame')?.req).toEqual({ sc_id: 'sc-1', body: 'user-quit', game_key: 'space-race' });
    expect(h.events).toContain('ended:user-quit');
    expect(h.session.game.value?.game_key).toBe('chess');
    h.api.on('playGame', () => playAnswer({ sc_id: 'sc-2', game_key: 'chess', stream_url: 'stream?sc_id=sc-2' }));
    await flush();
    expect(h.api.last('playGame')?.req['game_key']).toBe('chess');
    expect(h.session.hangupMinutes.value).toBe(5);
  });

  it('SPEC §4 Queue: another game queued leaves its queue with that game\'s key', async () => {
    const h = harness();
    h.api.on('playGame', () => queued(4));
    h.session.start(GAME);
    await flush();
    h.session.open(OTHER);
    expect(h.api.last('cancelQueue')?.req).toEqual({ queue_id: 'q-1', game_key: 'space-race' });
    expect(h.session.phase.value).toBe('starting');
  });

  it('SPEC §4 returning cancels hang-up: opening the page of the game hung up resumes it', async () => {
    const h = harness();
    await h.play();
    h.session.leave();
    h.session.open(GAME);
    expect(h.session.phase.value).toBe('playing');
    expect(h.api.last('scHangUp')?.req['hang_up_timer']).toBe(0);
    expect(h.sdk.log.at(-1)).toBe('resume');
    expect(h.api.named('playGame')).toHaveLength(1);
  });

  it('SPEC §4 a start while a session is under way is refused and leaves that session\'s play options alone', async () => {
    const h = harness();
    h.api.on('playGame', (req) => (req.queue_id ? playAnswer({ sc_id: 'sc-seat', stream_url: 'stream?sc_id=sc-seat' }) : queued(1)));
    expect(h.session.start(GAME, { localStream: true })).toBe(true);
    await flush();
    expect(h.session.start(OTHER, { ableQueue: false })).toBe(false);
    h.api.on('gameQueue', () => seatReady());
    await h.advance(QUEUE_POLL_MS);
    h.session.acceptSeat();
    await flush();
    expect(h.api.last('playGame')?.req).toMatchObject({ game_key: 'space-race', queue_id: 'q-1', able_queue: 1, local_stream: 1 });
  });

  it('SPEC §4 Hang-up: the page shown again while a reconnect runs is no longer away, so the stream that comes back plays', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(43001);
    await flush();
    h.session.leave();
    h.session.returnToGame();
    h.sdk.stream();
    expect(h.session.phase.value).toBe('playing');
    expect(h.session.flags.value.live).toBe(true);
    expect(h.api.named('scHangUp')).toHaveLength(0);
  });
});
