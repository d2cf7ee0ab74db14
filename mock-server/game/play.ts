/**
 * play_game and recon_play_game (SPEC §4 "Start", "Reconnect"): out of play
 * time first, then a queue ticket's seat, then one session per user, then
 * what the script says (200 plays, 201 queues, anything else fails).
 */
import {
  GAME_CODE,
  GAME_MESSAGES,
  type GameFailure,
  type PlayGameRequest,
  type PlayGameResponse,
  type ReconPlayGameRequest,
  type ReconPlayGameResponse,
} from '../../web/api/contract.ts';
import { ApiError } from '../http/envelope.ts';
import type { UserRecord } from '../sessions/store.ts';
import { cancelHangUp } from './hangup.ts';
import { openTicket, queueInfo, settledAnswer, takeSeat, ticketOf } from './queue.ts';
import { findSession, liveSessionsOf, playStartInfo, startSession, stopSession } from './sessions.ts';
import type { GameContext, GameState, GameToken } from './state.ts';

const failure = (code: number, sub_msg: string): GameFailure => ({ code, sub_msg });

/** The play token of this user from get_token; a wrong one is an envelope error (the app must call get_token first). */
export function playToken(state: GameState, user: UserRecord, token: string): GameToken {
  const t = state.gameTokens.get(token);
  if (!t || t.uid !== user.uid) throw new ApiError(GAME_CODE.invalidGameToken, 'Invalid play token: call get_token first');
  return t;
}

export function play(ctx: GameContext, state: GameState, user: UserRecord, req: PlayGameRequest): PlayGameResponse {
  const token = playToken(state, user, req.token);
  if (user.durationCoin <= 0) return failure(GAME_CODE.outOfPlayTime, GAME_MESSAGES.outOfPlayTime);

  if (req.queue_id !== undefined) {
    const t = ticketOf(state, user, req.queue_id);
    if (!t || t.gameKey !== req.game_key) return failure(GAME_CODE.queueNotFound, `Queue ${req.queue_id} not found`);
    if (t.status === 'waiting') return queueInfo(ctx, t, req.queue_grade);
    const answer = settledAnswer(state, t);
    if (answer.code !== GAME_CODE.ok || t.scId === undefined) return answer;
    const s = state.sessions.get(t.scId);
    if (!s) return failure(GAME_CODE.sessionNotFound, 'The game session of this seat has ended');
    takeSeat(ctx, state, s);
    return playStartInfo(s);
  }

  const live = liveSessionsOf(state, user.uid);
  if (live.length > 0) {
    if (req.enable_restart !== 1) return failure(GAME_CODE.sessionRunning, `Another game session (${live.map((s) => s.scId).join(', ')}) is running`);
    for (const s of live) stopSession(state, s, 'restarted');
  }

  const code = state.script.play?.code ?? (state.script.queue ? GAME_CODE.queued : GAME_CODE.ok);
  if (code === GAME_CODE.ok) {
    const s = startSession(ctx, state, user, { gameKey: req.game_key, manufacturer: token.manufacturer, openId: token.openId, status: 'running' });
    return playStartInfo(s);
  }
  if (code === GAME_CODE.queued) {
    if (req.able_queue !== 1) return failure(GAME_CODE.noSeat, 'No free machine right now, please try again later');
    return openTicket(ctx, state, user, req.token, req.game_key, req.queue_grade);
  }
  return failure(code, state.script.play?.sub_msg ?? `Cannot start the game (code ${code})`);
}

export function reconnect(ctx: GameContext, state: GameState, user: UserRecord, req: ReconPlayGameRequest): ReconPlayGameResponse {
  const s = findSession(ctx, state, user, req.sc_id);
  if (!s || s.status === 'seat' || s.gameKey !== req.game_key) return failure(GAME_CODE.sessionNotFound, `Game session ${req.sc_id} not found`);
  if (!s.reconnectable) return failure(GAME_CODE.sessionNotFound, `Game session ${req.sc_id} cannot be reconnected; stop it`);
  if (user.durationCoin <= 0) return failure(GAME_CODE.outOfPlayTime, GAME_MESSAGES.outOfPlayTime);
  cancelHangUp(state, s);
  return playStartInfo(s);
}
