/**
 * The contract between the app and the mock cloud (SPEC §3, §7–§9): paths,
 * headers, body codes, constants and every request/response shape. Both
 * `web/` and `mock-server/` import this file, so the two cannot drift.
 * Types only and plain constants: nothing here touches the DOM or Node.
 */

// ---------------------------------------------------------------- envelope

/** Every API answer is wrapped in this envelope (SPEC §8 "Body codes"). */
export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const BODY_CODE = {
  /** SPEC §8: body success value 1. */
  success: 1,
  /** SPEC §8: token expiry. */
  tokenExpired: 30001,
  /** Mock-server validation failures (malformed JSON, wrong types, missing fields). */
  badRequest: 40000,
  /** Unknown API path. */
  notFound: 40400,
  /** Mock-server: request body over the size limit. */
  tooLarge: 41300,
  /** Business failure (wrong SMS code, etc.). */
  failed: 0,
  /** Mock-server: the path exists but not for this HTTP method. */
  methodNotAllowed: 40500,
  /** Mock-server: a handler failed unexpectedly (a bug in the mock, never a business outcome). */
  serverError: 50000,
} as const;

export const DEFAULT_MESSAGES = {
  tokenExpired: '登录已过期，请重新登录',
  requestFailed: '请求失败',
} as const;

// ---------------------------------------------------------------- runtime config

/** `dist/config.json`: one build serves any backend (SPEC §7 "api prefix", "socket prefix"). */
export interface RuntimeConfig {
  /** Base of all API calls, e.g. "/api/" or "https://api.example.com/". */
  apiBase: string;
  /** Base of game calls (the game header set is added to these). */
  gameApiBase: string;
  /** Base of websockets, e.g. "/socket/" or "wss://ws.example.com/". Relative bases resolve against the page origin. */
  socketBase: string;
  /** The stream SDK adapter by name (web/game/adapters.ts). Optional: a config without it (an older config.json) plays with the default. */
  sdk?: string;
}

export const DEFAULT_RUNTIME_CONFIG: Required<RuntimeConfig> = {
  apiBase: '/api/',
  gameApiBase: '/api/game/',
  socketBase: '/socket/',
  sdk: 'mock-webrtc',
};

// ---------------------------------------------------------------- headers (SPEC §7)

export const HEADER = {
  token: 'token',
  wwwid: 'wwwid',
  nonce: 'nonce',
  timestamp: 'timestamp',
  signType: 'sign-type',
  sign: 'sign',
  appId: 'app-id',
  agentCode: 'agent-code',
  versionCode: 'version-code',
  appVersion: 'app-version',
  appVersionCode: 'app-version-code',
  deviceId: 'device-id',
  /** Game header set only: marks a call to the game API. */
  gameClient: 'game-client',
  /** QA isolation: the mock session a request belongs to (mock server only). */
  mockSession: 'x-mock-session',
} as const;

/** Headers every signed request must carry; the mock server rejects a request missing one. */
export const REQUIRED_SIGNED_HEADERS = [
  HEADER.nonce,
  HEADER.timestamp,
  HEADER.signType,
  HEADER.sign,
  HEADER.appId,
  HEADER.versionCode,
  HEADER.deviceId,
] as const;

export const SIGN_TYPE = 'sha256';
export const APP_ID = 'cg-h5';
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;
/** SPEC §9: version code 120 on web, 103 for sockets. */
export const VERSION_CODE_WEB = 120;
export const VERSION_CODE_SOCKET = 103;
export const GAME_CLIENT = 'h5';

/**
 * The string that is hashed into the `sign` header: method, path (with GET
 * pairs), timestamp, nonce and body joined by newlines. A static web app
 * cannot hold a secret, so the sign only proves integrity, not origin.
 */
export function signingString(method: string, path: string, timestamp: string, nonce: string, body: string): string {
  return [method.toUpperCase(), path, timestamp, nonce, body].join('\n');
}

// ---------------------------------------------------------------- constants (SPEC §9)

export const REQUEST_TIMEOUT_MS = 120_000;
export const RUNTIME_DEFAULT_TIMEOUT_MS = 60_000;
export const SOCKET_CLOSE_CODE = 1000;
export const SOCKET_HEARTBEAT_MS = 25_000;
export const SOCKET_HEARTBEAT_TIMEOUT_MS = 70_000;
export const SOCKET_RECONNECT_DELAY_MS = 5_000;
export const SOCKET_MAX_RECONNECTS = 10;
export const QUEUE_POLL_MS = 10_000;
export const SEAT_EXPIRY_MS = 40_000;
export const SDK_INIT_WAIT_MS = 60_000;
export const NO_OPERATION_MS = 60_000;
export const RECONNECT_WAIT_MS = 60_000;
export const HANGUP_MINUTE_MS = 60_000;
export const BLURAY_TRY_DURATION_DEFAULT = 300;
export const DB_VERSION = 6;
export const KEY_DERIVATION_ITERATIONS = 1000;
export const TOAST_DURATION_MS = 1500;
export const TOAST_LOADING_DURATION_MS = 1e8;
export const SMS_RESEND_SECONDS = 60;
/** The code that logs any persona in on the mock server. */
export const MOCK_SMS_CODE = '123456';
/** How long a `gly_token` stays valid (mock server; measured on the server clock). */
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Largest request body the mock server accepts; larger bodies answer BODY_CODE.tooLarge. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** SPEC §8 runtime error codes. */
export const ERR_CODE = {
  network: -1,
  timeout: 5,
  abort: 600003,
  socketConnect: 600009,
  socketNotOpen: 10002,
  socketSend: 602001,
} as const;

// ---------------------------------------------------------------- paths (SPEC §7)

/** API paths, relative to `apiBase` (or `gameApiBase` for game calls). */
export const PATH = {
  // catalogue (index/game/…)
  /** Full game by id (shield applied). */
  gameInfo: 'index/game/game_info',
  /** GET: the library, all games or one tag's, paged and sorted. */
  gameList: 'index/game/game_list',
  /** Tags with their visible game counts. */
  getTagList: 'index/game/get_tag_list',
  /** Title / tag / developer search, paged. */
  gameSearch: 'index/game/game_search',
  /** Games by play count, paged. */
  hotGame: 'index/game/hot_game',
  /** Games sharing tags with one game. */
  similarList: 'index/game/similar_list',
  /** Record a play (login). */
  playgame: 'index/game/playgame',
  /** Record a download (login). */
  updateDown: 'index/game/update_down',
  /** GET: the user's played games, latest first (login). */
  playedList: 'index/game/played_list',
  /** Control layouts of a game. */
  getOpPlan: 'index/game/get_op_plan',
  // home
  /** GET: banners and sections of the home page. */
  homeList: 'index/api/home_list',
  // account (login)
  /** Real-name verification. */
  authPost: 'user/auth_post',
  /** Real-name status. */
  getAuthMessage: 'user/get_auth_message',
  /** Coins, play time, cards and the latest changes. */
  cgPropertyDetail: 'user/cg_property_detail',
  /** GET: this user's invitation code and invited friends. */
  inviteInfo: 'user/invite_info',
  /** Bind another user's invitation code (once). */
  bindInvite: 'user/bind_invite',
  // analytics (token optional)
  eventReport: 'api/event_report',
  // shop
  /** GET: member and quick cards, and the compare table. */
  memberCardList: 'pay/member_card_list',
  /** GET: recharge products (coins, play time). */
  productList: 'pay/product_list',
  /** Create an order (login); answers the pay_url to open. */
  createOrder: 'h5_pay/create_order',
  /** GET: an order of this user (login), polled by the pay result page. */
  orderStatus: 'h5_pay/order_status',
  systemInfo: 'index/api/system_info',
  downurl: 'index/api/downurl',
  psShield: 'api/ps_shield',
  minorWebConfig: 'api/minor_web_config',
  webLogin: 'user/web_login',
  getUserBalance: 'user/get_user_balance',
  signInConf: 'user/sign_in_conf',
  signIn: 'user/sign_in',
  sendCode: 'user/send_code',
  protocol: 'index/api/protocol',
  // game flow: relative to gameApiBase (see "game flow" below)
  getToken: 'get_token',
  playGame: 'play_game',
  gameQueue: 'game_queue',
  cancelQueue: 'cancel_queue',
  stopGame: 'stop_game',
  displayGrade: 'display_grade',
  setHangUpTimer: 'set_hang_up_timer',
  scHangUp: 'sc_hang_up',
  userScList: 'user_sc_list',
  reconPlayGame: 'recon_play_game',
  manualSave: 'manual_save',
  gameSaveList: 'game_save_list',
  editSave: 'edit_save',
  delSave: 'del_save',
  // relative to apiBase: the socket service's token (SPEC §7 "generate_token (socket prefix)")
  generateToken: 'socket/generate_token',
} as const;

/** The calls sent as GET (data as `/key/value` path pairs, SPEC §7); every other call is POST. */
const GET_ENDPOINTS: ReadonlySet<string> = new Set([
  PATH.gameList,
  PATH.playedList,
  PATH.homeList,
  PATH.inviteInfo,
  PATH.memberCardList,
  PATH.productList,
  PATH.orderStatus,
  PATH.downurl,
  PATH.generateToken,
]);

/**
 * The HTTP method of every call in `Endpoints` (SPEC §7 table; calls the table leaves blank are POST).
 * Built from PATH so no call can lack one; a list of 45 literal pairs cost the first load 0.3 KB.
 */
export const ENDPOINT_METHOD = Object.fromEntries(
  Object.values(PATH).map((path) => [path, GET_ENDPOINTS.has(path) ? 'GET' : 'POST']),
) as { readonly [K in keyof Endpoints]: 'GET' | 'POST' };

/** Every PATH is a call of `Endpoints` and every call has a PATH (checked by the compiler). */
type PathValue = (typeof PATH)[keyof typeof PATH];
export type PathsMatchEndpoints = [PathValue] extends [keyof Endpoints] ? ([keyof Endpoints] extends [PathValue] ? true : never) : never;
const pathsMatchEndpoints: PathsMatchEndpoints = true;
void pathsMatchEndpoints;

/** Websocket paths, relative to `socketBase`. */
export const SOCKET_PATH = {
  /** SPEC §7: the game duration socket (heartbeat every 25 s). */
  duration: 'duration',
  /** The game stream of the mock SDK (sc_id in the query). */
  stream: 'stream',
} as const;

/** Close code the server uses when no message arrived within SOCKET_HEARTBEAT_TIMEOUT_MS (SPEC §8, §9). */
export const SOCKET_CLOSE_HEARTBEAT_TIMEOUT = 4001;

/** Client → server keep-alive on any socket (sent every SOCKET_HEARTBEAT_MS). */
export interface SocketHeartbeat {
  type: 'heartbeat';
}
/** Server → client answer to a heartbeat; `time` is the server clock in ms. */
export interface SocketHeartbeatReply {
  type: 'heartbeat';
  time: number;
}
/** Server → client: a message the server could not understand. */
export interface SocketErrorMessage {
  type: 'error';
  msg: string;
}

// ---------------------------------------------------------------- entities (SPEC §3)

export interface PayConfig {
  h5_wxpay: 0 | 1;
  h5_alipay: 0 | 1;
}

export interface DefinitionDefaultConf {
  /** Whether non-members may use blu-ray regardless of trial (SPEC §5). */
  vip_can_use: 0 | 1;
  /** Default clarity level index for members. */
  vip_user_default: number;
  /** Default clarity level index for non-members. */
  normal_user_default: number;
}

export interface SystemInfo {
  cloud_game_load_page: string;
  pay_config: PayConfig;
  /** Comma list of agent codes that may auto sign-in in single-game mode. */
  h5_can_sign_agents: string;
  /** Comma list of agent codes whose users may not go back to home. */
  h5_limit_back_home: string;
  recommend_product_pop_conf: { expire_times: number };
  definition_default_conf: DefinitionDefaultConf;
}

export interface DownUrl {
  android_url: string;
  ios_url: string;
  version: string;
}

export interface PsShield {
  /** Comma list of hidden game ids. */
  game: string;
}

export interface LoginInfo {
  username: string;
  swcloud_uid: number;
  mobile: string;
  avatar: string;
  deviceID: string;
  gly_token: string;
}

export type MemberStatus = 0 | 1 | 2;

export interface UserInfo {
  current_time: number;
  member_end_time: number;
  member_endtime: string;
  coin_balance: number;
  is_auth: 0 | 1;
  member_status: MemberStatus;
  quick_end_time: number;
  quick_status: 0 | 1;
  bgmember_end_time: number;
  bgmember_endtime: string;
  buy_member: 0 | 1;
  is_new_user: 0 | 1;
  trial_status: 0 | 1;
  /** Play time in seconds granted by sign-in and membership. */
  duration: number;
  coin_balance_duration: number;
  /** Remaining play time; the duration socket quits the game when it reaches 0. */
  duration_coin: number;
}

export interface Protocol {
  type: ProtocolType;
  title: string;
  /** Plain text, paragraphs separated by blank lines. */
  content: string;
  updated_at: string;
}

export type ProtocolType = 'user' | 'privacy';

// ---------------------------------------------------------------- requests

export interface SendCodeRequest {
  mobile: string;
  /** Country calling code without "+", e.g. "86". */
  area_code: string;
}
export interface SendCodeResponse {
  /** Seconds before another code may be sent. */
  resend_after: number;
}

export interface WebLoginRequest {
  mobile: string;
  area_code: string;
  code: string;
  device_id: string;
  agent_code?: string;
}

export interface UidRequest {
  uid: number;
}

export interface ProtocolRequest {
  type: ProtocolType;
}

export interface MinorWebConfigRequest {
  uid: number;
  game_id: number;
  usage_time: number;
}

// ---------------------------------------------------------------- game flow (SPEC §3, §4, §6, §7, §9)
// Owned by the game-flow part of the mock cloud (mock-server/game/, routes/game.ts,
// sockets/stream.ts, sockets/duration.ts). Every path here except generate_token
// lives under `gameApiBase` and needs the game header; generate_token is under
// `apiBase` ("socket/generate_token", GET). See mock-server/README.md "Game flow".

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

export const GAME_MESSAGES = {
  outOfPlayTime: 'Out of play time',
  seatExpired: 'Seat expired',
  queueError: 'Queue error',
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
/** SPEC §3 settings default hangup_duration: used when the stream drops without a hang-up timer set. */
export const DEFAULT_HANGUP_MINUTES = 3;
/** Play time (seconds of duration_coin) charged per minute of play unless a scenario says otherwise. */
export const DEFAULT_CHARGE_PER_MINUTE = 60;
/** How long a jtoken from generate_token lets a duration socket connect. */
export const JTOKEN_TTL_MS = 2 * 60 * 60 * 1000;
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

// ---- duration socket: `socketBase + "duration?jtoken=…&version_code=103"`

/** Closed at once when the jtoken is missing, unknown or expired. */
export const SOCKET_CLOSE_INVALID_JTOKEN = 4003;
/** The stream socket's sc_id is unknown or the session has ended. */
export const SOCKET_CLOSE_UNKNOWN_SESSION = 4004;

export const DURATION_CODE = { balance: 200, timeout: 202, relogin: 408, serverError: 500, kicked: 5001 } as const;
export type DurationCode = (typeof DURATION_CODE)[keyof typeof DURATION_CODE];

/** Server → client on the duration socket (SPEC §4 "Duration socket messages"). */
export type DurationSocketMessage =
  /** The balance after a minute's charge; quit when data.duration_coin is 0. */
  | { code: 200; msg: string; data: UserInfo }
  /** Show the timeout dialog. */
  | { code: 202; msg: string }
  /** event 0: quit; event 1: force relogin. */
  | { code: 408; msg: string; event: 0 | 1 }
  | { code: 500 | 5001; msg: string };

// ---- game stream socket: `socketBase + stream_url` (stream?sc_id=…)

export type StreamEventCode = 43000 | 43001 | 43100 | 45001 | 54001;
export const STREAM_EVENT = { quit: 43000, reconnect: 43001, reconnectAlt: 43100, idle: 45001, ended: 54001 } as const;

/** SPEC §4 progress: server connect 30, exchange 50, game start 80, stream received 100. */
export const STREAM_PROGRESS = [
  { value: 30, stage: 'server_connect' },
  { value: 50, stage: 'exchange' },
  { value: 80, stage: 'game_start' },
  { value: 100, stage: 'stream_received' },
] as const;
export type StreamProgressValue = (typeof STREAM_PROGRESS)[number]['value'];
export type StreamStage = (typeof STREAM_PROGRESS)[number]['stage'];
/** Default ms between progress steps (socket transport; the WebRTC transport reports its real steps). */
export const STREAM_PROGRESS_STEP_MS = 500;
/** A status frame every second on the socket transport (no video). */
export const STREAM_FRAME_MS = 1000;
/** The game loop and the video run at 60 frames a second. */
export const STREAM_TICK_HZ = 60;
/** No decoded frame for this long is a lost connection (SPEC §4 reconnect path). */
export const STREAM_STALL_MS = 10_000;
/** The WebRTC data channel that carries input up and frame reports down. */
export const STREAM_DATA_CHANNEL = 'input';

/**
 * How the stream travels. `webrtc`: video track and data channel, signalled
 * on the stream socket. `socket`: no video; progress, events and a status
 * frame a second on the socket (fast QA runs, `--no-video`, scenario `video: false`).
 */
export type StreamTransport = 'webrtc' | 'socket';

/** The stream socket's first message. */
export interface StreamHelloMessage {
  type: 'hello';
  transport: StreamTransport;
  /** The picture the server sends now (width × height, kbit/s cap). */
  level_config: LevelConfig;
}
export interface StreamProgressMessage {
  type: 'progress';
  value: StreamProgressValue;
  stage: StreamStage;
}
export interface StreamEventMessage {
  type: 'event';
  code: StreamEventCode;
  msg: string;
}
/**
 * What one frame of the game shows: on the data channel for every video
 * frame, on the socket transport once a second. `input_seq` is the last input
 * the frame reflects (the server applies input on its next tick); the same
 * numbers are drawn into the picture as a frame code (`frame-code.ts`).
 */
export interface StreamFrameMessage {
  type: 'frame';
  frame: number;
  input_seq: number;
  /** Server ms (wall clock) when the frame was made. */
  t: number;
  /** Input messages received so far on this stream. */
  inputs: number;
  last_input: StreamInputDevice | null;
  /** The game's state in that frame (null on the socket transport: no game runs). */
  game: StreamGameState | null;
}
export interface StreamGameState {
  kind: string;
  score: number;
  best: number;
  lives: number;
  over: boolean;
  /** The player's position, 0–1 of the picture. */
  player: { x: number; y: number };
}

/** ICE candidate as `RTCIceCandidate.toJSON()`; null ends the candidates. */
export interface RtcCandidateInit {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}
/** WebRTC signalling on the stream socket: the client offers, the server answers; candidates both ways. */
export type StreamRtcMessage =
  | { type: 'rtc'; kind: 'offer' | 'answer'; sdp: string }
  | { type: 'rtc'; kind: 'candidate'; candidate: RtcCandidateInit | null };

export type StreamServerMessage =
  | StreamHelloMessage
  | StreamProgressMessage
  | StreamEventMessage
  | StreamFrameMessage
  | StreamRtcMessage
  | SocketHeartbeatReply
  | SocketErrorMessage;

export type StreamInputDevice = 'gamepad' | 'keyboard' | 'touch' | 'mouse';
/** One input event, as the SDK sends it. */
export type StreamInput =
  /** SPEC §9: 17 buttons (0–1), 4 axes (−1–1). */
  | { device: 'gamepad'; buttons: number[]; axes: number[] }
  /** `key` is a KeyboardEvent.code ("KeyW", "Space", "ArrowLeft"). */
  | { device: 'keyboard'; key: string; down: boolean }
  /** Absolute, 0–1 of the picture. */
  | { device: 'touch'; x: number; y: number; action: 'down' | 'move' | 'up' }
  /**
   * Relative motion in picture pixels already scaled by mouse_sensitivity × 1.19 / 100;
   * `button` 0 left, 1 middle, 2 right on down/up; `buttons` the held mask; `wheel` lines (wheel action).
   */
  | { device: 'mouse'; action: 'down' | 'move' | 'up' | 'wheel'; dx: number; dy: number; button?: number; buttons?: number; wheel?: number };
/** Client → server input, on the data channel (WebRTC) or the stream socket. `seq` rises by one per message of a stream. */
export type StreamInputMessage = StreamInput & { type: 'input'; seq: number };

/** Client → server on the stream socket. */
export type StreamClientMessage = StreamInputMessage | StreamRtcMessage | { type: 'heartbeat' };

// ---------------------------------------------------------------- endpoints map

/** Every call: its path, request and response types. The endpoints module and the mock server both key on this. */
export interface Endpoints {
  // catalogue, home, account, shop, pay, invite
  [PATH.gameInfo]: { req: GameIdRequest; res: Game };
  [PATH.gameList]: { req: GameListRequest; res: Page<GameSummary> };
  [PATH.getTagList]: { req: Record<string, never>; res: TagListResponse };
  [PATH.gameSearch]: { req: GameSearchRequest; res: GameSearchResponse };
  [PATH.hotGame]: { req: PageRequest; res: Page<GameSummary> };
  [PATH.similarList]: { req: SimilarListRequest; res: GameListResponse };
  [PATH.playgame]: { req: UidGameRequest; res: PlayRecordResponse };
  [PATH.updateDown]: { req: UidGameRequest; res: DownRecordResponse };
  [PATH.playedList]: { req: PageRequest; res: Page<PlayedGame> };
  [PATH.getOpPlan]: { req: GameIdRequest; res: OpPlanListResponse };
  [PATH.homeList]: { req: Record<string, never>; res: HomeList };
  [PATH.minorWebConfig]: { req: MinorWebConfigRequest; res: MinorWebConfig };
  [PATH.signInConf]: { req: PropertyDetailRequest; res: SignInConf };
  [PATH.signIn]: { req: UidRequest; res: SignInResult };
  [PATH.authPost]: { req: AuthPostRequest; res: AuthMessage };
  [PATH.getAuthMessage]: { req: Record<string, never>; res: AuthMessage };
  [PATH.cgPropertyDetail]: { req: PropertyDetailRequest; res: Property };
  [PATH.inviteInfo]: { req: Record<string, never>; res: InviteInfo };
  [PATH.bindInvite]: { req: BindInviteRequest; res: BindInviteResponse };
  [PATH.eventReport]: { req: EventReportRequest; res: EventReportResponse };
  [PATH.memberCardList]: { req: Record<string, never>; res: MemberCardListResponse };
  [PATH.productList]: { req: ProductListRequest; res: ProductListResponse };
  [PATH.createOrder]: { req: CreateOrderRequest; res: Order };
  [PATH.orderStatus]: { req: OrderStatusRequest; res: Order };
  [PATH.systemInfo]: { req: Record<string, never>; res: SystemInfo };
  [PATH.downurl]: { req: Record<string, never>; res: DownUrl };
  [PATH.psShield]: { req: Record<string, never>; res: PsShield };
  [PATH.sendCode]: { req: SendCodeRequest; res: SendCodeResponse };
  [PATH.webLogin]: { req: WebLoginRequest; res: LoginInfo };
  [PATH.getUserBalance]: { req: UidRequest; res: UserInfo };
  [PATH.protocol]: { req: ProtocolRequest; res: Protocol };
  // game flow
  [PATH.getToken]: { req: GetTokenRequest; res: GetTokenResponse };
  [PATH.playGame]: { req: PlayGameRequest; res: PlayGameResponse };
  [PATH.gameQueue]: { req: GameQueueRequest; res: GameQueueResponse };
  [PATH.cancelQueue]: { req: CancelQueueRequest; res: CancelQueueResponse };
  [PATH.stopGame]: { req: StopGameRequest; res: StopGameResponse };
  [PATH.displayGrade]: { req: DisplayGradeRequest; res: DisplayGradeResponse };
  [PATH.setHangUpTimer]: { req: HangUpRequest; res: HangUpResponse };
  [PATH.scHangUp]: { req: HangUpRequest; res: HangUpResponse };
  [PATH.userScList]: { req: UserScListRequest; res: UserScListResponse };
  [PATH.reconPlayGame]: { req: ReconPlayGameRequest; res: ReconPlayGameResponse };
  [PATH.manualSave]: { req: ManualSaveRequest; res: SaveConfigResponse };
  [PATH.gameSaveList]: { req: GameSaveListRequest; res: GameSaveListResponse };
  [PATH.editSave]: { req: EditSaveRequest; res: SaveConfigResponse };
  [PATH.delSave]: { req: DelSaveRequest; res: DelSaveResponse };
  [PATH.generateToken]: { req: GenerateTokenRequest; res: GenerateTokenResponse };
}

// ---------------------------------------------------------------- catalogue, home, sign-in, account, shop, pay, invite
// Owned by the content part of the mock cloud (mock-server/routes/{games,home,signin,
// account,events,member,pay,invite}.ts, catalogue.ts, content-store.ts, media.ts,
// pay-page.ts). Times are seconds since the epoch unless named `…_ms`; dates and
// day boundaries are China Standard Time (UTC+8), the way the backend counts days.

/** SPEC §3 `default_op_type` / `op_type`: 0 gamepad, 1 keyboard and mouse, 2 touch. */
export const OP_TYPE = { gamepad: 0, keyboard: 1, touch: 2 } as const;
export type OpType = (typeof OP_TYPE)[keyof typeof OP_TYPE];

/**
 * A hang-up option as the catalogue offers it (SPEC §3 \`hang\`): 3, 10, 30 or 60
 * minutes; type 2 is member-only and is reset when membership is lost (SPEC §5).
 */
export interface GameHangOption {
  duration: 3 | 10 | 30 | 60;
  type: 1 | 2;
}

/** A list is answered one page at a time. */
export interface Page<T> {
  list: T[];
  /** Items in all pages. */
  total: number;
  page: number;
  page_size: number;
  has_more: 0 | 1;
}
/** `page` from 1 (default 1); `page_size` 1–PAGE_SIZE_MAX (default PAGE_SIZE_DEFAULT). */
export interface PageRequest {
  page?: number;
  page_size?: number;
}
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;

export interface GameTag {
  id: number;
  name: string;
}
export interface GameTagCount extends GameTag {
  /** Visible games (shield applied) carrying this tag. */
  game_count: number;
}

/** A game as lists show it. Image URLs are absolute (the mock server's origin, generated SVG). */
export interface GameSummary {
  id: number;
  game_key: string;
  title: string;
  tags: GameTag[];
  short_desc: string;
  /** Portrait 3:4 image. */
  cover: string;
  /** Landscape 16:9 image. */
  banner: string;
  /** The studio that made the game. */
  developer: string;
  /** The cloud vendor that runs it (SPEC §3 game session variable): sent to get_token and user_sc_list. */
  manufacturer: string;
  /** Times played, all users. */
  play_count: number;
  /** 1.0–5.0, one decimal. */
  rating: number;
  is_new: 0 | 1;
  is_hot: 0 | 1;
}

export interface GameTrailer {
  /** A video file that supports HTTP Range requests. */
  url: string;
  poster: string;
  /** Seconds. */
  duration: number;
  mime: string;
}

/** The full game (game_info), with the session variables of SPEC §3. */
export interface Game extends GameSummary {
  /** Plain text: paragraphs separated by blank lines, feature lines start with "• ". */
  description: string;
  /** Landscape 16:9 images, at least 3. */
  screenshots: string[];
  trailer: GameTrailer;
  channel_id: number;
  /** Times the app was downloaded from this game's page. */
  down_count: number;
  /** "YYYY-MM-DD". */
  release_date: string;
  default_op_type: OpType;
  /** Comma list of OpType, e.g. "0,1,2". */
  op_type: string;
  show_keyboard: 0 | 1;
  full_screen: 0 | 1;
  /** Whether the virtual gamepad/keyboard may be shown (touch supported). */
  show_virtual: 0 | 1;
  /** Hang-up options (minutes); type 2 is member-only (SPEC §5). */
  hang: GameHangOption[];
}

export interface PlayedGame extends GameSummary {
  /** Last play_game record of this user for this game. */
  last_played_at: number;
  last_played: string;
  /** How many times this user played it. */
  play_times: number;
}

export interface GameIdRequest {
  game_id: number;
}
export interface UidGameRequest {
  uid: number;
  game_id: number;
}
export type GameSort = 'hot' | 'new' | 'rating';
/** The library: all visible games, or one tag's; sorted by play count (hot, default), release date (new) or rating. */
export interface GameListRequest extends PageRequest {
  tag_id?: number;
  sort?: GameSort;
}
/** Case-insensitive match on title, tag name or developer; title matches first, then by play count. */
export interface GameSearchRequest extends PageRequest {
  keyword: string;
}
export interface GameSearchResponse extends Page<GameSummary> {
  keyword: string;
}
/** Games sharing at least one tag, most shared tags first, then by play count. */
export interface SimilarListRequest {
  game_id: number;
  /** 1–20, default 10. */
  limit?: number;
}
export interface GameListResponse {
  list: GameSummary[];
}
export interface TagListResponse {
  list: GameTagCount[];
}
export interface PlayRecordResponse {
  game_id: number;
  play_count: number;
}
export interface DownRecordResponse {
  game_id: number;
  down_count: number;
}

/** A control layout (SPEC §3 local database "gamepad and keyboard layouts": id, name, config, screen). */
export interface OpPlanKey {
  /** Key or button code: "KeyW", "Space", "MouseLeft", "BTN_A", "STICK_L", … */
  code: string;
  label: string;
  /** Centre, in percent of the screen (0–100). */
  x: number;
  y: number;
  /** Diameter, in percent of the screen height. */
  size: number;
}
export interface OpPlan {
  id: number;
  game_id: number;
  name: string;
  op_type: OpType;
  /** The plan the game starts with for this op type. */
  is_default: 0 | 1;
  config: OpPlanKey[];
  /** The reference screen the percentages were laid out on. */
  screen: { width: number; height: number };
}
export interface OpPlanListResponse {
  list: OpPlan[];
}

// ---- home

export interface HomeBanner {
  id: number;
  title: string;
  subtitle: string;
  /** Landscape 16:9 image. */
  image: string;
  /** The game the banner opens. */
  game_id: number;
}
/** continue: the user's recently played games (only with a valid token); picks: an editor's list. */
export type HomeSectionType = 'continue' | 'hot' | 'new' | 'tag' | 'picks';
export interface HomeSection {
  key: string;
  type: HomeSectionType;
  title: string;
  /** row: horizontal scroller of covers; grid: 2-column covers; large: banners. */
  layout: 'row' | 'grid' | 'large';
  /** The tag of a `tag` section, else 0. */
  tag_id: number;
  /** 1 when game_list has more of it (tag_id / sort). */
  more: 0 | 1;
  games: GameSummary[];
}
/** GET index/api/home_list: banner carousel and sections; shield applied; empty sections are left out. */
export interface HomeList {
  banners: HomeBanner[];
  sections: HomeSection[];
}

// ---- anti-addiction (minor_web_config)

export interface MinorWebConfig {
  is_auth: 0 | 1;
  /** 1 when the verified ID card says the user is under 18 on the server's date. */
  is_minor: 0 | 1;
  /** 0 when the user may not start or keep playing now. */
  can_play: 0 | 1;
  /** Minors' daily limit in minutes; 0 means no limit. */
  daily_limit_minutes: number;
  /** Minutes left to play today; -1 means no limit. */
  remaining_minutes: number;
  /** When minors may play, e.g. "Fri, Sat, Sun 20:00–21:00"; "" when not limited. */
  play_window: string;
  /** Text to show; "" when nothing needs saying. */
  tip: string;
}
export const MINOR_AGE = 18;

// ---- sign-in (SPEC §4 Sign-in: once per day by the server clock, a Monday–Sunday week)

/** -1 missed, 0 not yet (today before signing, or a later day), 1 signed. */
export type SignInState = -1 | 0 | 1;
export interface SignInDay {
  /** 1 Monday … 7 Sunday. */
  day: number;
  /** "YYYY-MM-DD". */
  date: string;
  /** Play time granted by signing in that day, seconds. */
  duration: number;
  state: SignInState;
}
export interface SignInConf {
  user_sign_data: SignInDay[];
  /** Today's day of the week, 1 Monday … 7 Sunday. */
  current_week: number;
  /** Monday of this week, "YYYY-MM-DD". */
  week_start: string;
  signed_today: 0 | 1;
}
export interface SignInResult {
  user_sign_data: SignInDay[];
  current_week: number;
  /** Seconds granted by this sign-in (added to the user's `duration` and `duration_coin`). */
  duration: number;
  /** The user's `duration` after the grant. */
  user_duration: number;
  duration_coin: number;
}

// ---- real-name verification

export interface AuthPostRequest {
  /** 2–30 characters: Chinese, letters, spaces or "·". */
  real_name: string;
  /** 18 characters: 17 digits and a check character (0–9 or X) per GB 11643 (ISO 7064 MOD 11-2). */
  id_card: string;
}
export interface AuthMessage {
  is_auth: 0 | 1;
  /** Masked: the last character shown only, e.g. "*三". "" when not verified. */
  real_name: string;
  /** Masked: first 3 and last 4 shown. "" when not verified (or verified before the mock kept records). */
  id_card: string;
  is_minor: 0 | 1;
  /** "YYYY-MM-DD HH:mm:ss"; "" when unknown. */
  auth_time: string;
}

// ---- event report

export interface EventReportRequest {
  /** Event name: letters, digits, "_", ".", "-", up to 64. */
  event: string;
  /** Anything the app attaches: an object, or text (JSON text is kept as sent). */
  data?: Record<string, unknown> | string;
}
export interface EventReportResponse {
  id: number;
  /** Server time, ms. */
  received_at: number;
}

// ---- the user's assets (cg_property_detail)

export type PropertyCardKind = 'member' | 'quick' | 'bgmember';
export interface PropertyCard {
  kind: PropertyCardKind;
  name: string;
  active: 0 | 1;
  end_time: number;
  endtime: string;
}
export type PropertyRecordKind = 'sign_in' | 'order' | 'invite';
export interface PropertyRecord {
  id: number;
  kind: PropertyRecordKind;
  title: string;
  /** Coins added. */
  coin: number;
  /** Play time added, seconds. */
  duration: number;
  time: number;
  time_text: string;
}
export interface PropertyDetailRequest {
  /** When sent, must be the logged-in user. */
  uid?: number;
}
export interface Property {
  coin_balance: number;
  duration: number;
  coin_balance_duration: number;
  duration_coin: number;
  member_status: MemberStatus;
  /** Every card kind, active or not. */
  cards: PropertyCard[];
  /** Latest first, at most 50. */
  records: PropertyRecord[];
}

// ---- shop: member cards and recharge products (prices in yuan as "0.00" strings; use the decimal helpers)

export type MemberCardKind = 'member' | 'quick';
export interface MemberCard {
  /** Unique across member cards and products: create_order takes either. */
  id: number;
  /** member: sets member_status and member_end_time; quick: the quick card (better queue grade, SPEC §6). */
  kind: MemberCardKind;
  name: string;
  days: number;
  price: string;
  original_price: string;
  /** Play time granted on purchase, seconds (0 for none). */
  duration: number;
  /** Short label such as "Best value"; "" for none. */
  tag: string;
  is_recommend: 0 | 1;
  benefits: string[];
}
export interface MemberCompareRow {
  name: string;
  free: string;
  member: string;
}
export interface MemberCardListResponse {
  list: MemberCard[];
  /** The member/compare page's table. */
  compare: MemberCompareRow[];
}

/** coin: adds to coin_balance; duration: play time added to coin_balance_duration and duration_coin. */
export type ProductKind = 'coin' | 'duration';
export interface Product {
  id: number;
  kind: ProductKind;
  name: string;
  coin: number;
  bonus_coin: number;
  /** Seconds, for duration products (0 for coin products). */
  duration: number;
  price: string;
  original_price: string;
  tag: string;
  is_recommend: 0 | 1;
}
export interface ProductListRequest {
  kind?: ProductKind;
}
export interface ProductListResponse {
  list: Product[];
}

// ---- h5 pay

export type PayType = 'wxpay' | 'alipay';
/** expired: not paid within ORDER_EXPIRE_MS. */
export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'expired';
export type OrderProductType = MemberCardKind | ProductKind;
export interface Order {
  order_id: string;
  product_id: number;
  product_type: OrderProductType;
  title: string;
  /** Yuan, "0.00". */
  amount: string;
  pay_type: PayType;
  status: OrderStatus;
  /** The payment page to open (on the mock: `/mock-pay/<order_id>`, which returns to /submodules/pay/result/index?order_id=…). */
  pay_url: string;
  created_at: number;
  /** 0 until paid. */
  paid_at: number;
  expire_at: number;
}
export interface CreateOrderRequest {
  /** A member card or product id. */
  product_id: number;
  /** Must be enabled in system_info pay_config (h5_wxpay / h5_alipay). */
  pay_type: PayType;
}
export interface OrderStatusRequest {
  order_id: string;
}
export const ORDER_EXPIRE_MS = 15 * 60 * 1000;
/** Where the payment page sends the user back (SPEC §2 pay result page). */
export const PAY_RESULT_PAGE = '/submodules/pay/result/index';

// ---- invitation

export interface InvitedFriend {
  uid: number;
  username: string;
  /** Masked: first 3, ****, last 4. */
  mobile: string;
  bound_at: number;
  /** Seconds of play time this invitation gave the inviter (0 past the reward limit). */
  reward: number;
}
export interface InviteInfo {
  /** This user's code, for others to bind. */
  code: string;
  /** Login page with the code, to share. */
  invite_url: string;
  invited_count: number;
  /** Seconds the inviter gets per friend, up to `max_rewarded` friends. */
  inviter_reward: number;
  /** Seconds the friend gets for binding. */
  invitee_reward: number;
  max_rewarded: number;
  /** Seconds earned by inviting so far. */
  total_reward: number;
  /** The code this user bound, "" when none (a user binds once). */
  bound_code: string;
  invited: InvitedFriend[];
  rules: string[];
}
export interface BindInviteRequest {
  code: string;
}
export interface BindInviteResponse {
  inviter: string;
  /** Seconds granted to this user. */
  duration: number;
  user_duration: number;
  duration_coin: number;
}
