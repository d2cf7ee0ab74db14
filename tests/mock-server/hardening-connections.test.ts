/**
 * One client cannot take every connection (decision 0024, QA guide §7 transport limits): past
 * maxConnectionsPerAddress its surplus is closed at once, while the connections it holds and every
 * other client keep working. A small limit here; the default leaves a browser and a parallel e2e run
 * on the same loopback address far below it.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from '../../mock-server/app.ts';
import { until } from '../wait.ts';
import { WebSocket } from 'ws';
import { rawRequest, startApp, type Started } from './helpers.ts';

let s: Started | undefined;
const sockets: net.Socket[] = [];
const opened: WebSocket[] = [];
afterEach(async () => {
  for (const c of sockets.splice(0)) c.destroy();
  for (const ws of opened.splice(0)) ws.terminate();
  await s?.close();
  s = undefined;
});

const LIMIT_MS = 4_000;

interface Held {
  socket: net.Socket;
  /** Real ms from connecting until the server closed it; rejects after LIMIT_MS. */
  closed: Promise<number>;
}

/** A connection from `localAddress` that sends nothing (or a request line and no end of headers: a trickle). */
function hold(port: number, localAddress = '127.0.0.1', first = ''): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    sockets.push(socket);
    const opened = Date.now();
    const closed = new Promise<number>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`the server kept the connection open for ${LIMIT_MS} ms`)), LIMIT_MS);
      socket.once('close', () => {
        clearTimeout(timer);
        res(Date.now() - opened);
      });
    });
    closed.catch(() => undefined);
    socket.on('error', () => undefined);
    // Read (and drop) what comes, or the server's close is never seen.
    socket.resume();
    socket.once('connect', () => {
      if (first) socket.write(first);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

const connections = (started: Started): Promise<number> =>
  new Promise((resolve, reject) => started.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

describe('connections per client address (decision 0024)', () => {
  it(`defaults to ${DEFAULT_MAX_CONNECTIONS_PER_ADDRESS}, a quarter of the ${DEFAULT_MAX_CONNECTIONS} overall; a bad value throws`, async () => {
    expect(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS).toBe(256);
    expect(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS * 4).toBe(DEFAULT_MAX_CONNECTIONS);
    expect(() => createApp({ distDir: null, maxConnectionsPerAddress: 0 })).toThrow(/maxConnectionsPerAddress must be a whole number ≥ 1, got 0/);
    // A browser's worth of parallel requests at once is far below it.
    s = await startApp();
    const started = s;
    const answers = await Promise.all(Array.from({ length: 40 }, () => rawRequest(started.port, { path: '/__health' })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('a client trickling on more connections than allowed has its surplus closed at once; others are served', async () => {
    s = await startApp({ maxConnectionsPerAddress: 4, headersTimeoutMs: 2_000, requestTimeoutMs: 5_000 });
    const started = s;
    // Four connections that never finish their headers, as a slowloris client keeps them.
    const held = await Promise.all(Array.from({ length: 4 }, () => hold(started.port, '127.0.0.1', 'GET /__health HTTP/1.1\r\nX-Slow: 1\r\n')));
    await until(async () => (await connections(started)) === 4, 'the server to count the four held connections', LIMIT_MS);
    const surplus = await Promise.all(Array.from({ length: 3 }, () => hold(started.port)));
    for (const c of surplus) expect(await c.closed).toBeLessThan(1_000);
    expect(started.logs.some((l) => l.startsWith('connection refused: 127.0.0.1 has 4 connections open (maxConnectionsPerAddress 4); '))).toBe(true);
    expect(started.logs.filter((l) => l.includes('maxConnectionsPerAddress')).length).toBe(1);

    // Another address (loopback has them all) is served, a websocket included.
    expect((await rawRequest(started.port, { path: '/__health', localAddress: '127.0.0.2' })).status).toBe(200);
    const ws = new WebSocket(`ws://127.0.0.1:${started.port}/__health`, { localAddress: '127.0.0.3' });
    ws.on('error', () => undefined);
    opened.push(ws);
    // The upgrade reaches the server (and is refused there: no socket lives at /__health), not cut at connect.
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).not.toBe(0);

    // The held ones are still the server's to time out (headersTimeoutMs); once one goes, the client may connect again.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    // The server counts the close when its side ends, which may trail the client's: until then a new one is refused.
    const health = (): Promise<number> => rawRequest(started.port, { path: '/__health' }).then((r) => r.status, () => 0);
    await until(async () => (await health()) === 200, 'a new connection from the client to be served', LIMIT_MS);
  });

  it('a connection that sends nothing is cut by the headers timeout, freeing its place', async () => {
    s = await startApp({ maxConnectionsPerAddress: 1, headersTimeoutMs: 300, requestTimeoutMs: 5_000 });
    const idle = await hold(s.port);
    const ms = await idle.closed;
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2_000);
    const started = s;
    const health = (): Promise<number> => rawRequest(started.port, { path: '/__health' }).then((r) => r.status, () => 0);
    await until(async () => (await health()) === 200, 'a new connection to be served', LIMIT_MS);
  });
});
