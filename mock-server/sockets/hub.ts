/**
 * Websockets on the HTTP server's port: `upgrade` requests under the socket
 * base are handed to the handler for their path; anything else is refused
 * with a plain 404 and the socket is destroyed.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Clock } from '../../web/core/clock.ts';

export interface SocketContext {
  clock: Clock;
  log: (line: string) => void;
}

export interface SocketHandler {
  handle(ws: WebSocket, req: IncomingMessage): void;
}

export interface SocketHub {
  /** The server's `upgrade` listener. Never throws. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Terminate every open socket. */
  close(): Promise<void>;
}

/** Largest websocket message accepted (a heartbeat is a few bytes). */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

function refuse(socket: Duplex, status: string): void {
  try {
    if (socket.writable) socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  } finally {
    socket.destroy();
  }
}

/** `socketBase` is a path like "/socket/"; `handlers` maps a path below it (e.g. "duration") to its handler. */
export function createSocketHub(socketBase: string, handlers: Readonly<Record<string, SocketHandler>>, ctx: SocketContext): SocketHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_MESSAGE_BYTES, clientTracking: true });
  wss.on('error', (err) => ctx.log(`websocket server error: ${err.message}`));
  return {
    upgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      try {
        const pathname = new URL(req.url ?? '/', 'http://mock.invalid').pathname;
        const name = pathname.startsWith(socketBase) ? pathname.slice(socketBase.length).replace(/\/$/, '') : undefined;
        const handler = name !== undefined && Object.hasOwn(handlers, name) ? handlers[name] : undefined;
        if (!handler) {
          ctx.log(`websocket upgrade refused: ${pathname} (404)`);
          refuse(socket, '404 Not Found');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          ws.on('error', (err) => ctx.log(`websocket ${pathname} error: ${err.message}`));
          try {
            handler.handle(ws, req);
          } catch (err) {
            ctx.log(`websocket ${pathname} handler failed: ${err instanceof Error ? err.message : String(err)}`);
            ws.terminate();
          }
        });
      } catch (err) {
        ctx.log(`websocket upgrade failed: ${err instanceof Error ? err.message : String(err)}`);
        refuse(socket, '400 Bad Request');
      }
    },
    close() {
      for (const ws of wss.clients) ws.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
