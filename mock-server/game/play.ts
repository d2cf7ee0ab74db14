/**
 * play_game and recon_play_game (SPEC §4 "Start", "Reconnect"): out of play
 * time first, then a queue ticket's seat, then one session per user, then
 * what the script says (200 plays, 201 queues, anything else fails).
 */
import {
  GAME_CODE,
  type GameFailure,
  type PlayGameRequest,
  type PlayGameResponse,
  type ReconPlayGameRequest,
  type ReconPlayGameResponse,
} from '../../web/api/contract.ts';
import { ApiError } from '../http/envelope.ts';
import { Wording, wordsIn, type WordsId } from '../http/words.ts';
import type { ContentLanguage } from '../languages.ts';
import type { UserRecord } from '../sessions/store.ts';
import { cancelHangUp } from './hangup.ts';
import { openTicket, queueInfo, settledAnswer, takeSeat, ticketOf } from './queue.ts';
import { findSession, liveSessionsOf, playStartInfo, startSession, stopSession } from './sessions.ts';
import type { GameContext, GameState, GameToken } from './state.ts';
import { scriptedText } from './scripted-message.ts';

const failure = (code: number, sub_msg: string): GameFailure => ({ code, sub_msg });

/** A game call's context with the request's language, which a failure's sub_msg is worded in. */
type AskedIn = GameContext & { language: ContentLanguage };

/** The play token of this user from get_token; a wrong one is an envelope error (the app must call get_token first). */
export function playToken(state: GameState, user: UserRecord, token: string): GameToken {
  const t = state.gameTokens.get(token);
  if (!t || t.uid !== user.uid) throw new ApiError(GAME_CODE.invalidGameToken, new Wording('invalidPlayToken'));
  return t;
}

export function play(ctx: AskedIn, state: GameState, user: UserRecord, req: PlayGameRequest): PlayGameResponse {
  const token = playToken(state, user, req.token);
  const say = (id: WordsId, params?: Record<string, string | number>): string => wordsIn(ctx.language, id, params);
  if (user.durationCoin <= 0) return failure(GAME_CODE.outOfPlayTime, say('outOfPlayTime'));

  if (req.queue_id !== undefined) {
    const t = ticketOf(state, user, req.queue_id);
    if (!t || t.gameKey !== req.game_key) return failure(GAME_CODE.queueNotFound, say('queueNotFound', { queueId: req.queue_id }));
    if (t.status === 'waiting') return queueInfo(ctx, t, req.queue_grade);
    const answer = settledAnswer(state, t, ctx.language);
    if (answer.code !== GAME_CODE.ok || t.scId === undefined) return answer;
    const s = state.sessions.get(t.scId);
    if (!s) return failure(GAME_CODE.sessionNotFound, say('seatSessionEnded'));
    takeSeat(ctx, state, s);
    return playStartInfo(s);
  }

  const live = liveSessionsOf(state, user.uid);
  if (live.length > 0) {
    if (req.enable_restart !== 1) return failure(GAME_CODE.sessionRunning, say('sessionRunning', { scIds: live.map((s) => s.scId).join(', ') }));
    for (const s of live) stopSession(state, s, 'restarted');
  }

  const code = state.script.play?.code ?? (state.script.queue ? GAME_CODE.queued : GAME_CODE.ok);
  if (code === GAME_CODE.ok) {
    const s = startSession(ctx, state, user, { gameKey: req.game_key, manufacturer: token.manufacturer, openId: token.openId, status: 'running' });
    return playStartInfo(s);
  }
  if (code === GAME_CODE.queued) {
    if (req.able_queue !== 1) return failure(GAME_CODE.noSeat, say('noSeat'));
    return openTicket(ctx, state, user, req.token, req.game_key, req.queue_grade);
  }
  return failure(code, scriptedText(state.script.play?.sub_msg, ctx.language) ?? say('cannotStart', { code }));
}

export function reconnect(ctx: AskedIn, state: GameState, user: UserRecord, req: ReconPlayGameRequest): ReconPlayGameResponse {
  const s = findSession(ctx, state, user, req.sc_id);
  const say = (id: WordsId): string => wordsIn(ctx.language, id, { scId: req.sc_id });
  if (!s || s.status === 'seat' || s.gameKey !== req.game_key) return failure(GAME_CODE.sessionNotFound, say('sessionNotFound'));
  if (!s.reconnectable) return failure(GAME_CODE.sessionNotFound, say('sessionNotReconnectable'));
  if (user.durationCoin <= 0) return failure(GAME_CODE.outOfPlayTime, say('outOfPlayTime'));
  cancelHangUp(state, s);
  return playStartInfo(s);
}
