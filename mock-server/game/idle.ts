/**
 * Real idleness (SPEC §4 stream event 45001): while a game
 * session streams, no input for `idleAfterMs` of session time sends 45001, and
 * the app starts its 60 s no-operation countdown. Any input starts the wait
 * again; a session with no stream (hang-up, queue) is not idle, it is away.
 */
import { STREAM_EVENT } from '../../web/api/contract.ts';
import type { GameState, PlaySession } from './state.ts';
import { fireStreamEvent } from './timelines.ts';

/** Arm (or re-arm, on input) the wait; `afterMs` undefined or 0 turns idleness off. */
export function armIdle(state: GameState, s: PlaySession, afterMs: number | undefined): void {
  state.clock.clearTimeout(s.idleTimer);
  s.idleTimer = undefined;
  if (!afterMs || s.status !== 'running' || s.streams.size === 0) return;
  s.idleTimer = state.clock.setTimeout(() => {
    s.idleTimer = undefined;
    fireStreamEvent(state, s, STREAM_EVENT.idle);
  }, afterMs);
}

export function disarmIdle(state: GameState, s: PlaySession): void {
  state.clock.clearTimeout(s.idleTimer);
  s.idleTimer = undefined;
}
