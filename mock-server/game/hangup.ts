/**
 * Server-side hang-up (keep-alive, SPEC §4 "Hang-up", §5, §9): the session
 * keeps its machine with no stream for the chosen minutes (× 60000 ms of
 * session time), then stops. Options of type 2 are member-only.
 */
import { GAME_CODE, HANGUP_MINUTE_MS, type UserInfo } from '../../web/api/contract.ts';
import { DEFAULT_HANGUP_MINUTES } from '../limits.ts';
import { ApiError } from '../http/envelope.ts';
import { Wording } from '../http/words.ts';
import { isMember } from './account.ts';
import { stopSession } from './sessions.ts';
import { gameMeta, type GameContext, type GameState, type PlaySession } from './state.ts';

/** Check `minutes` against the game's hang options: 0 (none) always; type 2 only for members. Throws the envelope error. */
export function checkHangUpMinutes(ctx: GameContext, s: PlaySession, info: UserInfo, minutes: number): void {
  if (minutes === 0) return;
  const option = gameMeta(ctx, s.gameKey).hang.find((o) => o.duration === minutes);
  if (!option) {
    const offered = gameMeta(ctx, s.gameKey)
      .hang.map((o) => o.duration)
      .join(', ');
    throw new ApiError(GAME_CODE.notOffered, new Wording('hangUpNotOffered', { minutes, offered }));
  }
  if (option.type === 2 && !isMember(info)) throw new ApiError(GAME_CODE.memberOnly, new Wording('hangUpMembersOnly', { minutes }));
}

/** Start (or restart) the countdown now; 0 minutes cancels it. The session's stream sockets are closed: hang-up has no stream. */
export function startHangUp(state: GameState, s: PlaySession, minutes: number): void {
  if (minutes === 0) {
    cancelHangUp(state, s);
    return;
  }
  state.clock.clearTimeout(s.hangUpTimer);
  s.status = 'hangup';
  s.hangUpEndsAt = state.clock.now() + minutes * HANGUP_MINUTE_MS;
  s.hangUpTimer = state.clock.setTimeout(() => {
    s.hangUpTimer = undefined;
    stopSession(state, s, 'hang-up over');
  }, minutes * HANGUP_MINUTE_MS);
  for (const peer of [...s.streams]) peer.close(1000, 'hang-up');
  s.streams.clear();
}

/** The user is back (reconnect or stream connect): the session runs again. */
export function cancelHangUp(state: GameState, s: PlaySession): void {
  if (s.status !== 'hangup') return;
  state.clock.clearTimeout(s.hangUpTimer);
  s.hangUpTimer = undefined;
  s.hangUpEndsAt = 0;
  s.status = 'running';
}

/** The last stream socket of a running session went away (page left, app killed): hang up for its timer, or the SPEC §3 default. */
export function onStreamsGone(state: GameState, s: PlaySession): void {
  if (s.status !== 'running' || s.streams.size > 0) return;
  startHangUp(state, s, s.hangUpMinutes > 0 ? s.hangUpMinutes : DEFAULT_HANGUP_MINUTES);
}
