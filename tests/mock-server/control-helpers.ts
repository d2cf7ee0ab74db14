/**
 * Helpers for the QA surface of the mock cloud: the control API under
 * `/__mock/`, json-server's `/__db/`, and API calls in a named mock session.
 */
import { HEADER, type LoginInfo, type UserInfo } from '../../web/api/contract.ts';
import { MOCK_SMS_CODE } from '../../mock-server/limits.ts';
import { call, openSocket, rawRequest, type CallOptions, type CallResult, type TestSocket } from './helpers.ts';

export interface JsonResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
}

/** A JSON request to the control API or /__db/ (session by header when given). */
export async function json<T = Record<string, unknown>>(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  session?: string,
): Promise<JsonResult<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (session !== undefined) headers[HEADER.mockSession] = session;
  const res = await rawRequest(port, { method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: JSON.parse(res.text) as T, text: res.text };
}

/** An API call in a mock session (signed as the app signs it). */
export function callIn<T = unknown>(port: number, session: string, endpoint: string, o: CallOptions = {}): Promise<CallResult<T>> {
  return call<T>(port, endpoint, { ...o, headers: { [HEADER.mockSession]: session, ...o.headers } });
}

export async function loginIn(port: number, session: string, mobile: string): Promise<LoginInfo> {
  const r = await callIn<LoginInfo>(port, session, 'user/web_login', {
    data: { mobile, area_code: '86', code: MOCK_SMS_CODE, device_id: 'test-device-0001' },
  });
  if (r.envelope.code !== 1) throw new Error(`login ${mobile} in ${session} failed: ${r.envelope.code} ${r.envelope.msg}`);
  return r.envelope.data;
}

export async function balanceIn(port: number, session: string, login: LoginInfo): Promise<CallResult<UserInfo>> {
  return callIn<UserInfo>(port, session, 'user/get_user_balance', { data: { uid: login.swcloud_uid }, token: login.gly_token });
}

export const MEMBER_MOBILE = '13800000001';
export const MEMBER_UID = 10000002;
export const TRIAL_MOBILE = '13800000000';

/** A jtoken for the duration socket (GET socket/generate_token) of a user logged in to `session`. */
export async function jtokenIn(port: number, session: string, login: LoginInfo, gameId = 1): Promise<string> {
  const r = await callIn<{ jtoken: string }>(port, session, 'socket/generate_token', {
    method: 'GET',
    data: { uid: login.swcloud_uid, game_id: gameId, token: login.gly_token },
  });
  if (r.envelope.code !== 1) throw new Error(`generate_token in ${session} failed: ${r.envelope.code} ${r.envelope.msg}`);
  return r.envelope.data.jtoken;
}

/** An authorised duration socket of `session` (logs the member persona in when no login is given). */
export async function openDurationIn(port: number, session: string, login?: LoginInfo): Promise<TestSocket> {
  const info = login ?? (await loginIn(port, session, MEMBER_MOBILE));
  const jtoken = await jtokenIn(port, session, info);
  return openSocket(port, `/socket/duration?jtoken=${encodeURIComponent(jtoken)}&version_code=103&mock_session=${encodeURIComponent(session)}`);
}
