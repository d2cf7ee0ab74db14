/**
 * The HTTP server under the mock and its transport limits (mock-server/README.md "Rules the server enforces"),
 * all real time: without them a client that sends its headers or body slowly
 * holds a connection and its buffers for Node's defaults (60 s headers, 300 s
 * request, no connection cap).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { BODY_CODE } from '../../web/api/contract.ts';
import type { Clock } from '../../web/core/clock.ts';
import { BodyTimeoutError } from './body.ts';
import { sendJson } from './reply.ts';
import { redactPath } from '../sessions/redact.ts';

/** Headers are a few hundred bytes: ten seconds is plenty on any link. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** A 1 MiB body (the largest accepted) at 300 kbit/s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Node's own default: long enough for the app's back-to-back calls to reuse a connection. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Well above QA's parallel browsers, well below what exhausts memory (each may buffer a 1 MiB body). */
export const DEFAULT_MAX_CONNECTIONS = 1024;
/**
 * A quarter of DEFAULT_MAX_CONNECTIONS, so one client that holds connections open cannot refuse everyone else
 * (decision 0024); a browser holds some ten, a parallel e2e run from the same loopback address a few dozen.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

export interface TransportLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
}

function positive(name: string, value: number, unit = ' of milliseconds'): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number${unit} ≥ 1, got ${value}`);
  return value;
}

/** The limits given (createApp options), defaulted and checked; throws RangeError naming a bad one. */
export function transportLimits(given: Partial<TransportLimits>): TransportLimits {
  const headersTimeoutMs = positive('headersTimeoutMs', given.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeoutMs = positive('requestTimeoutMs', given.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  if (headersTimeoutMs > requestTimeoutMs) throw new RangeError(`headersTimeoutMs (${headersTimeoutMs}) must not exceed requestTimeoutMs (${requestTimeoutMs})`);
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: positive('keepAliveTimeoutMs', given.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS),
    maxConnections: positive('maxConnections', given.maxConnections ?? DEFAULT_MAX_CONNECTIONS, ''),
    maxConnectionsPerAddress: positive('maxConnectionsPerAddress', given.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, ''),
  };
}

export interface ServerLogs {
  clock: Clock;
  log: (line: string) => void;
  /** Refused connections. */
  warn: (line: string) => void;
}

/** A server running `handle` for every request; a handler that throws answers 500 (or drops a half-sent answer). */
export function createHttpServer(limits: TransportLimits, handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>, o: ServerLogs): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default, longer than the timeouts themselves).
      connectionsCheckingInterval: Math.min(1000, Math.max(25, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        if (err instanceof BodyTimeoutError) {
          o.log(`${req.method ?? '?'} ${redactPath((req.url ?? '').slice(0, 200))} → connection closed: ${err.message}`);
          return;
        }
        o.log(`internal error on ${req.method ?? '?'} ${redactPath((req.url ?? '').slice(0, 200))}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendJson(res, 500, { code: BODY_CODE.serverError, msg: `Mock server error: ${err instanceof Error ? err.message : String(err)}`, data: null });
      });
    },
  );
  server.maxConnections = limits.maxConnections;
  limitPerAddress(server, limits.maxConnectionsPerAddress, o);
  // One line a second at most: a flood of refused connections must not become a flood of lines.
  let dropped = 0;
  let dropLogged = 0;
  server.on('drop', () => {
    dropped++;
    if (o.clock.now() - dropLogged < 1000) return;
    dropLogged = o.clock.now();
    o.warn(`connection refused: ${limits.maxConnections} connections are open (maxConnections); ${dropped} refused so far`);
  });
  return server;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
const clientOf = (socket: Socket): string => (socket.remoteAddress ?? '?').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * Close at once each connection past `max` from one address (decision 0024), before the HTTP parser reads a byte
 * of it: a client trickling requests on hundreds of connections is refused its surplus, not the server's last
 * slots. What it holds is still timed out by headersTimeout, which also covers a connection that sends nothing.
 */
function limitPerAddress(server: Server, max: number, o: ServerLogs): void {
  const open = new Map<string, number>();
  let refused = 0;
  let refusedLogged = -Infinity;
  server.prependListener('connection', (socket: Socket) => {
    const client = clientOf(socket);
    const count = open.get(client) ?? 0;
    if (count >= max) {
      socket.destroy();
      refused++;
      // One line a second at most, as for maxConnections.
      if (o.clock.now() - refusedLogged >= 1000) {
        refusedLogged = o.clock.now();
        o.warn(`connection refused: ${client} has ${count} connections open (maxConnectionsPerAddress ${max}); ${refused} refused so far`);
      }
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}
