/**
 * Slow clients (QA guide §7, the transport limits). Headers, whole requests and stalled bodies
 * have time limits and the number of connections a cap, all createApp
 * options; here they are small so raw sockets can show each one cutting a
 * connection in well under a second.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADER } from '../../web/api/contract.ts';
import {
  createApp,
  DEFAULT_BODY_IDLE_MS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from '../../mock-server/app.ts';
import { until } from '../wait.ts';
import { apiPath, rawRequest, startApp, type Started } from './helpers.ts';

let s: Started | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const c of sockets.splice(0)) c.destroy();
  await s?.close();
  s = undefined;
});

/** Every wait here ends by this, whatever the server does. */
const LIMIT_MS = 4_000;

interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Real ms from connecting until the server closed the connection; rejects after LIMIT_MS. */
  closed: Promise<number>;
}

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    sockets.push(socket);
    let data = '';
    const opened = Date.now();
    const closed = new Promise<number>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`the server kept the connection open for ${LIMIT_MS} ms`)), LIMIT_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        res(Date.now() - opened);
      });
    });
    closed.catch(() => undefined);
    socket.on('data', (c: Buffer) => (data += c.toString('utf8')));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/**
 * A client that keeps sending: `piece(i)` every `everyMs` of real time until the server closes the
 * connection (the pace is the scenario, not a wait); answers how long the server let it go on.
 */
function drip(c: RawConnection, piece: (i: number) => string, everyMs: number): Promise<number> {
  let i = 0;
  const timer = setInterval(() => {
    if (!c.socket.destroyed) c.socket.write(piece(i++));
  }, everyMs);
  return c.closed.finally(() => clearInterval(timer));
}

/** How many connections the server holds now. */
const connections = (started: Started): Promise<number> =>
  new Promise((resolve, reject) => started.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

describe('slow clients (QA guide §7 transport limits)', () => {
  it('defaults are 10 s for headers, 30 s for the request, 5 s keep-alive, 10 s body idle, 1024 connections', async () => {
    expect([DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_KEEP_ALIVE_TIMEOUT_MS, DEFAULT_BODY_IDLE_MS, DEFAULT_MAX_CONNECTIONS]).toEqual([
      10_000, 30_000, 5_000, 10_000, 1024,
    ]);
    s = await startApp();
    const { server } = s.app;
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.maxConnections]).toEqual([10_000, 30_000, 5_000, 1024]);
    expect(() => createApp({ distDir: null, headersTimeoutMs: 0 })).toThrow(/headersTimeoutMs must be a whole number of milliseconds ≥ 1, got 0/);
    expect(() => createApp({ distDir: null, headersTimeoutMs: 5000, requestTimeoutMs: 1000 })).toThrow(/must not exceed requestTimeoutMs/);
  });

  it('a client that stops sending mid-body is cut after the body idle timeout', async () => {
    s = await startApp({ bodyIdleTimeoutMs: 300, requestTimeoutMs: 20_000, headersTimeoutMs: 10_000 });
    const c = await connect(s.port);
    const path = apiPath('user/send_code');
    c.socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n${HEADER.mockSession}: slow\r\n\r\n`);
    c.socket.write(`{"mobile":"${'1'.repeat(1000)}`);
    const ms = await c.closed;
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2_000);
    expect(s.logs.some((l) => l.includes('connection closed: No request body data for 300 ms'))).toBe(true);
    // The server is fine afterwards.
    expect((await rawRequest(s.port, { path: '/__health' })).status).toBe(200);
  });

  it('the body idle timeout also guards the control API', async () => {
    s = await startApp({ bodyIdleTimeoutMs: 300 });
    const c = await connect(s.port);
    c.socket.write('POST /__mock/faults?session=qa HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Mock-Control: 1\r\nContent-Length: 5000\r\n\r\n{"status":');
    const ms = await c.closed;
    expect(ms).toBeLessThan(2_000);
  });

  it('a body that keeps coming, however slowly, is cut by the request timeout', async () => {
    s = await startApp({ bodyIdleTimeoutMs: 2_000, requestTimeoutMs: 600, headersTimeoutMs: 300 });
    const c = await connect(s.port);
    c.socket.write(`POST ${apiPath('user/send_code')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`);
    // A byte every 100 ms: never idle, never done. Bounded by the connection closing or LIMIT_MS.
    const ms = await drip(c, () => ' ', 100);
    expect(ms).toBeGreaterThanOrEqual(500);
    expect(ms).toBeLessThan(2_500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a client that sends its headers slowly is cut by the headers timeout', async () => {
    s = await startApp({ headersTimeoutMs: 300, requestTimeoutMs: 5_000 });
    const c = await connect(s.port);
    c.socket.write('GET /__health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // One header line every 100 ms, never the blank line that ends them.
    const ms = await drip(c, (i) => `X-Slow-${i}: ${i}\r\n`, 100);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2_000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('connections beyond maxConnections are closed at once, and logged', async () => {
    s = await startApp({ maxConnections: 2 });
    const a = await connect(s.port);
    const b = await connect(s.port);
    // The server counts a connection once it accepts it: an answer on each shows both are counted.
    for (const c of [a, b]) c.socket.write('GET /__health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => [a, b].every((c) => /^HTTP\/1\.1 200 /.test(c.received())), 'both connections answered', LIMIT_MS);
    const third = await connect(s.port);
    const ms = await third.closed;
    expect(ms).toBeLessThan(1_000);
    expect(third.received()).toBe('');
    expect(s.logs.some((l) => l.startsWith('connection refused: 2 connections are open (maxConnections)'))).toBe(true);
    expect(a.received()).toMatch(/^HTTP\/1\.1 200 /);
    a.socket.destroy();
    await a.closed;
    const started = s;
    await until(async () => (await connections(started)) === 1, 'the server to let the closed connection go', LIMIT_MS);
    // A freed slot takes a new connection.
    const fourth = await connect(s.port);
    fourth.socket.write('GET /__health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await fourth.closed;
    expect(fourth.received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});
