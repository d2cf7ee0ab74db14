/**
 * Game group (SPEC §4, §6, §7, §9): play token, play and queue, stop,
 * clarity, hang-up, the user's sessions and reconnect, saves; all under the
 * game API base. Plus generate_token (socket prefix, under the API base),
 * which authorises the duration socket. Logic lives in ../game/.
 */
import { randomBytes } from 'node:crypto';
import {
  BODY_CODE,
  DEFAULT_MESSAGES,
  ENDPOINT_METHOD,
  GAME_CODE,
  JTOKEN_TTL_MS,
  MAX_SAVES_PER_GAME,
  PATH,
  type ApiEnvelope,
  type DisplayGrade,
  type Endpoints,
} from '../../web/api/contract.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { canUseBluray, userInfo } from '../game/account.ts';
import { checkHangUpMinutes, startHangUp } from '../game/hangup.ts';
import { play, reconnect } from '../game/play.ts';
import { cancelTicket, poll, ticketOf } from '../game/queue.ts';
import { createSave, deleteSave, editSave, saveConfig, saveOf, savesOf } from '../game/saves.ts';
import { findSession, LEVELS, openIdFor, seconds, stopSession, userSessions } from '../game/sessions.ts';
import { gameStateOf, type GameState, type PlaySession } from '../game/state.ts';
import type { UserRecord } from '../sessions/store.ts';
import { FieldError, type Fields } from '../validate.ts';
import { requireUser, type Route, type RouteContext } from './route.ts';

interface GameCall {
  ctx: RouteContext;
  state: GameState;
  user: UserRecord;
}

/** A game call: only under the game API base, logged in (else 30001), then the input is checked. */
function defineGameRoute<P extends keyof Endpoints>(
  path: P,
  parse: (input: Fields) => Endpoints[P]['req'],
  handle: (req: Endpoints[P]['req'], call: GameCall) => ApiEnvelope<Endpoints[P]['res'] | null>,
): Route {
  return {
    path,
    method: ENDPOINT_METHOD[path],
    handle: (input, ctx) => {
      if (!ctx.game) throw new ApiError(BODY_CODE.notFound, `"${path}" is a game call: send it under the game API base`, 404);
      const state = gameStateOf(ctx);
      const user = requireUser(ctx);
      return handle(parse(input), { ctx, state, user });
    },
  };
}

const key = (input: Fields, name: string): string => input.string(name, { maxLength: 128 });
const gameKey = (input: Fields): string => key(input, 'game_key');
const MANUFACTURER = { maxLength: 64, pattern: /^[\w.-]+$/, patternHint: 'letters, digits, "_", "." or "-"' };
const SAVE_NAME = { maxLength: 32 };

/** The user's session, or the envelope error SPEC §8 shows ("stop-game non-200 shows the message"). */
function sessionOr404(call: GameCall, scId: string): PlaySession {
  const s = findSession(call.ctx, call.state, call.user, scId);
  if (!s) throw new ApiError(GAME_CODE.sessionNotFound, `Game session ${scId} not found`, 200, { code: GAME_CODE.sessionNotFound, sub_msg: `Game session ${scId} not found` });
  return s;
}

function hangUpRequest(input: Fields): Endpoints[typeof PATH.scHangUp]['req'] {
  return { game_key: gameKey(input), sc_id: key(input, 'sc_id'), hang_up_timer: input.int('hang_up_timer', { min: 0, max: 1440 }) };
}

export const gameRoutes: Route[] = [
  defineGameRoute(
    PATH.getToken,
    (input) => ({ manufacturer: input.string('manufacturer', MANUFACTURER), client_sid: key(input, 'client_sid') }),
    (req, { state, user }) => {
      const token = randomBytes(16).toString('hex');
      const openId = openIdFor(user.uid, req.manufacturer);
      state.gameTokens.set(token, { uid: user.uid, manufacturer: req.manufacturer, clientSid: req.client_sid, openId });
      return ok({ open_id: openId, token });
    },
  ),

  defineGameRoute(
    PATH.playGame,
    (input) => ({
      game_key: gameKey(input),
      token: key(input, 'token'),
      model_name: key(input, 'model_name'),
      queue_grade: input.int('queue_grade', { min: 0, max: 10 }),
      able_queue: input.flag('able_queue'),
      enable_restart: input.flag('enable_restart'),
      local_stream: input.flag('local_stream'),
      queue_id: input.optionalString('queue_id', { maxLength: 64, nonEmpty: true }),
    }),
    (req, { ctx, state, user }) => ok(play(ctx, state, user, req)),
  ),

  defineGameRoute(
    PATH.gameQueue,
    (input) => ({
      queue_id: key(input, 'queue_id'),
      queue_grade: input.int('queue_grade', { min: 0, max: 10 }),
      game_key: gameKey(input),
      token: key(input, 'token'),
    }),
    (req, { ctx, state, user }) => {
      const t = ticketOf(state, user, req.queue_id);
      if (!t || t.gameKey !== req.game_key) return ok({ code: GAME_CODE.queueNotFound, sub_msg: `Queue ${req.queue_id} not found` });
      return ok(poll(ctx, state, user, t, req.queue_grade));
    },
  ),

  defineGameRoute(
    PATH.cancelQueue,
    (input) => ({ queue_id: key(input, 'queue_id'), game_key: gameKey(input) }),
    (req, { state, user }) => {
      const t = ticketOf(state, user, req.queue_id);
      if (!t) throw new ApiError(GAME_CODE.queueNotFound, `Queue ${req.queue_id} not found`);
      cancelTicket(state, t);
      return ok({ queue_id: req.queue_id }, 'Left the queue');
    },
  ),

  defineGameRoute(
    PATH.stopGame,
    (input) => {
      const req = {
        sc_id: key(input, 'sc_id'),
        body: input.optionalString('body', { maxLength: 1024 }),
        game_key: input.optionalString('game_key', { maxLength: 128 }),
        manufacturer: input.optionalString('manufacturer', MANUFACTURER),
      };
      if (!req.game_key && !req.manufacturer) throw new FieldError('game_key', 'is missing (send game_key or manufacturer)');
      return req;
    },
    (req, call) => {
      const s = sessionOr404(call, req.sc_id);
      const played = stopSession(call.state, s, req.body ? `stopped by the client: ${req.body}` : 'stopped by the client');
      return ok({ code: 200, sc_id: s.scId, play_seconds: played }, 'Game stopped');
    },
  ),

  defineGameRoute(
    PATH.displayGrade,
    (input) => ({
      game_key: gameKey(input),
      sc_id: key(input, 'sc_id'),
      display_grade: input.oneOfNumber<DisplayGrade>('display_grade', [6, 8, 9, 10]),
    }),
    (req, call) => {
      const s = sessionOr404(call, req.sc_id);
      if (req.display_grade === 10 && !canUseBluray(call.ctx, userInfo(call.ctx, call.user))) {
        throw new ApiError(GAME_CODE.memberOnly, 'Blu-ray is for members (or during the blu-ray trial)');
      }
      s.level = LEVELS[req.display_grade];
      return ok({ sc_id: s.scId, level_config: s.level });
    },
  ),

  defineGameRoute(PATH.setHangUpTimer, hangUpRequest, (req, call) => {
    const s = sessionOr404(call, req.sc_id);
    checkHangUpMinutes(call.ctx, s, userInfo(call.ctx, call.user), req.hang_up_timer);
    s.hangUpMinutes = req.hang_up_timer;
    return ok({ sc_id: s.scId, hang_up_timer: s.hangUpMinutes, hang_up_end_time: seconds(s.hangUpEndsAt) });
  }),

  defineGameRoute(PATH.scHangUp, hangUpRequest, (req, call) => {
    const s = sessionOr404(call, req.sc_id);
    if (s.status === 'seat') throw new ApiError(GAME_CODE.sessionNotFound, `Game session ${s.scId} has not started`);
    checkHangUpMinutes(call.ctx, s, userInfo(call.ctx, call.user), req.hang_up_timer);
    if (req.hang_up_timer > 0) s.hangUpMinutes = req.hang_up_timer;
    startHangUp(call.state, s, req.hang_up_timer);
    return ok({ sc_id: s.scId, hang_up_timer: req.hang_up_timer, hang_up_end_time: seconds(s.hangUpEndsAt) });
  }),

  defineGameRoute(
    PATH.userScList,
    (input) => ({ manufacturer: input.string('manufacturer', MANUFACTURER), client_sid: key(input, 'client_sid'), sn: key(input, 'sn') }),
    (req, { ctx, state, user }) => ok({ list: userSessions(ctx, state, user, req.manufacturer) }),
  ),

  defineGameRoute(
    PATH.reconPlayGame,
    (input) => ({ sc_id: key(input, 'sc_id'), game_key: gameKey(input) }),
    (req, { ctx, state, user }) => ok(reconnect(ctx, state, user, req)),
  ),

  defineGameRoute(
    PATH.manualSave,
    (input) => ({
      game_key: gameKey(input),
      sc_id: key(input, 'sc_id'),
      client_sid: key(input, 'client_sid'),
      save_name: input.string('save_name', SAVE_NAME),
      is_share: input.flag('is_share'),
    }),
    (req, call) => {
      const s = sessionOr404(call, req.sc_id);
      if (s.gameKey !== req.game_key) throw new ApiError(GAME_CODE.sessionNotFound, `Game session ${s.scId} is not of game ${req.game_key}`);
      const r = createSave(call.state, call.user, s, req.client_sid, req.save_name, req.is_share);
      return ok({ save_config: saveConfig(r) }, 'Saved');
    },
  ),

  defineGameRoute(
    PATH.gameSaveList,
    (input) => ({ game_key: gameKey(input) }),
    (req, { state, user }) => ok({ list: savesOf(state, user.uid, req.game_key).map(saveConfig), max_count: MAX_SAVES_PER_GAME }),
  ),

  defineGameRoute(
    PATH.editSave,
    (input) => {
      const req = {
        save_id: input.int('save_id', { min: 1 }),
        save_name: input.has('save_name') ? input.string('save_name', SAVE_NAME) : undefined,
        is_share: input.has('is_share') ? input.flag('is_share') : undefined,
      };
      if (req.save_name === undefined && req.is_share === undefined) throw new FieldError('save_name', 'is missing (send save_name or is_share)');
      return req;
    },
    (req, { state, user }) => ok({ save_config: saveConfig(editSave(state, saveOf(state, user, req.save_id), req.save_name, req.is_share)) }),
  ),

  defineGameRoute(
    PATH.delSave,
    (input) => ({ save_id: input.int('save_id', { min: 1 }) }),
    (req, { state, user }) => {
      deleteSave(state, saveOf(state, user, req.save_id));
      return ok({ save_id: req.save_id }, 'Deleted');
    },
  ),

  // The socket service's token (SPEC §7: GET, socket prefix): authorised by the login token in the payload, not a header.
  {
    path: PATH.generateToken,
    method: ENDPOINT_METHOD[PATH.generateToken],
    handle: (input, ctx): ApiEnvelope<Endpoints[typeof PATH.generateToken]['res']> => {
      if (ctx.game) throw new ApiError(BODY_CODE.notFound, `"${PATH.generateToken}" is served under the API base, not the game base`, 404);
      const req: Endpoints[typeof PATH.generateToken]['req'] = {
        agent_id: input.optionalString('agent_id', { maxLength: 64 }),
        uid: input.int('uid', { min: 1 }),
        game_id: input.int('game_id', { min: 0 }),
        token: key(input, 'token'),
      };
      const state = gameStateOf(ctx);
      const user = ctx.store.userForToken(req.token);
      if (!user) throw new ApiError(BODY_CODE.tokenExpired, DEFAULT_MESSAGES.tokenExpired);
      if (user.uid !== req.uid) throw new FieldError('uid', `(${req.uid}) does not match the token's user`);
      const jtoken = randomBytes(24).toString('base64url');
      const expiresAt = state.clock.now() + JTOKEN_TTL_MS;
      state.jtokens.set(jtoken, { uid: user.uid, gameId: req.game_id, expiresAt });
      return ok({ jtoken, expire_time: seconds(expiresAt) });
    },
  },
];
