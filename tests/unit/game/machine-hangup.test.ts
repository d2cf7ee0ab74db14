/**
 * SPEC §4 Hang-up through `transition()` alone: leaving the game page (away), returning, the countdown of
 * hangup_duration minutes and its end, and a stream that comes up while the player is away.
 */
import { describe, expect, it } from 'vitest';
import { HANGUP_MINUTE_MS, QUEUE_POLL_MS } from '../../../web/api/contract.ts';
import { initialState } from '../../../web/game/state.ts';
import { GAME, playAnswer, queued, seatReady } from './fakes.ts';
import { emitted, loading, playing, reconnecting, run, started, T, types } from './machine-run.ts';

describe('SPEC §4 Hang-up: leaving the game page while playing', () => {
  it('SPEC §4 leaving while playing stops streaming and counts hangup_duration minutes (× 60000, §9)', () => {
    const left = run([{ type: 'leave', minutes: 5 }], playing);
    expect(left.state).toMatchObject({ phase: 'hung-up', hasStream: false, hangup: { minutes: 5, endsAt: T + 5 * HANGUP_MINUTE_MS }, away: { minutes: 5 } });
    expect(types(left.effects)).toEqual(['stream-pause', 'sc-hang-up', `set-timer hangup ${5 * HANGUP_MINUTE_MS}`]);
    expect(left.effects).toContainEqual({ type: 'sc-hang-up', minutes: 5 });
  });

  it('SPEC §4 leaving while the game loads hangs up at once too', () => {
    expect(run([{ type: 'leave', minutes: 3 }], loading).state).toMatchObject({ phase: 'hung-up', hangup: { minutes: 3 } });
  });

  it('SPEC §4 at zero the session is stopped (stop_game) and hangup-over fires, then the ending', () => {
    const left = run([{ type: 'leave', minutes: 3 }], playing).state;
    const over = run([{ type: 'timer', name: 'hangup' }], left, left.hangup?.endsAt);
    expect(over.state).toMatchObject({ phase: 'ended', end: { reason: 'hangup-over', message: '' }, hangup: null });
    expect(over.effects).toContainEqual({ type: 'stop-game', scId: 'sc-1', gameKey: GAME.game_key, body: 'hangup-over', silent: true });
    expect(emitted(over.effects)).toEqual(['hangup-over', 'ended']);
    expect(over.effects.at(-1)).toEqual({ type: 'emit', event: 'ended', end: { reason: 'hangup-over', message: '' } });
  });

  it('SPEC §4 a countdown of 0 minutes is over at once', () => {
    const over = run([{ type: 'leave', minutes: 0 }], playing);
    expect(over.state.end?.reason).toBe('hangup-over');
    expect(emitted(over.effects)).toEqual(['hangup-over', 'ended']);
  });

  it('SPEC §4 returning cancels hang-up: the cloud countdown off (sc_hang_up 0), the stream resumes, the player is back', () => {
    const left = run([{ type: 'leave', minutes: 3 }], playing).state;
    const back = run([{ type: 'return' }], left, T + HANGUP_MINUTE_MS);
    expect(back.state).toMatchObject({ phase: 'playing', hangup: null, hasStream: false, away: null });
    expect(back.effects).toEqual([{ type: 'clear-timer', name: 'hangup' }, { type: 'sc-hang-up', minutes: 0 }, { type: 'stream-resume' }]);
    expect(run([{ type: 'timer', name: 'hangup' }], back.state).state.phase).toBe('playing');
  });

  it('SPEC §4 a hang-up timer that fires after the return changes nothing', () => {
    const back = run([{ type: 'leave', minutes: 3 }, { type: 'return' }], playing).state;
    const late = run([{ type: 'timer', name: 'hangup' }], back);
    expect(late.state).toBe(back);
    expect(late.effects).toEqual([]);
  });

  it('SPEC §4 shown again after the countdown passed unseen (held timers, decision 0012): hangup-over at once', () => {
    const left = run([{ type: 'leave', minutes: 3 }], playing).state;
    const endsAt = left.hangup?.endsAt ?? 0;
    expect(run([{ type: 'wake' }], left, endsAt - 1).state.phase).toBe('hung-up');
    const woke = run([{ type: 'wake' }], left, endsAt);
    expect(woke.state.end?.reason).toBe('hangup-over');
    expect(emitted(woke.effects)).toEqual(['hangup-over', 'ended']);
  });
});

describe('SPEC §4 Hang-up: away from the game page is part of the state', () => {
  it('leaving sets away in any phase, with the minutes in force; nothing else happens when no stream plays', () => {
    for (const from of [initialState, started, run([{ type: 'quit' }], playing).state]) {
      const left = run([{ type: 'leave', minutes: 5 }], from);
      expect(left.state).toEqual({ ...from, away: { minutes: 5 } });
      expect(left.effects).toEqual([]);
    }
  });

  it('the page shown again (return), opening it, reconnecting and taking a seat each clear away', () => {
    const away = run([{ type: 'leave', minutes: 3 }], started).state;
    expect(away.away).toEqual({ minutes: 3 });
    expect(run([{ type: 'return' }], away).state.away).toBeNull();
    expect(run([{ type: 'open', game: GAME }], away).state.away).toBeNull();
    expect(run([{ type: 'reconnect' }], away).state.away).toBeNull();
    expect(run([{ type: 'accept-seat' }], away).state.away).toBeNull();
    expect(run([{ type: 'start', game: GAME }], { ...away, phase: 'ended' }).state.away).toBeNull();
  });

  it('SPEC §4 a reconnect that comes back while away hangs up at once, with the minutes in force when the page was left', () => {
    const away = run([{ type: 'leave', minutes: 5 }], reconnecting);
    expect(away.state.phase).toBe('reconnecting');
    expect(away.effects).toEqual([]);
    const back = run([{ type: 'progress', value: 100 }], away.state, T + 1000);
    expect(back.state).toMatchObject({ phase: 'hung-up', hasStream: false, reconnectEndsAt: null, hangup: { minutes: 5, endsAt: T + 1000 + 5 * HANGUP_MINUTE_MS } });
    expect(types(back.effects)).toEqual(['stream-live', 'emit', 'stream-pause', 'sc-hang-up', `set-timer hangup ${5 * HANGUP_MINUTE_MS}`]);
    expect(back.effects).toContainEqual({ type: 'clear-timer', name: 'reconnect-wait' });
  });

  it('SPEC §4 a stream that comes up while away with a hang-up of 0 minutes ends at once', () => {
    const back = run([{ type: 'leave', minutes: 0 }, { type: 'progress', value: 100 }], reconnecting);
    expect(back.state.end?.reason).toBe('hangup-over');
    expect(emitted(back.effects)).toEqual(['playing', 'hangup-over', 'ended']);
  });

  it('SPEC §4 shown again while the reconnect runs: the stream that comes back plays', () => {
    const back = run([{ type: 'leave', minutes: 3 }, { type: 'return' }, { type: 'progress', value: 100 }], reconnecting);
    expect(back.state).toMatchObject({ phase: 'playing', hasStream: true, hangup: null, away: null });
    expect(types(back.effects)).toEqual(['stream-live', 'emit']);
  });

  it('decision 0012: a seat taken away from the game screen plays, not hung up as away', () => {
    const q = run([{ type: 'token-ok', attempt: 1, token: 't' }, { type: 'sdk-ready', attempt: 1 }, { type: 'play-answer', attempt: 1, gameKey: GAME.game_key, res: queued(1) }], started).state;
    const seat = run([{ type: 'leave', minutes: 3 }, { type: 'timer', name: 'queue-poll' }, { type: 'queue-answer', attempt: 1, res: seatReady() }], q, T + QUEUE_POLL_MS);
    expect(seat.state).toMatchObject({ phase: 'seat-ready', away: { minutes: 3 } });
    const live = run(
      [
        { type: 'accept-seat' },
        { type: 'play-answer', attempt: 1, gameKey: GAME.game_key, res: playAnswer({ sc_id: 'sc-seat' }) },
        { type: 'progress', value: 100 },
      ],
      seat.state,
    );
    expect(live.state).toMatchObject({ phase: 'playing', hasStream: true, scId: 'sc-seat', away: null });
    expect(types(live.effects)).not.toContain('sc-hang-up');
  });

  it('SPEC §4 a stream that comes up with the page on screen plays', () => {
    const live = run([{ type: 'progress', value: 100 }], loading);
    expect(live.state).toMatchObject({ phase: 'playing', hasStream: true, away: null });
  });
});
