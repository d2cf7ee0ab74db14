/**
 * The duration socket (SPEC §4 "Duration socket messages", §7, §8, §9):
 * generate_token gives a jtoken, the socket is
 * `socketBase + "duration?jtoken=…&version_code=103"`, a heartbeat goes out
 * every 25 s (core's createSocket, which also reconnects 10 × 5 s and then
 * gives up). 200 updates the user info (and quits at duration_coin 0), 202
 * shows the timeout dialog, 408 quits (event 0) or forces a new login, 500
 * and 5001 quit, giving up quits.
 */
import {
  DURATION_CODE,
  SOCKET_CLOSE_INVALID_JTOKEN,
  SOCKET_PATH,
  VERSION_CODE_SOCKET,
  type DurationSocketMessage,
  type GenerateTokenRequest,
  type GenerateTokenResponse,
  type SocketHeartbeat,
  type UserInfo,
} from '../api/contract.ts';
import type { Clock } from '../core/clock.ts';
import { createSocket, type SocketClose, type SocketTask } from '../core/socket.ts';
import type { SessionEvent, SessionState, Step } from './state.ts';
import { endSession, hasLiveSession, same } from './steps.ts';

/** The part of a core SocketTask the session uses. */
export type DurationSocket = Pick<SocketTask, 'connect' | 'close' | 'on'>;

/** Opens a socket with the SPEC §9 heartbeat and reconnect policy; `url` may be relative to the page. */
export type OpenSocket = (url: string, opts: { heartbeat: () => string }) => DurationSocket;

export const HEARTBEAT_MESSAGE = (): string => JSON.stringify({ type: 'heartbeat' } satisfies SocketHeartbeat);

/** A socket URL relative to the page (the default "/socket/" base) made absolute ws(s). */
export function absoluteSocketUrl(url: string, location?: { href: string }): string {
  const u = new URL(url, location?.href ?? 'http://localhost/');
  if (u.protocol === 'http:') u.protocol = 'ws:';
  else if (u.protocol === 'https:') u.protocol = 'wss:';
  return u.toString();
}

/** The app's OpenSocket: core's createSocket (25 s heartbeat, 70 s timeout, 10 × 5 s reconnects). */
export function createSocketOpener(deps: {
  clock: Clock;
  WebSocketImpl?: typeof WebSocket;
  location?: { href: string };
}): OpenSocket {
  return (url, opts) =>
    createSocket({
      url: absoluteSocketUrl(url, deps.location ?? globalThis.location),
      clock: deps.clock,
      ...(deps.WebSocketImpl ? { WebSocketImpl: deps.WebSocketImpl } : {}),
      heartbeat: { message: opts.heartbeat },
    });
}

/** `socketBase + "duration?jtoken=…&version_code=103"` plus any extra query (the mock's `mock_session`). */
export function durationUrl(socketBase: string, jtoken: string, extra: Readonly<Record<string, string>> = {}): string {
  const q = new URLSearchParams({ jtoken, version_code: String(VERSION_CODE_SOCKET), ...extra });
  return `${socketBase.replace(/\/+$/, '')}/${SOCKET_PATH.duration}?${q.toString()}`;
}

/** A server message, or null for heartbeats, errors and anything unknown. */
export function parseDurationMessage(text: string): DurationSocketMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const msg = typeof o['msg'] === 'string' ? o['msg'] : '';
  switch (o['code']) {
    case DURATION_CODE.balance: {
      const data = o['data'];
      if (typeof data !== 'object' || data === null || typeof (data as { duration_coin?: unknown }).duration_coin !== 'number') return null;
      return { code: 200, msg, data: data as UserInfo };
    }
    case DURATION_CODE.timeout:
      return { code: 202, msg };
    case DURATION_CODE.relogin:
      return { code: 408, msg, event: o['event'] === 0 ? 0 : 1 };
    case DURATION_CODE.serverError:
      return { code: 500, msg };
    case DURATION_CODE.kicked:
      return { code: 5001, msg };
    default:
      return null;
  }
}

export interface DurationLinkDeps {
  generateToken(req: GenerateTokenRequest): Promise<GenerateTokenResponse>;
  openSocket: OpenSocket;
  socketBase: string;
  query?: () => Readonly<Record<string, string>>;
  log: (msg: string) => void;
}

export interface DurationHandlers {
  message(msg: DurationSocketMessage): void;
  /** The socket gave up reconnecting. */
  lost(): void;
}

export interface DurationLink {
  /** Idempotent while open or opening. Resolves once the socket is asked to connect (or the token call failed). */
  open(req: GenerateTokenRequest): Promise<void>;
  close(): void;
  readonly active: boolean;
}

/** Fresh jtokens tried in a row after the server refused one (4003) before giving up. */
export const MAX_JTOKEN_REFRESHES = 2;

export function createDurationLink(deps: DurationLinkDeps, handlers: DurationHandlers): DurationLink {
  let socket: DurationSocket | null = null;
  let opening = 0;
  let generation = 0;
  /** Refusals of the jtoken since the last message (a jtoken expires: JTOKEN_TTL_MS). */
  let refused = 0;
  const offs: Array<() => void> = [];

  function drop(): void {
    for (const off of offs.splice(0)) off();
    socket?.close();
    socket = null;
  }

  function close(): void {
    generation++;
    opening = 0;
    refused = 0;
    drop();
  }

  async function open(req: GenerateTokenRequest): Promise<void> {
    if (socket || opening) return;
    const mine = ++generation;
    opening = mine;
    let jtoken: string;
    try {
      jtoken = (await deps.generateToken(req)).jtoken;
    } catch (e) {
      if (opening === mine) opening = 0;
      deps.log(`duration socket: generate_token failed: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    // Closed (session ended) while the token was on its way.
    if (generation !== mine) return;
    opening = 0;
    const s = deps.openSocket(durationUrl(deps.socketBase, jtoken, deps.query?.() ?? {}), { heartbeat: HEARTBEAT_MESSAGE });
    socket = s;
    offs.push(
      s.on('message', (text: string) => {
        refused = 0;
        const msg = parseDurationMessage(text);
        if (msg) handlers.message(msg);
      }),
      s.on('close', (payload?: unknown) => {
        if (socket !== s || (payload as SocketClose | undefined)?.code !== SOCKET_CLOSE_INVALID_JTOKEN) return;
        // Reconnecting with the same jtoken cannot work (it expired during a long game): ask for a new one.
        drop();
        if (++refused > MAX_JTOKEN_REFRESHES) {
          deps.log('duration socket: jtoken refused again, giving up');
          handlers.lost();
          return;
        }
        deps.log('duration socket: jtoken refused, asking for a new one');
        void open(req);
      }),
      s.on('giveup', () => {
        if (socket !== s) return;
        deps.log('duration socket: gave up reconnecting');
        handlers.lost();
      }),
    );
    s.connect();
  }

  return {
    get active() {
      return socket !== null || opening !== 0;
    },
    open,
    close,
  };
}

// ---------------------------------------------------------------- the machine's duration part

/** Duration socket messages while a cloud session lives. Null when the event is not the duration socket's. */
export function durationTransition(s: SessionState, e: SessionEvent): Step | null {
  if (e.type === 'duration-lost') {
    return hasLiveSession(s) ? endSession(s, 'duration-lost', 'connection lost') : same(s);
  }
  if (e.type !== 'duration') return null;
  if (!hasLiveSession(s)) return same(s);
  const msg = e.msg;
  switch (msg.code) {
    case 200:
      return msg.data.duration_coin <= 0 ? endSession(s, 'out-of-time', msg.msg) : same(s);
    case 202:
      return same({ ...s, timeoutDialog: true });
    case 408:
      if (msg.event === 0) return endSession(s, 'kicked', msg.msg);
      return endSession({ ...s, reloginRequired: true }, 'relogin', msg.msg, { extra: [{ type: 'emit', event: 'relogin' }] });
    case 500:
    case 5001:
      return endSession(s, 'server-quit', msg.msg);
  }
}
