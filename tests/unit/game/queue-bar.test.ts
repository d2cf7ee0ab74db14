/** The queue bar's state is a pure reading of the session state (decision 0012). */
import { describe, expect, it } from 'vitest';
import { queueBarState, wantsQueueBar } from '../../../web/game/queue-bar.ts';
import { initialState, type SessionState } from '../../../web/game/state.ts';
import { GAME } from './fakes.ts';

const queue = { queueId: 'q-1', position: 3, waitSeconds: 90, playQueueId: 11, polls: 2 };
const at = (over: Partial<SessionState>): SessionState => ({ ...initialState, game: GAME, ...over });

describe('queueBarState (SPEC §4 Queue, away from the game screen)', () => {
  it('queued: the game, its position and the estimated wait', () => {
    const s = queueBarState(at({ phase: 'queued', queue }));
    expect(s).toEqual({ kind: 'queued', game: GAME, position: 3, waitSeconds: 90, polls: 2 });
    expect(wantsQueueBar(at({ phase: 'queued', queue }))).toBe(true);
  });

  it('ready: the seat and when its 40 s end', () => {
    expect(queueBarState(at({ phase: 'seat-ready', queue: { ...queue, position: 0 }, seatEndsAt: 5_000 }))).toEqual({ kind: 'ready', game: GAME, seatEndsAt: 5_000 });
  });

  it('expired: a seat not taken in time is shown until dismissed', () => {
    expect(queueBarState(at({ phase: 'ended', end: { reason: 'seat-expired', message: 'seat expired' } }))).toEqual({ kind: 'expired', game: GAME });
  });

  it('failed: a queue error says so, with its message', () => {
    expect(queueBarState(at({ phase: 'ended', end: { reason: 'queue-error', message: '排队失败' } }))).toEqual({ kind: 'failed', game: GAME, message: '排队失败' });
  });

  it('cancelled: the player asked for it, so nothing shows', () => {
    const s = at({ phase: 'ended', end: { reason: 'queue-cancelled', message: '' } });
    expect(queueBarState(s)).toEqual({ kind: 'none' });
    expect(wantsQueueBar(s)).toBe(false);
  });

  it('none: no session, or any phase that is not the queue', () => {
    expect(queueBarState(initialState)).toEqual({ kind: 'none' });
    for (const phase of ['starting', 'loading', 'playing', 'hung-up', 'reconnecting'] as const) expect(queueBarState(at({ phase })).kind).toBe('none');
    expect(queueBarState(at({ phase: 'ended', end: { reason: 'user-quit', message: '' } })).kind).toBe('none');
    // A queue answer without its ticket is not a queue the bar can cancel.
    expect(queueBarState(at({ phase: 'queued', queue: null })).kind).toBe('none');
    expect(queueBarState(at({ phase: 'queued', queue, game: null })).kind).toBe('none');
  });
});
