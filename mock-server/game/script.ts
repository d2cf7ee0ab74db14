/**
 * What a scenario may script about the game flow (SPEC §4, §8, §9). A mock
 * session holds one `GameScript`; the game routes and sockets read it, and
 * scenario files (fixtures/scenarios/*.json) carry one under `game`.
 * Every time is in ms of the session's clock (virtual or real).
 */
import type { UserInfo } from '../../web/api/contract.ts';
import type { NetworkConditions } from '../stream/network.ts';

export type StreamEventCode = 43000 | 43001 | 43100 | 45001 | 54001;
export type DurationMessageCode = 200 | 202 | 408 | 500 | 5001;

export interface GameScript {
  /** play_game's answer: 200 plays, 201 queues, anything else fails with `sub_msg`. Default: 200, or 201 when `queue` is set. */
  play?: { code: number; sub_msg?: string };
  /**
   * game_queue: the positions answered by successive polls (201), then 200 (seat ready).
   * Default start position comes from queue_grade (SPEC §6). `errorAtPoll` answers an error on that poll (1-based).
   */
  queue?: { positions?: number[]; errorAtPoll?: number; errorMsg?: string };
  /** A seat not taken within this time expires (default SEAT_EXPIRY_MS, 40 s). */
  seatExpiryMs?: number;
  /** Progress on the stream socket: ms between 30, 50, 80 and 100; `stallAt` stops before reaching 100. */
  progress?: { stepMs?: number; stallAt?: 30 | 50 | 80 };
  /** Stream events sent at these times after the stream reached 100. */
  stream?: Array<{ atMs: number; code: StreamEventCode }>;
  /** The duration socket: play time charged per minute of play, scripted messages, a drop of the connection. */
  duration?: {
    chargePerMinute?: number;
    messages?: Array<{ atMs: number; code: DurationMessageCode; event?: number; msg?: string }>;
    dropAtMs?: number;
  };
  /** user_sc_list: running sessions; `able_recon` ones can be reconnected (SPEC §4). */
  sessions?: Array<{ sc_id: string; game_key: string; type: 'able_recon' | 'stop' }>;
  /** Overrides of the logged-in persona's balance (e.g. duration_coin 0). */
  user?: Partial<UserInfo>;
  /**
   * The tokens held when the scenario is applied answer 30001 (SPEC §8) from then on, as after
   * their lifetime; logging in again gives one that works. Useful with keepState, since a reset
   * drops every login anyway.
   */
  tokenExpired?: boolean;
  /** How long tokens issued while the scenario applies live on the session clock (default 7 days, TOKEN_TTL_MS). */
  tokenLifetimeMs?: number;
  /** false: the socket transport (no WebRTC video; progress and a status frame a second on the socket). Default: the app's `video` option. */
  video?: boolean;
  /** Network conditions of the session's video streams from the start (POST /__mock/network changes them live). */
  network?: Partial<NetworkConditions>;
  /** No input for this long while streaming sends 45001 (SPEC §4); any input starts the wait again. Default: the app's `idleAfterMs`. */
  idleAfterMs?: number;
}
