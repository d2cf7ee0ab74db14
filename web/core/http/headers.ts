/**
 * The header set every call carries (SPEC §7) and its signature. Identity
 * headers come first so `extraHeaders()` and the caller can override them;
 * nonce, timestamp and sign come last because they must describe the request
 * exactly as sent.
 */
import type { Clock } from '../clock';
// The wire protocol's own module, not the contract's barrel: core takes nothing else of web/api (decision 0004).
import {
  APP_ID,
  APP_VERSION,
  APP_VERSION_CODE,
  GAME_CLIENT,
  HEADER,
  SIGN_TYPE,
  VERSION_CODE_WEB,
  signingString,
} from '../../api/contract/protocol.ts';

export interface HeaderDeps {
  clock: Clock;
  random: () => number;
  sha256Hex: (text: string) => Promise<string>;
  getToken(): string | null;
  getDeviceId(): string;
  getAgentCode(): string | null;
  wwwid: string;
  extraHeaders?: () => Record<string, string>;
}

export interface SignInput {
  method: string;
  /** pathname+search as the server will see it. */
  path: string;
  body: string;
  game: boolean;
  /** Caller headers (content type included). */
  header: Record<string, string>;
}

/** 16 random bytes as hex: the server rejects a nonce it has seen, so it must not repeat. */
export function makeNonce(random: () => number): string {
  let out = '';
  for (let i = 0; i < 16; i++) out += Math.floor(random() * 256).toString(16).padStart(2, '0');
  return out;
}

export function identityHeaders(deps: HeaderDeps, game: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  const token = deps.getToken();
  if (token) h[HEADER.token] = token;
  h[HEADER.wwwid] = deps.wwwid;
  h[HEADER.appId] = APP_ID;
  const agent = deps.getAgentCode();
  if (agent) h[HEADER.agentCode] = agent;
  h[HEADER.versionCode] = String(VERSION_CODE_WEB);
  h[HEADER.appVersion] = APP_VERSION;
  h[HEADER.appVersionCode] = String(APP_VERSION_CODE);
  h[HEADER.deviceId] = deps.getDeviceId();
  if (game) h[HEADER.gameClient] = GAME_CLIENT;
  return h;
}

export async function signedHeaders(deps: HeaderDeps, input: SignInput): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(deps.clock.now() / 1000));
  const nonce = makeNonce(deps.random);
  const sign = await deps.sha256Hex(signingString(input.method, input.path, timestamp, nonce, input.body));
  return lowerKeys({
    ...identityHeaders(deps, input.game),
    ...lowerKeys(deps.extraHeaders?.() ?? {}),
    ...lowerKeys(input.header),
    [HEADER.nonce]: nonce,
    [HEADER.timestamp]: timestamp,
    [HEADER.signType]: SIGN_TYPE,
    [HEADER.sign]: sign,
  });
}

/** Header names are case-insensitive; one spelling per name stops `Token` and `token` both being sent. */
function lowerKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = v;
  return out;
}
