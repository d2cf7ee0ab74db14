/**
 * What a scenario may script about the game flow (SPEC §4, §8, §9). A mock
 * session holds one `GameScript`; the game routes and sockets read it, and
 * scenario files (fixtures/scenarios/*.json) carry one under `game`. Every
 * time is in ms of the session's clock (virtual or real).
 *
 * The schema is the type: a new field is one line here. Unknown fields are
 * refused, since a typo in a scenario would otherwise silently play the
 * default flow.
 */
import * as z from 'zod';
import type { StreamEventCode, UserInfo } from '../../web/api/contract.ts';
import { networkSchema } from '../stream/network.ts';
import { scriptedMessage } from './scripted-message.ts';
import { flag, int, known, oneOf, optional, text } from '../validate.ts';

export const STREAM_EVENT_CODES = [43000, 43001, 43100, 45001, 54001] as const satisfies readonly StreamEventCode[];
export const DURATION_MESSAGE_CODES = [200, 202, 408, 500, 5001] as const;
export type DurationMessageCode = (typeof DURATION_MESSAGE_CODES)[number];
export type { StreamEventCode };

const MAX_LIST = 1000;
const MAX_MS = 7 * 24 * 60 * 60 * 1000;
const ms = int({ min: 0, max: MAX_MS });
const list = <T extends z.ZodType>(item: T): z.ZodArray<T> => z.array(item).max(MAX_LIST);
const message = scriptedMessage;

/** UserInfo fields a scenario may override; the rest are derived from them or from the clock. */
const DERIVED_USER_FIELDS: Readonly<Record<string, string>> = {
  current_time: 'the session clock',
  member_endtime: 'member_end_time',
  bgmember_endtime: 'bgmember_end_time',
};
const count = optional(int({ min: 0 }));
const userShape = {
  is_auth: optional(flag()),
  quick_status: optional(flag()),
  buy_member: optional(flag()),
  is_new_user: optional(flag()),
  trial_status: optional(flag()),
  member_status: optional(oneOf([0, 1, 2])),
  coin_balance: count,
  duration: count,
  coin_balance_duration: count,
  duration_coin: count,
  /** Times in seconds. */
  member_end_time: count,
  quick_end_time: count,
  bgmember_end_time: count,
};

/** Overrides of the logged-in persona's balance (e.g. duration_coin 0); a derived field says where it comes from. */
const userSchema = z.strictObject(userShape, {
  error: (iss) => {
    if (iss.code !== 'unrecognized_keys') return undefined;
    const from = DERIVED_USER_FIELDS[iss.keys[0] ?? ''];
    return from !== undefined ? `cannot be overridden: it is derived from ${from}` : `is not a known field (expected one of ${Object.keys(userShape).join(', ')})`;
  },
}) satisfies z.ZodType<Partial<UserInfo>>;

export const gameScriptSchema = known({
  /** play_game's answer: 200 plays, 201 queues, anything else fails with `sub_msg`. Default: 200, or 201 when `queue` is set. */
  play: optional(known({ code: int(), sub_msg: optional(message) })),
  /**
   * game_queue: the positions answered by successive polls (201), then 200 (seat ready).
   * Default start position comes from queue_grade (SPEC §6). `errorAtPoll` answers an error on that poll (1-based).
   */
  queue: optional(
    known({
      positions: optional(list(z.int({ error: 'must be an integer ≥ 0' }).min(0))),
      errorAtPoll: optional(int({ min: 1, max: MAX_LIST })),
      errorMsg: optional(message),
    }),
  ),
  /** A seat not taken within this time expires (default SEAT_EXPIRY_MS, 40 s). */
  seatExpiryMs: optional(ms),
  /** Progress on the stream socket: ms between 30, 50, 80 and 100; `stallAt` stops before reaching 100. */
  progress: optional(known({ stepMs: optional(ms), stallAt: optional(oneOf([30, 50, 80])) })),
  /** Stream events sent at these times after the stream reached 100. */
  stream: optional(list(known({ atMs: ms, code: oneOf(STREAM_EVENT_CODES) }))),
  /** The duration socket: play time charged per minute of play, scripted messages, a drop of the connection. */
  duration: optional(
    known({
      chargePerMinute: optional(int({ min: 0 })),
      messages: optional(list(known({ atMs: ms, code: oneOf(DURATION_MESSAGE_CODES), event: optional(int()), msg: optional(message) }))),
      dropAtMs: optional(ms),
    }),
  ),
  /** user_sc_list: running sessions; `able_recon` ones can be reconnected (SPEC §4). */
  sessions: optional(list(known({ sc_id: text({ max: 64 }), game_key: text({ max: 64 }), type: oneOf(['able_recon', 'stop']) }))),
  user: optional(userSchema),
  /**
   * The tokens held when the scenario is applied answer 30001 (SPEC §8) from then on, as after
   * their lifetime; logging in again gives one that works. Useful with keepState, since a reset
   * drops every login anyway.
   */
  tokenExpired: optional(z.boolean()),
  /** How long tokens issued while the scenario applies live on the session clock (default 7 days, TOKEN_TTL_MS). */
  tokenLifetimeMs: optional(ms),
  /** false: the socket transport (no WebRTC video; progress and a status frame a second on the socket). Default: the app's `video` option. */
  video: optional(z.boolean()),
  /** Network conditions of the session's video streams from the start (POST /__mock/network changes them live). */
  network: optional(networkSchema),
  /**
   * minor_web_config (SPEC §7): every user counts as a verified minor allowed `limitSeconds` of play today, at any
   * hour; a report with usage_time at or past it answers can_play 0.
   */
  minor: optional(known({ limitSeconds: int({ min: 0, max: 86_400 }) })),
  /** No input for this long while streaming sends 45001 (SPEC §4); any input starts the wait again. Default: the app's `idleAfterMs`. */
  idleAfterMs: optional(ms),
  /**
   * Every call but ps_shield answers as if no game were shielded (lists, home, game_info), like a server
   * whose lists missed the shield: the app must hide them itself from ps_shield (SPEC §5).
   */
  listShielded: optional(z.boolean()),
  /** system_info's recommend_product_pop_conf.expire_times (seconds a closed purchase pop-up stays away, SPEC §5). */
  popupExpireSeconds: optional(int({ min: 0, max: 365 * 86_400 })),
  /**
   * Every user already signed in today (SPEC §4 Sign-in): today's slot reads 1 and sign_in grants nothing, so a
   * scenario's play time stays what it says (out-of-play-time) however the app signs in at start.
   */
  signedToday: optional(z.boolean()),
});

export type GameScript = z.output<typeof gameScriptSchema>;
