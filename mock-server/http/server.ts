/**
 * The HTTP server under the mock and its transport limits (mock-server/README.md "Rules the server enforces"),
 * all real time: without them a client that sends its headers or body slowly
 * holds a connection and its buffers for Node's defaults (60 s headers, 300 s
 * request, no connection cap).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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

export interface TransportLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
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
