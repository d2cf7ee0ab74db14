/**
 * Helpers for the game-flow tests: set a session's GameScript, log a
 * persona in and get a play token, and call the game API (game base, game
 * header) in a session.
 */
import {
  PATH,
  type GetTokenResponse,
  type LoginInfo,
  type PlayGameRequest,
  type PlayGameResponse,
} from '../../web/api/contract.ts';
import type { GameScript } from '../../mock-server/game/script.ts';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import { call, login, openSocket, type CallResult, type Started, type TestSocket } from './helpers.ts';
import { expect } from 'vitest';

export const FREE_TRIAL = '13800000000';
export const MEMBER = '13800000001';
export const NO_TIME = '13800000004';
export const GAME_KEY = 'g_test_game';
export const MANUFACTURER = 'mock';

/** Apply `game` as the session's script (a fresh session: log in afterwards). */
export function useScript(s: Started, game: GameScript, session = DEFAULT_SESSION): void {
  s.app.sessions.get(session).apply({ name: 'inline', description: 'test script', game, faults: [], virtualClock: false });
}

export type Data = Record<string, string | number | boolean | null>;

/** A game call (game base, game header) with the login token, in the default session. */
export function gameCall<T>(s: Started, path: string, data: Data, token: string | undefined): Promise<CallResult<T>> {
  return call<T>(s.port, path, { data, token, game: true });
}

export interface Player {
  login: LoginInfo;
  token: string;
  /** The play token from get_token. */
  playToken: string;
  openId: string;
}

export async function player(s: Started, mobile: string): Promise<Player> {
  const info = await login(s.port, mobile);
  const r = await gameCall<GetTokenResponse>(s, PATH.getToken, { manufacturer: MANUFACTURER, client_sid: 'client-1' }, info.gly_token);
  if (r.envelope.code !== 1) throw new Error(`get_token failed: ${r.envelope.code} ${r.envelope.msg}`);
  return { login: info, token: info.gly_token, playToken: r.envelope.data.token, openId: r.envelope.data.open_id };
}

export async function playGame(s: Started, p: Player, over: Partial<PlayGameRequest> = {}): Promise<CallResult<PlayGameResponse>> {
  const req: Data = {
    game_key: GAME_KEY,
    token: p.playToken,
    model_name: 'Pixel 8',
    queue_grade: 1,
    able_queue: 1,
    enable_restart: 0,
    local_stream: 0,
  };
  for (const [k, v] of Object.entries(over)) if (v !== undefined) req[k] = v;
  return gameCall<PlayGameResponse>(s, PATH.playGame, req, p.token);
}

/** play_game that must answer 200; its sc_id. */
export async function startPlaying(s: Started, p: Player, over: Partial<PlayGameRequest> = {}): Promise<string> {
  const r = await playGame(s, p, over);
  const d = r.envelope.data;
  if (r.envelope.code !== 1 || d.code !== 200 || !('sc_id' in d)) throw new Error(`play_game did not start: ${JSON.stringify(r.envelope)}`);
  return d.sc_id;
}

export async function jtokenFor(s: Started, p: Player, gameId = 1): Promise<string> {
  const r = await call<{ jtoken: string }>(s.port, PATH.generateToken, {
    method: 'GET',
    data: { agent_id: 'cg_official', uid: p.login.swcloud_uid, game_id: gameId, token: p.token },
  });
  if (r.envelope.code !== 1) throw new Error(`generate_token failed: ${r.envelope.code} ${r.envelope.msg}`);
  return r.envelope.data.jtoken;
}

export async function openDuration(s: Started, p: Player): Promise<TestSocket> {
  const jtoken = await jtokenFor(s, p);
  return openSocket(s.port, `/socket/duration?jtoken=${encodeURIComponent(jtoken)}&version_code=103`);
}

/** The stream socket of a live game session: its first message must be the socket transport's hello. */
export async function openStream(s: Started, scId: string): Promise<TestSocket> {
  const sock = await openSocket(s.port, `/socket/stream?sc_id=${encodeURIComponent(scId)}`);
  expect(await sock.next()).toMatchObject({ type: 'hello', transport: 'socket', level_config: { display_grade: expect.any(Number) as number } });
  return sock;
}

/** The stream socket of a session that is not (or no longer) live: the close code it is refused with, no message first. */
export async function refusedStream(s: Started, scId: string): Promise<number> {
  const sock = await openSocket(s.port, `/socket/stream?sc_id=${encodeURIComponent(scId)}`);
  const first = await Promise.race([sock.next().then((m) => ({ message: m }), () => null), sock.closed().then(() => null)]);
  expect(first).toBeNull();
  return (await sock.closed()).code;
}

