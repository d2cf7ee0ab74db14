/**
 * Websockets in mock-server tests: a client with bounded waits for its next message and its close, and the ping
 * round trip that stands in for "everything the server had to send has arrived" (no sleeping).
 */
import WebSocket from 'ws';
import { within } from '../wait.ts';
import { REQUEST_LIMIT_MS } from './limits.ts';

/**
 * A ping answered by the peer's pong (`ws` answers pings itself): frames travel in order both ways, so
 * once the pong is here the server has handled every message this socket sent before the ping, and
 * every message the server sent before answering it has been delivered here. Resolves on close too.
 * This is how a test waits for "everything a clock advance made the server send" without sleeping.
 */
export function roundTrip(ws: WebSocket, limitMs = REQUEST_LIMIT_MS): Promise<void> {
  if (ws.readyState !== WebSocket.OPEN) return Promise.resolve();
  return within(
    new Promise<void>((resolve) => {
      const done = (): void => {
        ws.off('pong', done);
        ws.off('close', done);
        resolve();
      };
      ws.on('pong', done);
      ws.on('close', done);
      ws.ping();
    }),
    'a websocket pong',
    limitMs,
  );
}

/** A websocket client with bounded waits for its next message and its close. */
export interface TestSocket {
  ws: WebSocket;
  next(): Promise<unknown>;
  closed(): Promise<{ code: number; reason: string }>;
  /** Waits until everything sent before now, both ways, has arrived (see roundTrip). */
  sync(): Promise<void>;
  /** After a round trip (sync), the messages received and not yet taken by next(): [] when the server sent nothing more. */
  unread(): Promise<unknown[]>;
}

export function openSocket(port: number, urlPath: string, limitMs = REQUEST_LIMIT_MS): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${urlPath}`);
    const queue: unknown[] = [];
    const waiters: ((v: unknown) => void)[] = [];
    let closeInfo: { code: number; reason: string } | undefined;
    const closeWaiters: ((v: { code: number; reason: string }) => void)[] = [];
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as unknown;
      const w = waiters.shift();
      if (w) w(msg);
      else queue.push(msg);
    });
    ws.on('close', (code, reason) => {
      closeInfo = { code, reason: reason.toString('utf8') };
      for (const w of closeWaiters.splice(0)) w(closeInfo);
    });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`websocket ${urlPath} did not open within ${limitMs} ms`));
    }, limitMs);
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.on('open', () => {
      clearTimeout(timer);
      resolve({
        ws,
        next: () =>
          within(
            new Promise((res) => {
              const queued = queue.shift();
              if (queued !== undefined) res(queued);
              else waiters.push(res);
            }),
            `a message on ${urlPath}`,
            limitMs,
          ),
        closed: () =>
          within(
            new Promise((res) => {
              if (closeInfo) res(closeInfo);
              else closeWaiters.push(res);
            }),
            `${urlPath} to close`,
            limitMs,
          ),
        sync: () => roundTrip(ws, limitMs),
        unread: async () => {
          await roundTrip(ws, limitMs);
          return [...queue];
        },
      });
    });
  });
}

