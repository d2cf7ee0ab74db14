/**
 * What a socket handler is (duration.ts, stream.ts, replay-socket.ts): the
 * hub (hub.ts) accepts an upgrade, registers the socket in its session and
 * hands it to the handler for its path.
 */
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import type { Clock } from '../../web/core/clock.ts';
import type { MockSession } from '../sessions/session.ts';

export interface SocketContext {
  /** The app's clock. Per-socket timers belong on `session.clock` instead. */
  clock: Clock;
  log: (line: string) => void;
}

export interface SocketHandler {
  /** A socket accepted for `session`; its timers must run on `session.clock`. */
  handle(ws: WebSocket, req: IncomingMessage, session: MockSession): void;
}

/** Text of a websocket message as received. */
export function messageText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
