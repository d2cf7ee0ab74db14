/**
 * Game group (SPEC §4, §6, §7, §9): play token, play and queue, stop,
 * clarity, hang-up, the user's sessions and reconnect, saves; all under the
 * game API base. Plus generate_token (socket prefix, under the API base),
 * which authorises the duration socket. Logic lives in ../game/.
 */
import { randomBytes } from 'node:crypto';
import {
  BODY_CODE,
  ENDPOINT_METHOD,
  GAME_CODE,
  MAX_SAVES_PER_GAME,
  PATH,
  type ApiEnvelope,
  type DisplayGrade,
  type Endpoints,
} from '../../web/api/contract.ts';
import { JTOKEN_TTL_MS } from '../limits.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { Wording, wordsIn } from '../http/words.ts';
import { canUseBluray, userInfo } from '../game/account.ts';
import { checkHangUpMinutes, startHangUp } from '../game/hangup.ts';
import { play, reconnect } from '../game/play.ts';
import { cancelTicket, poll, ticketOf } from '../game/queue.ts';
import { createSave, deleteSave, editSave, saveConfig, saveOf, savesOf } from '../game/saves.ts';
import { findSession, LEVELS, openIdFor, seconds, stopSession, userSessions } from '../game/sessions.ts';
import { gameStateOf, type GameState, type PlaySession } from '../game/state.ts';
import type { UserRecord } from '../sessions/store.ts';
import * as z from 'zod';
import { FieldError, optional, problem, text } from '../validate.ts';
import type { Numbers } from './input.ts';
import { defineGuardedRoute, inputReader, requireUser, type InputSchema, type Route, type RouteContext } from './route.ts';

interface GameCall {
  ctx: RouteContext;
  state: GameState;
  user: UserRecord;
}

/** A game call: only under the game API base, logged in (else 30001), then the input is checked. */
function defineGameRoute<P extends keyof Endpoints>(
  path: P,
  input: InputSchema<Endpoints[P]['req']>,
  handle: (req: Endpoints[P]['req'], call: GameCall) => ApiEnvelope<Endpoints[P]['res'] | null>,
): Route {
  return defineGuardedRoute(
    path,
    input,
    (ctx): GameCall => {
      if (!ctx.game) throw new ApiError(BODY_CODE.notFound, `"${path}" is a game call: send it under the game API base`, 404);
      const state = gameStateOf(ctx);
      return { ctx, state, user: requireUser(ctx) };
    },
    (req, _ctx, call) => handle(req, call),
  );
}

/** Ids and keys of the game flow: sc_id, game_key, queue_id, tokens. */
const key = text({ max: 128 });
const MANUFACTURER = { max: 64, pattern: /^[\w.-]+$/, hint: 'letters, digits, "_", "." or "-"' };
const manufacturer = text(MANUFACTURER);
const saveName = text({ max: 32 });

/** The user's session, or the envelope error SPEC §8 shows ("stop-game non-200 shows the message"). */
function sessionOr404(call: GameCall, scId: string): PlaySession {
  const s = findSession(call.ctx, call.state, call.user, scId);
  const failure = new Wording('sessionNotFound', { scId });
  if (!s) throw new ApiError(GAME_CODE.sessionNotFound, failure, 200, { code: GAME_CODE.sessionNotFound, sub_msg: failure.in(call.ctx.language) });
  return s;
}

const hangUpInput = (n: Numbers) => z.object({ game_key: key, sc_id: key, hang_up_timer: n.int({ min: 0, max: 1440 }) });

const DISPLAY_GRADES = [6, 8, 9, 10] as const satisfies readonly DisplayGrade[];

const readGenerateToken = inputReader<Endpoints[typeof PATH.generateToken]['req']>((n) =>
  z.object({ agent_id: optional(text({ max: 64, empty: true })), uid: n.int({ min: 1 }), game_id: n.int({ min: 0 }), token: key }),
);

export const gameRoutes: Route[] = [
  defineGameRoute(
    PATH.getToken,
    () => z.object({ manufacturer, client_sid: key }),
    (req, { state, user }) => {
      const token = randomBytes(16).toString('hex');
      const openId = openIdFor(user.uid, req.manufacturer);
      state.gameTokens.set(token, { uid: user.uid, manufacturer: req.manufacturer, clientSid: req.client_sid, openId });
      return ok({ open_id: openId, token });
    },
  ),

  defineGameRoute(
    PATH.playGame,
    (n) =>
      z.object({
        game_key: key,
        token: key,
        model_name: key,
        queue_grade: n.int({ min: 0, max: 10 }),
        able_queue: n.flag(),
        enable_restart: n.flag(),
        local_stream: n.flag(),
        queue_id: optional(text({ max: 64 })),
      }),
    (req, { ctx, state, user }) => ok(play(ctx, state, user, req)),
  ),

  defineGameRoute(
    PATH.gameQueue,
    (n) => z.object({ queue_id: key, queue_grade: n.int({ min: 0, max: 10 }), game_key: key, token: key }),
    (req, { ctx, state, user }) => {
      const t = ticketOf(state, user, req.queue_id);
      if (!t || t.gameKey !== req.game_key) return ok({ code: GAME_CODE.queueNotFound, sub_msg: wordsIn(ctx.language, 'queueNotFound', { queueId: req.queue_id }) });
      return ok(poll(ctx, state, user, t, req.queue_grade));
    },
  ),

  defineGameRoute(
    PATH.cancelQueue,
    () => z.object({ queue_id: key, game_key: key }),
    (req, { state, user }) => {
      const t = ticketOf(state, user, req.queue_id);
      if (!t) throw new ApiError(GAME_CODE.queueNotFound, new Wording('queueNotFound', { queueId: req.queue_id }));
      cancelTicket(state, t);
      return ok({ queue_id: req.queue_id }, 'Left the queue');
    },
  ),

  defineGameRoute(
    PATH.stopGame,
    () =>
      z
        .object({
          sc_id: key,
          body: optional(text({ max: 1024, empty: true })),
          game_key: optional(text({ max: 128, empty: true })),
          manufacturer: optional(text({ ...MANUFACTURER, empty: true })),
        })
        .superRefine((req, ctx) => {
          if (!req.game_key && !req.manufacturer) problem(ctx, ['game_key'], 'is missing (send game_key or manufacturer)');
        }),
    (req, call) => {
      const s = sessionOr404(call, req.sc_id);
      const played = stopSession(call.state, s, req.body ? `stopped by the client: ${req.body}` : 'stopped by the client');
      return ok({ code: 200, sc_id: s.scId, play_seconds: played }, 'Game stopped');
    },
  ),

  defineGameRoute(
    PATH.displayGrade,
    (n) => z.object({ game_key: key, sc_id: key, display_grade: n.oneOf(DISPLAY_GRADES) }),
    (req, call) => {
      const s = sessionOr404(call, req.sc_id);
      if (req.display_grade === 10 && !canUseBluray(call.ctx, userInfo(call.ctx, call.user))) {
        throw new ApiError(GAME_CODE.memberOnly, new Wording('blurayMembersOnly'));
      }
      s.level = LEVELS[req.display_grade];
      return ok({ sc_id: s.scId, level_config: s.level });
    },
  ),

  defineGameRoute(PATH.setHangUpTimer, hangUpInput, (req, call) => {
    const s = sessionOr404(call, req.sc_id);
    checkHangUpMinutes(call.ctx, s, userInfo(call.ctx, call.user), req.hang_up_timer);
    s.hangUpMinutes = req.hang_up_timer;
    return ok({ sc_id: s.scId, hang_up_timer: s.hangUpMinutes, hang_up_end_time: seconds(s.hangUpEndsAt) });
  }),

  defineGameRoute(PATH.scHangUp, hangUpInput, (req, call) => {
    const s = sessionOr404(call, req.sc_id);
    if (s.status === 'seat') throw new ApiError(GAME_CODE.sessionNotFound, new Wording('sessionNotStarted', { scId: s.scId }));
    checkHangUpMinutes(call.ctx, s, userInfo(call.ctx, call.user), req.hang_up_timer);
    if (req.hang_up_timer > 0) s.hangUpMinutes = req.hang_up_timer;
    startHangUp(call.state, s, req.hang_up_timer);
    return ok({ sc_id: s.scId, hang_up_timer: req.hang_up_timer, hang_up_end_time: seconds(s.hangUpEndsAt) });
  }),

  defineGameRoute(
    PATH.userScList,
    () => z.object({ manufacturer, client_sid: key, sn: key }),
    (req, { ctx, state, user }) => ok({ list: userSessions(ctx, state, user, req.manufacturer) }),
  ),

  defineGameRoute(
    PATH.reconPlayGame,
    () => z.object({ sc_id: key, game_key: key }),
    (req, { ctx, state, user }) => ok(reconnect(ctx, state, user, req)),
  ),

  defineGameRoute(
    PATH.manualSave,
    (n) => z.object({ game_key: key, sc_id: key, client_sid: key, save_name: saveName, is_share: n.flag() }),
    (req, call) => {
      const s = sessionOr404(call, req.sc_id);
      if (s.gameKey !== req.game_key) throw new ApiError(GAME_CODE.sessionNotFound, new Wording('sessionOtherGame', { scId: s.scId, gameKey: req.game_key }));
      const r = createSave(call.state, call.user, s, req.client_sid, req.save_name, req.is_share);
      return ok({ save_config: saveConfig(r) }, 'Saved');
    },
  ),

  defineGameRoute(
    PATH.gameSaveList,
    () => z.object({ game_key: key }),
    (req, { state, user }) => ok({ list: savesOf(state, user.uid, req.game_key).map(saveConfig), max_count: MAX_SAVES_PER_GAME }),
  ),

  defineGameRoute(
    PATH.editSave,
    (n) =>
      z
        .object({ save_id: n.int({ min: 1 }), save_name: optional(saveName), is_share: optional(n.flag()) })
        .superRefine((req, ctx) => {
          if (req.save_name === undefined && req.is_share === undefined) problem(ctx, ['save_name'], 'is missing (send save_name or is_share)');
        }),
    (req, { state, user }) => ok({ save_config: saveConfig(editSave(state, saveOf(state, user, req.save_id), req.save_name, req.is_share)) }),
  ),

  defineGameRoute(
    PATH.delSave,
    (n) => z.object({ save_id: n.int({ min: 1 }) }),
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
      const req = readGenerateToken(input);
      const state = gameStateOf(ctx);
      const user = ctx.store.userForToken(req.token);
      if (!user) throw new ApiError(BODY_CODE.tokenExpired, new Wording('tokenExpired'));
      if (user.uid !== req.uid) throw new FieldError('uid', `(${req.uid}) does not match the token's user`);
      const jtoken = randomBytes(24).toString('base64url');
      const expiresAt = state.clock.now() + JTOKEN_TTL_MS;
      state.jtokens.set(jtoken, { uid: user.uid, gameId: req.game_id, expiresAt });
      return ok({ jtoken, expire_time: seconds(expiresAt) });
    },
  },
];
