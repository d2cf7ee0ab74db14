/**
 * The queue (SPEC §4 "Queue", §6 grades, §9): game_queue is polled every
 * QUEUE_POLL_MS; 201 updates the position, 200 means the seat is ready and
 * SEAT_EXPIRY_MS begins (accept plays, running out leaves the queue); an
 * error cancels the queue, and so does the user.
 */
import { QUEUE_POLL_MS, SEAT_EXPIRY_MS, type QueueInfo } from '../api/contract.ts';
import { isQueued, isSeatReady, subMessage, targetOf } from './answers.ts';
import type { QueueView, SessionEvent, SessionState, Step } from './state.ts';
import { clearTimer, endSession, same, setTimer, step } from './steps.ts';

/**
 * SPEC §4: the seat countdown is 40 s. When the server says the seat ends sooner (the poll answer
 * came late, or the seat was held a while), its time wins: a seat taken after the server let it
 * go would only fail. A missing or longer time keeps the 40 s.
 */
export function seatExpiryMs(serverSeconds: number | undefined): number {
  if (typeof serverSeconds !== 'number' || !Number.isFinite(serverSeconds) || serverSeconds <= 0) return SEAT_EXPIRY_MS;
  return Math.min(SEAT_EXPIRY_MS, Math.ceil(serverSeconds) * 1000);
}

export function queueView(info: QueueInfo, polls: number): QueueView {
  return {
    queueId: info.queue_id,
    position: info.queue_pos2,
    waitSeconds: info.wait_seconds,
    playQueueId: info.play_queue_id,
    polls,
  };
}

/** Enter the queue from play_game's 201. */
export function enterQueue(s: SessionState, info: QueueInfo): Step {
  return step({ ...s, phase: 'queued', queue: queueView(info, 0) }, setTimer('queue-poll', QUEUE_POLL_MS));
}

/** The queue's share of the machine; null when the event is not the queue's. */
export function queueTransition(s: SessionState, e: SessionEvent, now: number): Step | null {
  switch (e.type) {
    case 'timer':
      if (e.name === 'queue-poll') {
        return s.phase === 'queued' && s.queue ? step(s, { type: 'poll-queue', queueId: s.queue.queueId }) : same(s);
      }
      if (e.name === 'seat-expiry') {
        return s.phase === 'seat-ready' ? endSession(s, 'seat-expired', 'seat expired', { cancelQueue: true }) : same(s);
      }
      return null;

    case 'queue-answer': {
      if (s.phase !== 'queued' || !s.queue) return same(s);
      const res = e.res;
      if (isQueued(res)) {
        return step({ ...s, queue: { ...queueView(res, s.queue.polls + 1), queueId: s.queue.queueId } }, setTimer('queue-poll', QUEUE_POLL_MS));
      }
      if (isSeatReady(res)) {
        const seatMs = seatExpiryMs(res.seat_expire_seconds);
        return step(
          {
            ...s,
            phase: 'seat-ready',
            queue: { ...s.queue, position: 0, waitSeconds: 0, polls: s.queue.polls + 1 },
            seat: { ...targetOf(res), queueId: res.queue_id },
            seatEndsAt: now + seatMs,
          },
          setTimer('seat-expiry', seatMs),
          { type: 'emit', event: 'seat-ready' },
        );
      }
      return endSession(s, 'queue-error', subMessage(res), { cancelQueue: true });
    }

    case 'accept-seat': {
      // Taking the seat, wherever the player is (decision 0012), is going to the game: its stream must not hang up as away.
      const here = s.away ? { ...s, away: null } : s;
      if (here.phase !== 'seat-ready' || !here.seat) return same(here);
      // Taking the seat is a play_game with the ticket: the answer (200) flows into loading like a direct play.
      return step({ ...here, phase: 'starting', seatEndsAt: null }, clearTimer('seat-expiry'), { type: 'play-game', queueId: here.seat.queueId });
    }

    case 'wake':
      // A hidden page's timers run late or not at all: ask the queue now, and a seat whose 40 s passed meanwhile is gone.
      if (s.phase === 'queued' && s.queue) return step(s, { type: 'poll-queue', queueId: s.queue.queueId }, setTimer('queue-poll', QUEUE_POLL_MS));
      if (s.phase === 'seat-ready' && s.seatEndsAt !== null && now >= s.seatEndsAt) return endSession(s, 'seat-expired', 'seat expired', { cancelQueue: true });
      return null;

    case 'cancel-queue':
      if (s.phase !== 'queued' && s.phase !== 'seat-ready') return same(s);
      return endSession(s, 'queue-cancelled', '', { cancelQueue: true });

    default:
      return null;
  }
}
