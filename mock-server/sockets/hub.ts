/**
 * Websockets on the HTTP server's port: `upgrade` requests under the socket
 * base are handed to the handler for their path; anything else is refused
 * with a plain 404 and the socket is destroyed.
 *
 * Every socket belongs to a mock session (the `mock_session` query of the
 * upgrade URL, else the X-Mock-Session header, else "default"): the hub
 * registers it in `session.sockets` under its path ("duration", "stream"),
 * journals its open, messages both ways and close, and hands the session to
 * the handler. Handlers keep their timers on `session.clock`.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { HEADER } from '../../web/api/contract.ts';
import { SessionLimitError, SessionNameError } from '../sessions/registry.ts';
import { type MockSession } from '../sessions/session.ts';
import { recordClosed, recordSent, trackReceived, trackSocket } from '../sessions/recorder.ts';
import { NOT_RECORDED, replaySlot } from '../sessions/replay.ts';
import { messageText, type SocketContext, type SocketHandler } from './handler.ts';
import { replaySocket } from './replay-socket.ts';

/** The query parameter of an upgrade URL naming the mock session (the app forwards its `?mock_session=`). */
export const MOCK_SESSION_QUERY = 'mock_session';

function sentText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  return String(data);
}

/**
 * ws answers a client's close frame by calling the socket's own close() with the same code: that echo is the
 * client's close, not the server's. ws (8.x) marks it only in a private field, set just before the call.
 */
const echoesClientClose = (ws: WebSocket): boolean => (ws as unknown as { _closeFrameReceived?: boolean })._closeFrameReceived === true;

/** Journal every frame the server sends on `ws` and record it and the server's close of `ws` (wraps send, close and terminate). */
function journalSends(ws: WebSocket, session: MockSession, path: string): void {
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  const close = ws.close.bind(ws);
  const terminate = ws.terminate.bind(ws);
  Object.assign(ws, {
    close(code?: number, reason?: string | Buffer): void {
      if (ws.readyState === ws.OPEN && !echoesClientClose(ws)) recordClosed(session, ws, code ?? 1005, reason === undefined ? '' : String(reason));
      close(code, reason);
    },
    terminate(): void {
      if (ws.readyState === ws.OPEN) recordClosed(session, ws, 1006);
      terminate();
    },
    send(...args: unknown[]): void {
      const text = sentText(args[0]);
      session.journal.add({ kind: 'ws-out', path, bodyText: text });
      recordSent(session, ws, text);
      send(...args);
    },
  });
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

/**
 * `socketBase` is a path like "/socket/"; `handlers` maps a path below it (e.g. "duration") to its handler;
 * `sessionFor` finds (or creates) a session by name, throwing SessionNameError for a bad one.
 */
export function createSocketHub(
  socketBase: string,
  handlers: Readonly<Record<string, SocketHandler>>,
  ctx: SocketContext & { sessionFor: (name: string | undefined) => MockSession },
): SocketHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_MESSAGE_BYTES, clientTracking: true });
  wss.on('error', (err) => ctx.log(`websocket server error: ${err.message}`));
  return {
    upgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      try {
        const url = new URL(req.url ?? '/', 'http://mock.invalid');
        const pathname = url.pathname;
        const name = pathname.startsWith(socketBase) ? pathname.slice(socketBase.length).replace(/\/$/, '') : undefined;
        const handler = name !== undefined && Object.hasOwn(handlers, name) ? handlers[name] : undefined;
        if (!handler || name === undefined) {
          ctx.log(`websocket upgrade refused: ${pathname} (404)`);
          refuse(socket, '404 Not Found');
          return;
        }
        const headerValue = req.headers[HEADER.mockSession];
        const sessionName = url.searchParams.get(MOCK_SESSION_QUERY) ?? (Array.isArray(headerValue) ? headerValue[0] : headerValue);
        let session: MockSession;
        try {
          session = ctx.sessionFor(sessionName);
        } catch (err) {
          if (err instanceof SessionLimitError) {
            ctx.log(`websocket upgrade refused: ${err.message} (503)`);
            refuse(socket, '503 Service Unavailable');
            return;
          }
          if (!(err instanceof SessionNameError)) throw err;
          ctx.log(`websocket upgrade refused: ${err.message} (400)`);
          refuse(socket, '400 Bad Request');
          return;
        }
        const shownPath = (req.url ?? pathname).slice(0, 512);
        wss.handleUpgrade(req, socket, head, (ws) => {
          ws.on('error', (err) => ctx.log(`websocket ${pathname} error: ${err.message}`));
          session.sockets.add(name, ws);
          // A session replaying a recording plays its next connection of this kind instead of the live handler.
          const replayed = session.slot(replaySlot).connect(name);
          const replay = replayed === undefined ? undefined : replayed === NOT_RECORDED ? NOT_RECORDED : 'recorded';
          session.journal.add({ kind: 'ws-open', path: shownPath, ...(replay ? { replay } : {}) });
          trackSocket(session, name, ws);
          // Registered before the handler's own listener, so a message is journalled before its answer.
          ws.on('message', (data) => {
            trackReceived(ws);
            session.journal.add({ kind: 'ws-in', path: name, bodyText: messageText(data) });
          });
          ws.on('close', (code, reason) => session.journal.add({ kind: 'ws-close', path: name, code, msg: reason.toString('utf8') }));
          journalSends(ws, session, name);
          try {
            (typeof replayed === 'object' ? replaySocket(replayed) : handler).handle(ws, req, session);
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
