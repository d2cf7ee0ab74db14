/**
 * What every websocket shares (SPEC §7–§9): the heartbeat both sides keep,
 * the server's close codes, and the duration socket's messages. The game
 * stream's messages are in stream.ts.
 */
import type { UserInfo } from './entities.ts';

/** The client sends a heartbeat this often on every socket (SPEC §9). */
export const SOCKET_HEARTBEAT_MS = 25_000;
/** The server closes a socket that sent nothing for this long (SPEC §9). */
export const SOCKET_HEARTBEAT_TIMEOUT_MS = 70_000;

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

// ---- duration socket: `socketBase + "duration?jtoken=…&version_code=103"`

/** Closed at once when the jtoken is missing, unknown or expired. */
export const SOCKET_CLOSE_INVALID_JTOKEN = 4003;
/** The stream socket's sc_id is unknown or the session has ended. */
export const SOCKET_CLOSE_UNKNOWN_SESSION = 4004;

export const DURATION_CODE = { balance: 200, timeout: 202, relogin: 408, serverError: 500, kicked: 5001 } as const;
/** @public The duration socket's codes as a type, for a backend written against this contract. */
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
