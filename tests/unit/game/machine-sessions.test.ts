/**
 * SPEC §4 "After login or app start" through `transition()`: user_sc_list's sessions, an able_recon one
 * resuming its hang-up countdown (the time left is the machine's maths), the others stopped.
 */
import { describe, expect, it } from 'vitest';
import { HANGUP_MINUTE_MS, type UserSession } from '../../../web/api/contract.ts';
import { foundHangup } from '../../../web/game/hangup.ts';
import type { SessionEvent, SessionState } from '../../../web/game/state.ts';
import { GAME } from './fakes.ts';
import { playing, run, T, types } from './machine-run.ts';

const checking = run([{ type: 'check-sessions' }]).state;
const recon = (over: Partial<UserSession> = {}): UserSession => ({ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon', ...over });
const answer = (list: UserSession[], over: Partial<Extract<SessionEvent, { type: 'sessions' }>> = {}): SessionEvent => ({
  type: 'sessions',
  attempt: checking.attempt,
  list,
  manufacturer: 'vendor-x',
  hangupDuration: 3,
  member: false,
  ...over,
});
const found = (list: UserSession[], over: Partial<Extract<SessionEvent, { type: 'sessions' }>> = {}, from: SessionState = checking, now = T) =>
  run([answer(list, over)], from, now);

describe('SPEC §4 After login or app start: the saved session list', () => {
  it('a check asks user_sc_list under a new attempt, only with no session under way', () => {
    expect(checking.attempt).toBe(1);
    expect(run([{ type: 'check-sessions' }]).effects).toEqual([{ type: 'check-sessions' }]);
    expect(run([{ type: 'check-sessions' }], playing).effects).toEqual([]);
  });

  it('SPEC §4 able_recon the cloud counts down: the countdown resumes to its hang_up_end_time, the cloud is not told again', () => {
    const r = found([recon({ hang_up_end_time: (T + 120_000) / 1000 })]);
    expect(r.state).toMatchObject({
      phase: 'hung-up',
      reconnectReady: true,
      scId: 'sc-9',
      game: { game_key: 'space-race', game_id: 7, manufacturer: 'vendor-x' },
      hangup: { minutes: 3, endsAt: T + 120_000 },
    });
    expect(types(r.effects)).toEqual(['set-timer hangup 120000']);
  });

  it('SPEC §4 able_recon without an end time (the app died mid-play): a full hangup_duration from now, and the cloud starts its countdown', () => {
    const r = found([recon()], { hangupDuration: 5 });
    expect(r.state.hangup).toEqual({ minutes: 5, endsAt: T + 5 * HANGUP_MINUTE_MS });
    expect(r.effects).toContainEqual({ type: 'sc-hang-up', minutes: 5 });
    expect(types(r.effects)).toContain(`set-timer hangup ${5 * HANGUP_MINUTE_MS}`);
  });

  it('SPEC §4 §5 a type-2 hang-up setting counts for members only; others get the default minutes', () => {
    expect(found([recon()], { hangupDuration: 30, member: false }).state.hangup?.minutes).toBe(3);
    expect(found([recon()], { hangupDuration: 30, member: true }).state.hangup?.minutes).toBe(30);
  });

  it('SPEC §4 an end time already past leaves no time: the countdown is over at once (timer 0)', () => {
    const r = found([recon({ hang_up_end_time: (T - 5000) / 1000 })]);
    expect(r.state.hangup?.endsAt).toBe(T);
    expect(types(r.effects)).toEqual(['set-timer hangup 0']);
    expect(run([{ type: 'timer', name: 'hangup' }], r.state).state.end?.reason).toBe('hangup-over');
  });

  it('SPEC §4 every other session is stopped (stop_game, silently), with or without an able_recon one', () => {
    const other = recon({ sc_id: 'sc-2', game_key: 'chess', type: 'stop' });
    const stop = { type: 'stop-game', scId: 'sc-2', gameKey: 'chess', body: 'not reconnectable', silent: true };
    const alone = found([other]);
    expect(alone.state).toBe(checking);
    expect(alone.effects).toEqual([stop]);
    const both = found([other, recon({ hang_up_end_time: (T + 60_000) / 1000 })]);
    expect(both.state.scId).toBe('sc-9');
    expect(both.effects).toContainEqual(stop);
  });

  it('SPEC §4 no sessions: nothing happens', () => {
    const r = found([]);
    expect(r.state).toBe(checking);
    expect(r.effects).toEqual([]);
  });

  it('an answer after a game started meanwhile (another attempt) changes nothing', () => {
    const startedMeanwhile = run([{ type: 'start', game: GAME }], checking).state;
    const r = found([recon()], {}, startedMeanwhile);
    expect(r.state).toBe(startedMeanwhile);
    expect(r.effects).toEqual([]);
  });

  it('SPEC §4 the found session resumes by reconnecting (its SDK first on a cold start); quitting it stops it', () => {
    const waiting = found([recon()]).state;
    expect(run([{ type: 'reconnect' }], { ...waiting, sdkReady: true }).state.phase).toBe('reconnecting');
    expect(types(run([{ type: 'return' }], waiting).effects)).toEqual(['record-play', 'sdk-init', 'set-timer sdk-init 60000']);
    const quit = run([{ type: 'quit' }], waiting);
    expect(quit.state.end?.reason).toBe('user-quit');
    expect(quit.effects).toContainEqual({ type: 'stop-game', scId: 'sc-9', gameKey: 'space-race', body: 'user-quit', silent: false });
  });
});

describe('foundHangup: the time an able_recon session has left (SPEC §4 After login or app start, §9 minutes × 60000)', () => {
  it('the cloud\'s end time when given, else hangup_duration from now', () => {
    expect(foundHangup({ hang_up_end_time: (T + 90_000) / 1000 }, 3, false, T)).toEqual({ minutes: 3, endsAt: T + 90_000, serverHangingUp: true });
    expect(foundHangup({}, 5, false, T)).toEqual({ minutes: 5, endsAt: T + 5 * HANGUP_MINUTE_MS, serverHangingUp: false });
    expect(foundHangup({ hang_up_end_time: 0 }, 5, false, T).serverHangingUp).toBe(false);
    expect(foundHangup({ hang_up_end_time: (T - 1000) / 1000 }, 3, false, T).endsAt).toBe(T);
  });
});
