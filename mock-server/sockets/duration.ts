/**
 * The game duration socket (SPEC §4 "Duration socket messages", §7, §9).
 * For now it keeps the connection alive: it answers `{"type":"heartbeat"}`
 * with the server time and closes with 4001 when no message arrived for
 * SOCKET_HEARTBEAT_TIMEOUT_MS on the injected clock. Balance pushes (200),
 * timeout dialogs (202) and forced quits (408, 500, 5001) come later.
 */
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import {
  SOCKET_CLOSE_HEARTBEAT_TIMEOUT,
  SOCKET_HEARTBEAT_TIMEOUT_MS,
  type SocketErrorMessage,
  type SocketHeartbeatReply,
} from '../../web/api/contract.ts';
import type { TimerId } from '../../web/core/clock.ts';
import type { MockSession } from '../scenarios/session.ts';
import { isObj } from '../validate.ts';
import type { SocketContext, SocketHandler } from './hub.ts';

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

export function createDurationSocket(ctx: SocketContext): SocketHandler {
  return {
    handle(ws: WebSocket, _req: IncomingMessage, session: MockSession): void {
      // Timers follow the socket's mock session (virtual once QA switched it).
      const clock = session.clock;
      let timer: TimerId | undefined;
      const send = (msg: SocketHeartbeatReply | SocketErrorMessage): void => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
      };
      const arm = (): void => {
        clock.clearTimeout(timer);
        timer = clock.setTimeout(() => {
          timer = undefined;
          ctx.log(`duration socket: no message for ${SOCKET_HEARTBEAT_TIMEOUT_MS} ms, closing with ${SOCKET_CLOSE_HEARTBEAT_TIMEOUT}`);
          ws.close(SOCKET_CLOSE_HEARTBEAT_TIMEOUT, 'heartbeat timeout');
        }, SOCKET_HEARTBEAT_TIMEOUT_MS);
      };
      arm();
      ws.on('message', (data) => {
        // Any message proves the client is alive.
        arm();
        let msg: unknown;
        try {
          msg = JSON.parse(text(data)) as unknown;
        } catch {
          send({ type: 'error', msg: 'Messages must be JSON objects like {"type":"heartbeat"}' });
          return;
        }
        const type = isObj(msg) ? msg['type'] : undefined;
        if (type === 'heartbeat') send({ type: 'heartbeat', time: clock.now() });
        else send({ type: 'error', msg: `Unknown message type ${JSON.stringify(type ?? null)}` });
      });
      ws.on('close', () => clock.clearTimeout(timer));
      ws.on('error', () => clock.clearTimeout(timer));
    },
  };
}
