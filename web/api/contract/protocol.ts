/**
 * The wire protocol (SPEC §7, §8): the answer envelope and its body codes,
 * the runtime error codes, and the signed header set with its values.
 */

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

/** SPEC §8 runtime error codes. */
export const ERR_CODE = {
  network: -1,
  timeout: 5,
  abort: 600003,
  socketConnect: 600009,
  socketNotOpen: 10002,
  socketSend: 602001,
} as const;

// ---- headers (SPEC §7)

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
  /** The player's language (an app tag: en, es, fr, zh-Hans, zh-Hant); content is answered in it where it exists. */
  acceptLanguage: 'accept-language',
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
export { APP_ID } from './app-id.ts';
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
