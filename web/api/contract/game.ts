/**
 * The game flow (SPEC §3, §4, §6, §7, §9): outcome codes, queue grades,
 * clarities, hang-up options, the shared timings, and every game call's
 * request and answer. Every path here except generate_token lives under
 * `gameApiBase` and needs the game header; generate_token is under `apiBase`
 * ("socket/generate_token", GET). See mock-server/README.md "Game flow".
 */

/** The app polls game_queue this often while queued (SPEC §9). */
export const QUEUE_POLL_MS = 10_000;
/** A ready seat not taken within this time expires (SPEC §4, §9). */
export const SEAT_EXPIRY_MS = 40_000;
/** One minute of hang-up time (SPEC §9: hang_up_timer minutes × 60000 ms). */
export const HANGUP_MINUTE_MS = 60_000;

/**
 * Game outcome codes. play_game, game_queue and recon_play_game always answer
 * envelope code 1 and put the outcome in `data.code` (200 plays, 201 queues,
 * anything else fails with `data.sub_msg`, SPEC §4 "Start"). Every other game
 * call answers a failure as the envelope code with `msg` (SPEC §8), and
 * stop_game also puts `{code, sub_msg}` in `data`.
 */
export const GAME_CODE = {
  /** Play now / seat ready / stopped (SPEC §4). */
  ok: 200,
  /** Queued with a position (SPEC §4). */
  queued: 201,
  /** duration_coin is 0: no play time left. */
  outOfPlayTime: 4003,
  /** No such game session (sc_id) for this user, or it has ended. */
  sessionNotFound: 4004,
  /** No such queue ticket. */
  queueNotFound: 4005,
  /** The seat was ready but not taken within the seat expiry (SPEC §4, §9: 40 s). */
  seatExpired: 4006,
  /** The queue failed (scripted); the app cancels the queue (SPEC §4). */
  queueError: 4007,
  /** Member-only option (blu-ray for non-members, type-2 hang-up) (SPEC §5). */
  memberOnly: 4008,
  /** A value the game does not offer (hang-up minutes not in its options). */
  notOffered: 4009,
  /** No free machine and the request said able_queue 0. */
  noSeat: 4010,
  /** The play token is not one get_token gave this user. */
  invalidGameToken: 4011,
  /** Another session of this user is running and enable_restart was 0. */
  sessionRunning: 4012,
  /** No such save for this user. */
  saveNotFound: 4013,
  /** The per-game save limit is reached. */
  saveLimit: 4014,
} as const;

/** SPEC §6: queue grade by membership; a higher grade starts closer to the front. */
export const QUEUE_GRADE = { free: 1, newUser: 3, quickCard: 5, member: 7, memberQuickCard: 8 } as const;

/** SPEC §3 clarity list: the service level (display_grade) of each clarity. */
export const DISPLAY_GRADE = { standard: 6, hd: 8, ultra: 9, bluray: 10 } as const;
export type DisplayGrade = (typeof DISPLAY_GRADE)[keyof typeof DISPLAY_GRADE];
/** In clarity-list order; `definition_default_conf.*_default` index into it. */
export const CLARITY_LIST: readonly DisplayGrade[] = [6, 8, 9, 10];

/** The stream settings of one clarity, as the cloud applies them. */
export interface LevelConfig {
  display_grade: DisplayGrade;
  name: 'standard' | 'hd' | 'ultra' | 'bluray';
  width: number;
  height: number;
  fps: number;
  /** kbit/s */
  bitrate: number;
}

/** A hang-up (keep-alive) option of a game (SPEC §3 `hang`): minutes; type 2 is member-only (SPEC §5). */
export interface HangOption {
  duration: number;
  type: 1 | 2;
}
/** Used for games without their own `hang` list. */
export const DEFAULT_HANG_OPTIONS: readonly HangOption[] = [
  { duration: 3, type: 1 },
  { duration: 5, type: 1 },
  { duration: 10, type: 2 },
  { duration: 30, type: 2 },
];
/** Saves kept per user and game. */
export const MAX_SAVES_PER_GAME = 10;

export interface GetTokenRequest {
  /** Cloud vendor of the game, e.g. "mock". */
  manufacturer: string;
  /** The client's id (local database `user.clientSid`). */
  client_sid: string;
}
export interface GetTokenResponse {
  /** The user's stable id at this manufacturer. */
  open_id: string;
  /** The play token for play_game / game_queue. */
  token: string;
}

export interface PlayGameRequest {
  game_key: string;
  token: string;
  model_name: string;
  /** SPEC §6 grade (QUEUE_GRADE). */
  queue_grade: number;
  /** 1: queue when no machine is free; 0: fail with GAME_CODE.noSeat. */
  able_queue: 0 | 1;
  /** 1: stop this user's running session and start anew; 0: fail with GAME_CODE.sessionRunning. */
  enable_restart: 0 | 1;
  local_stream: 0 | 1;
  /** Take the seat of a queue ticket whose game_queue answered 200. */
  queue_id?: string;
}

/** 200: play. The app (mock SDK) opens `socketBase + stream_url` to receive the stream. */
export interface PlayStartInfo {
  code: 200;
  sc_id: string;
  game_key: string;
  game_id: number;
  open_id: string;
  /** Stream socket path relative to `socketBase`, e.g. "stream?sc_id=100001" (add `mock_session` when used). */
  stream_url: string;
  level_config: LevelConfig;
  /** Hang-up minutes set for this session (0: none set). */
  hang_up_timer: number;
  /** Session start, seconds since the epoch. */
  start_time: number;
}

/** 201: queued (SPEC §3 queue fields). */
export interface QueueInfo {
  code: 201;
  queue_id: string;
  /** Position in the queue, 1 = next. */
  queue_pos2: number;
  /** The game's queue (machine pool). */
  play_queue_id: number;
  /** Estimated wait. */
  wait_seconds: number;
}

/** Any other outcome: show `sub_msg` (SPEC §4). */
export interface GameFailure {
  code: number;
  sub_msg: string;
}

/** game_queue 200: the seat is ready; it expires `seat_expire_seconds` from now unless taken (stream connect or play_game with queue_id). */
export interface SeatReadyInfo extends Omit<PlayStartInfo, 'code'> {
  code: 200;
  queue_id: string;
  /** Seconds since the epoch. */
  seat_expire_time: number;
  seat_expire_seconds: number;
}

export type PlayGameResponse = PlayStartInfo | QueueInfo | GameFailure;

export interface GameQueueRequest {
  queue_id: string;
  queue_grade: number;
  game_key: string;
  token: string;
}
export type GameQueueResponse = SeatReadyInfo | QueueInfo | GameFailure;

export interface CancelQueueRequest {
  queue_id: string;
  game_key: string;
}
export interface CancelQueueResponse {
  queue_id: string;
}

export interface StopGameRequest {
  sc_id: string;
  /** Why the client stops (free text, journalled). */
  body?: string;
  /** One of game_key or manufacturer is required. */
  game_key?: string;
  manufacturer?: string;
}
export interface StopGameResponse {
  code: 200;
  sc_id: string;
  /** Seconds the session ran. */
  play_seconds: number;
}

export interface DisplayGradeRequest {
  game_key: string;
  sc_id: string;
  display_grade: DisplayGrade;
}
export interface DisplayGradeResponse {
  sc_id: string;
  level_config: LevelConfig;
}

/** set_hang_up_timer (remember the minutes) and sc_hang_up (start hang-up now; 0 cancels it). */
export interface HangUpRequest {
  game_key: string;
  sc_id: string;
  /** Minutes (SPEC §9: × 60000 ms); one of the game's hang options, or 0. */
  hang_up_timer: number;
}
export interface HangUpResponse {
  sc_id: string;
  hang_up_timer: number;
  /** When the hang-up ends and the session stops, seconds since the epoch; 0 when not hanging up. */
  hang_up_end_time: number;
}

export interface UserScListRequest {
  manufacturer: string;
  client_sid: string;
  /** Request serial (any string). */
  sn: string;
}
export type UserSessionType = 'able_recon' | 'stop';
export interface UserSession {
  sc_id: string;
  game_key: string;
  game_id: number;
  /** able_recon: reconnect (resume the hang-up countdown); stop: the app stops it (SPEC §4). */
  type: UserSessionType;
  /** Seconds since the epoch, when the session is hanging up. */
  hang_up_end_time?: number;
}
export interface UserScListResponse {
  list: UserSession[];
}

export interface ReconPlayGameRequest {
  sc_id: string;
  game_key: string;
}
export type ReconPlayGameResponse = PlayStartInfo | GameFailure;

/** SPEC §3 saves. */
export interface GameSave {
  save_id: number;
  save_name: string;
  is_share: 0 | 1;
  game_key: string;
  game_id: number;
  sc_id: string;
  /** Bytes. */
  size: number;
  /** Seconds since the epoch. */
  create_time: number;
  update_time: number;
}
export interface ManualSaveRequest {
  game_key: string;
  sc_id: string;
  client_sid: string;
  save_name: string;
  is_share: 0 | 1;
}
export interface SaveConfigResponse {
  save_config: GameSave;
}
export interface GameSaveListRequest {
  game_key: string;
}
export interface GameSaveListResponse {
  list: GameSave[];
  max_count: number;
}
export interface EditSaveRequest {
  save_id: number;
  save_name?: string;
  is_share?: 0 | 1;
}
export interface DelSaveRequest {
  save_id: number;
}
export interface DelSaveResponse {
  save_id: number;
}

/** GET socket/generate_token (under apiBase): a jtoken for the duration socket (SPEC §7). */
export interface GenerateTokenRequest {
  agent_id?: string;
  uid: number;
  game_id: number;
  /** The login token (gly_token). */
  token: string;
}
export interface GenerateTokenResponse {
  jtoken: string;
  /** Seconds since the epoch. */
  expire_time: number;
}
