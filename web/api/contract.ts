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
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '/api/',
  gameApiBase: '/api/game/',
  socketBase: '/socket/',
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
} as const;

/** The HTTP method of every call in `Endpoints` (SPEC §7 table; calls the table leaves blank are POST). */
export const ENDPOINT_METHOD: { readonly [K in keyof Endpoints]: 'GET' | 'POST' } = {
  [PATH.systemInfo]: 'POST',
  [PATH.downurl]: 'GET',
  [PATH.psShield]: 'POST',
  [PATH.sendCode]: 'POST',
  [PATH.webLogin]: 'POST',
  [PATH.getUserBalance]: 'POST',
  [PATH.protocol]: 'POST',
};

/** Websocket paths, relative to `socketBase`. */
export const SOCKET_PATH = {
  /** SPEC §7: the game duration socket (heartbeat every 25 s). */
  duration: 'duration',
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

/** Every call: its path, request and response types. The endpoints module and the mock server both key on this. */
export interface Endpoints {
  [PATH.systemInfo]: { req: Record<string, never>; res: SystemInfo };
  [PATH.downurl]: { req: Record<string, never>; res: DownUrl };
  [PATH.psShield]: { req: Record<string, never>; res: PsShield };
  [PATH.sendCode]: { req: SendCodeRequest; res: SendCodeResponse };
  [PATH.webLogin]: { req: WebLoginRequest; res: LoginInfo };
  [PATH.getUserBalance]: { req: UidRequest; res: UserInfo };
  [PATH.protocol]: { req: ProtocolRequest; res: Protocol };
}
