/** The pure machine: state in, state and effects out, time passed explicitly. */
import { describe, expect, it } from 'vitest';
import { HANGUP_MINUTE_MS, QUEUE_POLL_MS, SEAT_EXPIRY_MS } from '../../../web/api/contract.ts';
import { CLOUD_END_REASON_WAIT_MS, NO_OPERATION_MS, RECONNECT_WAIT_MS, SDK_INIT_WAIT_MS } from '../../../web/core/constants.ts';
import { backAction } from '../../../web/game/machine.ts';
import { initialState, TIMER_NAMES } from '../../../web/game/state.ts';
import { seatExpiryMs } from '../../../web/game/queue.ts';
import { GAME, playAnswer, queued, seatReady, userInfo } from './fakes.ts';
import { playing, run, started, T, types } from './machine-run.ts';

describe('machine (SPEC §4 transitions)', () => {
  it('SPEC §4 start → a new session and get-token; token → sdk-init with the 60 s wait; ready → play-game', () => {
    expect(types(run([{ type: 'start', game: GAME }]).effects)).toEqual(['new-session', 'record-play', 'get-token']);
    const afterToken = run([{ type: 'token-ok', attempt: 1, token: 't' }], started);
    expect(types(afterToken.effects)).toEqual(['sdk-init', `set-timer sdk-init ${SDK_INIT_WAIT_MS}`]);
    expect(types(run([{ type: 'sdk-ready', attempt: 1 }], afterToken.state).effects)).toEqual(['play-game']);
  });

  it('SPEC §4 play 200 → loading with stream-start and the duration socket; 100 → playing with stream-live', () => {
    const s = run([{ type: 'token-ok', attempt: 1, token: 't' }, { type: 'sdk-ready', attempt: 1 }], started).state;
    const loading = run([{ type: 'play-answer', attempt: 1, gameKey: 'space-race', res: playAnswer() }], s);
    expect(loading.state.phase).toBe('loading');
    expect(types(loading.effects)).toEqual(['stream-start', 'duration-open']);
    const live = run([{ type: 'progress', value: 100 }], loading.state);
    expect(live.state).toMatchObject({ phase: 'playing', hasStream: true, progress: 100 });
    expect(types(live.effects)).toEqual(['stream-live', 'emit']);
  });

  it('SPEC §4 play 201 → queued with a 10 s poll; 200 → seat-ready with 40 s; seat expiry → cancel-queue and ended', () => {
    const s = run([{ type: 'token-ok', attempt: 1, token: 't' }, { type: 'sdk-ready', attempt: 1 }], started).state;
    const q = run([{ type: 'play-answer', attempt: 1, gameKey: 'space-race', res: queued(3) }], s);
    expect(types(q.effects)).toEqual([`set-timer queue-poll ${QUEUE_POLL_MS}`]);
    expect(types(run([{ type: 'timer', name: 'queue-poll' }], q.state).effects)).toEqual(['poll-queue']);
    const seat = run([{ type: 'queue-answer', attempt: 1, res: seatReady() }], q.state);
    expect(seat.state).toMatchObject({ phase: 'seat-ready', seatEndsAt: T + SEAT_EXPIRY_MS });
    const expired = run([{ type: 'timer', name: 'seat-expiry' }], seat.state);
    expect(expired.state.end?.reason).toBe('seat-expired');
    expect(types(expired.effects)).toEqual(['duration-close', 'cancel-queue', 'emit']);
  });

  it('SPEC §4 seat countdown: the server\'s seat_expire_seconds when sooner than 40 s, never longer', () => {
    const s = run([{ type: 'token-ok', attempt: 1, token: 't' }, { type: 'sdk-ready', attempt: 1 }], started).state;
    const q = run([{ type: 'play-answer', attempt: 1, gameKey: 'space-race', res: queued(3) }], s).state;
    const sooner = run([{ type: 'queue-answer', attempt: 1, res: seatReady({ seat_expire_seconds: 25 }) }], q);
    expect(sooner.state.seatEndsAt).toBe(T + 25_000);
    expect(types(sooner.effects)).toContain('set-timer seat-expiry 25000');
    expect(run([{ type: 'queue-answer', attempt: 1, res: seatReady({ seat_expire_seconds: 90 }) }], q).state.seatEndsAt).toBe(T + SEAT_EXPIRY_MS);
    expect(seatExpiryMs(undefined)).toBe(SEAT_EXPIRY_MS);
    expect(seatExpiryMs(0)).toBe(SEAT_EXPIRY_MS);
    expect(seatExpiryMs(Number.NaN)).toBe(SEAT_EXPIRY_MS);
    expect(seatExpiryMs(12.2)).toBe(13_000);
  });

  it('SPEC §4 hang-up: leave → pause, sc-hang-up, the minutes timer; its end → stop-game and hangup-over', () => {
    const left = run([{ type: 'leave', minutes: 5 }], playing);
    expect(left.state).toMatchObject({ phase: 'hung-up', hangup: { minutes: 5, endsAt: T + 5 * HANGUP_MINUTE_MS } });
    expect(types(left.effects)).toEqual(['stream-pause', 'sc-hang-up', `set-timer hangup ${5 * HANGUP_MINUTE_MS}`]);
    const over = run([{ type: 'timer', name: 'hangup' }], left.state);
    expect(types(over.effects)).toEqual(['stream-stop', 'duration-close', 'stop-game', 'emit', 'emit']);
    expect(over.effects.filter((e) => e.type === 'emit').map((e) => (e.type === 'emit' ? e.event : ''))).toEqual(['hangup-over', 'ended']);
  });

  it('SPEC §4 hang-up of 0 minutes ends at once', () => {
    expect(run([{ type: 'leave', minutes: 0 }], playing).state.end?.reason).toBe('hangup-over');
  });

  it('SPEC §4 return → sc-hang-up 0 and stream-resume', () => {
    const left = run([{ type: 'leave', minutes: 3 }], playing).state;
    const back = run([{ type: 'return' }], left);
    expect(back.state.phase).toBe('playing');
    expect(types(back.effects)).toEqual(['sc-hang-up', 'stream-resume']);
  });

  it('SPEC §4 43001 → reconnecting: recon with the 60 s wait; its answer → stream-reconnect', () => {
    const r = run([{ type: 'stream-event', code: 43001 }], playing);
    expect(r.state).toMatchObject({ phase: 'reconnecting', reconnectEndsAt: T + RECONNECT_WAIT_MS });
    expect(types(r.effects)).toEqual(['recon', `set-timer reconnect-wait ${RECONNECT_WAIT_MS}`]);
    expect(types(run([{ type: 'recon-answer', attempt: 1, res: playAnswer() }], r.state).effects)).toEqual(['stream-reconnect', 'duration-open']);
  });

  it('SPEC §4 45001 → no-operation timer; input clears it', () => {
    const idle = run([{ type: 'stream-event', code: 45001 }], playing);
    expect(types(idle.effects)).toEqual([`set-timer no-operation ${NO_OPERATION_MS}`]);
    const input = run([{ type: 'input' }], idle.state);
    expect(input.state.idleEndsAt).toBeNull();
    expect(input.effects).toEqual([{ type: 'clear-timer', name: 'no-operation' }]);
  });

  it('SPEC §4 duration 202 sets the dialog flag; 408 event 1 ends with relogin and no stop-game', () => {
    expect(run([{ type: 'duration', msg: { code: 202, msg: '' } }], playing).state.timeoutDialog).toBe(true);
    const r = run([{ type: 'duration', msg: { code: 408, msg: '', event: 1 } }], playing);
    expect(r.state).toMatchObject({ phase: 'ended', reloginRequired: true });
    expect(types(r.effects)).not.toContain('stop-game');
  });

  it('SPEC §4 54001 waits CLOUD_END_REASON_WAIT_MS for the duration socket: duration_coin 0 then ends as out of play time, else ended by the cloud', () => {
    const waiting = run([{ type: 'stream-event', code: 54001 }], playing);
    expect(waiting.state).toMatchObject({ phase: 'playing', cloudEnded: true });
    expect(types(waiting.effects)).toEqual([`set-timer cloud-end ${CLOUD_END_REASON_WAIT_MS}`]);
    const broke = run([{ type: 'duration', msg: { code: 200, msg: '', data: userInfo({ duration_coin: 0 }) } }], waiting.state);
    expect(broke.state).toMatchObject({ phase: 'ended', cloudEnded: false, end: { reason: 'out-of-time' } });
    const waited = run([{ type: 'timer', name: 'cloud-end' }], waiting.state);
    expect(waited.state.end?.reason).toBe('session-ended');
    expect(types(waited.effects)).not.toContain('stop-game');
    expect(run([{ type: 'stream-event', code: 43001 }, { type: 'progress', value: 100 }], waiting.state).state).toBe(waiting.state);
  });

  it('ignores answers of another attempt', () => {
    const r = run([{ type: 'queue-answer', attempt: 99, res: queued(1) }], started);
    expect(r.state).toBe(started);
    expect(r.effects).toEqual([]);
  });

  it('undoes a play answer nobody waits for: stop_game for a session, cancel_queue for a ticket', () => {
    const old = run([{ type: 'play-answer', attempt: 99, gameKey: 'chess', res: playAnswer({ sc_id: 'late' }) }], started);
    expect(old.state).toBe(started);
    expect(old.effects).toEqual([{ type: 'stop-game', scId: 'late', gameKey: 'space-race', body: 'abandoned', silent: true }]);
    const quit = run([{ type: 'quit' }], started).state;
    expect(run([{ type: 'play-answer', attempt: 1, gameKey: 'space-race', res: queued(2) }], quit).effects).toEqual([
      { type: 'cancel-queue', queueId: 'q-1', gameKey: 'space-race' },
    ]);
    expect(run([{ type: 'play-answer', attempt: 1, gameKey: 'space-race', res: { code: 4003, sub_msg: 'x' } }], quit).effects).toEqual([]);
  });

  it('SPEC §2 back action by phase', () => {
    expect(backAction(initialState)).toBe('none');
    expect(backAction(started)).toBe('quit-dialog');
    expect(backAction(playing)).toBe('quit-dialog');
    expect(backAction({ ...playing, phase: 'reconnecting' })).toBe('quit-dialog');
    expect(backAction({ ...playing, phase: 'queued' })).toBe('stopped-queue');
    expect(backAction({ ...playing, phase: 'seat-ready' })).toBe('stopped-queue');
    expect(backAction({ ...playing, phase: 'hung-up' })).toBe('none');
    expect(backAction({ ...playing, phase: 'ended' })).toBe('none');
  });

  it('every end clears every timer', () => {
    const r = run([{ type: 'quit' }], playing);
    expect(r.effects.flatMap((e) => (e.type === 'clear-timer' ? [e.name] : []))).toEqual(TIMER_NAMES);
  });
});
