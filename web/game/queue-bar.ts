/**
 * What the queue bar shows away from the game screen (decision 0012): a pure reading of the session state, so the bar itself
 * holds no rule. A cancelled queue shows nothing (the player asked for it);
 * an expired seat or a failed queue is shown until dismissed, because it
 * happened while the player was elsewhere.
 */
import type { GameTarget, SessionState } from './state.ts';

export type QueueBarState =
  | { kind: 'none' }
  | { kind: 'queued'; game: GameTarget; position: number; waitSeconds: number; polls: number }
  | { kind: 'ready'; game: GameTarget; seatEndsAt: number }
  | { kind: 'expired'; game: GameTarget }
  | { kind: 'failed'; game: GameTarget; message: string };

const NONE: QueueBarState = { kind: 'none' };

export function queueBarState(s: SessionState): QueueBarState {
  const game = s.game;
  if (!game) return NONE;
  if (s.phase === 'queued' && s.queue) return { kind: 'queued', game, position: s.queue.position, waitSeconds: s.queue.waitSeconds, polls: s.queue.polls };
  if (s.phase === 'seat-ready' && s.seatEndsAt !== null) return { kind: 'ready', game, seatEndsAt: s.seatEndsAt };
  if (s.phase === 'ended' && s.end?.reason === 'seat-expired') return { kind: 'expired', game };
  if (s.phase === 'ended' && s.end?.reason === 'queue-error') return { kind: 'failed', game, message: s.end.message };
  return NONE;
}

/** The bar's chunk is wanted only while there is something to show. */
export const wantsQueueBar = (s: SessionState): boolean => queueBarState(s).kind !== 'none';
