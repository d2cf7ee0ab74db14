/**
 * The play queue (SPEC §4 "Queue", §6 grades, §9 seat expiry): a ticket
 * starts at a position by queue grade (or the script's), each game_queue
 * poll moves it forward, then the seat is ready (200) and expires unless
 * taken within script.seatExpiryMs ?? SEAT_EXPIRY_MS of session time.
 */
import {
  GAME_CODE,
  QUEUE_POLL_MS,
  SEAT_EXPIRY_MS,
  type GameFailure,
  type GameQueueResponse,
  type QueueInfo,
  type SeatReadyInfo,
} from '../../web/api/contract.ts';
import { wordsIn } from '../http/words.ts';
import type { ContentLanguage } from '../languages.ts';
import type { UserRecord } from '../sessions/store.ts';
import { playStartInfo, seconds, startBilling, startSession, stopSession } from './sessions.ts';
import { gameMeta, type GameContext, type GameState, type GameToken, type PlaySession, type QueueTicket } from './state.ts';
import { scriptedText } from './scripted-message.ts';

/** Where a grade starts: higher grades start nearer the front (grade 1 → 11, 3 → 8, 5 → 5, 7 → 2, 8 → 1). */
export function startPosition(grade: number): number {
  return Math.max(1, Math.round(12 - 1.5 * grade));
}

/** Places gained per poll by default: 1 for free users, 2 from grade 3, 3 for members (grade 7+). */
export function stepPerPoll(grade: number): number {
  if (grade >= 7) return 3;
  if (grade >= 3) return 2;
  return 1;
}

const failure = (code: number, sub_msg: string): GameFailure => ({ code, sub_msg });

export function queueInfo(ctx: GameContext, t: QueueTicket, grade: number): QueueInfo {
  const pollsLeft = Math.ceil(t.position / stepPerPoll(grade));
  return {
    code: 201,
    queue_id: t.queueId,
    queue_pos2: t.position,
    play_queue_id: gameMeta(ctx, t.gameKey).playQueueId,
    wait_seconds: (pollsLeft * QUEUE_POLL_MS) / 1000,
  };
}

/** Open a ticket for play_game's 201. */
export function openTicket(ctx: GameContext, state: GameState, user: UserRecord, token: string, gameKey: string, grade: number): QueueInfo {
  const scripted = state.script.queue?.positions?.[0];
  const t: QueueTicket = {
    queueId: String(++state.seq.queue),
    uid: user.uid,
    gameKey,
    gameId: gameMeta(ctx, gameKey).gameId,
    token,
    status: 'waiting',
    position: scripted ?? startPosition(grade),
    polls: 0,
    scId: undefined,
    seatExpiresAt: 0,
  };
  state.queues.set(t.queueId, t);
  return queueInfo(ctx, t, grade);
}

function seatReady(state: GameState, t: QueueTicket, s: PlaySession): SeatReadyInfo {
  const left = t.status === 'ready' ? Math.max(0, t.seatExpiresAt - state.clock.now()) : 0;
  return { ...playStartInfo(s), queue_id: t.queueId, seat_expire_time: seconds(t.seatExpiresAt), seat_expire_seconds: Math.ceil(left / 1000) };
}

/** The seat is ready: a machine (session in "seat") waits for the user until the seat expiry. */
function makeSeat(ctx: GameContext, state: GameState, user: UserRecord, t: QueueTicket, token: GameToken): PlaySession {
  const s = startSession(ctx, state, user, {
    gameKey: t.gameKey,
    manufacturer: token.manufacturer,
    openId: token.openId,
    status: 'seat',
    queueId: t.queueId,
  });
  const expiryMs = state.script.seatExpiryMs ?? SEAT_EXPIRY_MS;
  t.status = 'ready';
  t.scId = s.scId;
  t.seatExpiresAt = state.clock.now() + expiryMs;
  s.seatTimer = state.clock.setTimeout(() => {
    s.seatTimer = undefined;
    if (t.status !== 'ready') return;
    t.status = 'expired';
    stopSession(state, s, 'seat expired');
  }, expiryMs);
  return s;
}

/** Take a ready seat (stream connect or play_game with queue_id): the session runs and is billed from now. */
export function takeSeat(ctx: GameContext, state: GameState, s: PlaySession): void {
  if (s.status !== 'seat') return;
  state.clock.clearTimeout(s.seatTimer);
  s.seatTimer = undefined;
  s.status = 'running';
  s.startedAt = state.clock.now();
  const t = s.queueId === undefined ? undefined : state.queues.get(s.queueId);
  if (t) t.status = 'taken';
  startBilling(ctx, state, s);
}

/** The user's ticket, or undefined (unknown id or someone else's). */
export function ticketOf(state: GameState, user: UserRecord, queueId: string): QueueTicket | undefined {
  const t = state.queues.get(queueId);
  return t && t.uid === user.uid ? t : undefined;
}

/** The answer for a ticket that is no longer waiting: seat ready (again), or why not. */
export function settledAnswer(state: GameState, t: QueueTicket, language: ContentLanguage): SeatReadyInfo | GameFailure {
  if (t.status === 'expired') return failure(GAME_CODE.seatExpired, wordsIn(language, 'seatExpired'));
  const s = t.scId === undefined ? undefined : state.sessions.get(t.scId);
  if (!s || s.status === 'stopped') return failure(GAME_CODE.sessionNotFound, wordsIn(language, 'seatSessionEnded'));
  return seatReady(state, t, s);
}

/** One game_queue poll (SPEC §4: every 10 s by the app; the position moves per poll, not per second). */
export function poll(ctx: GameContext & { language: ContentLanguage }, state: GameState, user: UserRecord, t: QueueTicket, grade: number): GameQueueResponse {
  if (t.status !== 'waiting') return settledAnswer(state, t, ctx.language);
  const token = state.gameTokens.get(t.token);
  if (!token) return failure(GAME_CODE.invalidGameToken, wordsIn(ctx.language, 'queueTokenGone'));
  t.polls += 1;
  const script = state.script.queue;
  if (script?.errorAtPoll === t.polls) {
    state.queues.delete(t.queueId);
    return failure(GAME_CODE.queueError, scriptedText(script.errorMsg, ctx.language) ?? wordsIn(ctx.language, 'queueError'));
  }
  const positions = script?.positions;
  if (positions !== undefined) {
    const next = positions[t.polls - 1];
    if (next !== undefined) {
      t.position = next;
      return queueInfo(ctx, t, grade);
    }
  } else {
    t.position -= stepPerPoll(grade);
    if (t.position > 0) return queueInfo(ctx, t, grade);
  }
  t.position = 0;
  return seatReady(state, t, makeSeat(ctx, state, user, t, token));
}

/** Leave the queue; a ready seat is released. */
export function cancelTicket(state: GameState, t: QueueTicket): void {
  state.queues.delete(t.queueId);
  if (t.status === 'ready' && t.scId !== undefined) {
    const s = state.sessions.get(t.scId);
    if (s) stopSession(state, s, 'queue cancelled');
  }
}
