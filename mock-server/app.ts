/**
 * The mock cloud, built from what it is given (fixtures, clock, dist, config)
 * and nothing else: no environment, no argv, no listening until asked. Tests
 * start it in-process on port 0; `main.ts` is the CLI around it.
 *
 * One origin serves everything:
 * - `GET /__health`              → `{ok: true}`
 * - `<apiBase>…`, `<gameApiBase>…` → the API (routes/), in the `{code, msg, data}` envelope
 * - `<socketBase>…` upgrades      → websockets (sockets/)
 * - `/__mock/…`                   → the QA control API (scenarios/control.ts)
 * - `/__db/…`                     → the session's users through json-server (db.ts)
 * - `/mock-media/…`               → generated game images and the trailer (media.ts)
 * - `/mock-pay/…`                 → the mock payment page of h5_pay orders (pay-page.ts)
 * - anything else                → the app build in `distDir` (static.ts)
 *
 * Every API request and socket belongs to a mock session (X-Mock-Session,
 * or `mock_session` on a socket URL; "default" without one) with its own
 * store, clock, script, faults, journal and sockets (scenarios/session.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BODY_CODE,
  DEFAULT_RUNTIME_CONFIG,
  GAME_CLIENT,
  HEADER,
  type ApiEnvelope,
  type RuntimeConfig,
  SOCKET_PATH,
} from '../web/api/contract.ts';
import { systemClock, type Clock } from '../web/core/clock.ts';
import { ApiError, badRequest } from './http/envelope.ts';
import { loadFixtures, type Fixtures } from './fixtures/index.ts';
import {
  BodyTimeoutError,
  DEFAULT_BODY_IDLE_MS,
  discardRest,
  header,
  parseBody,
  parsePathPairs,
  readBody,
  requestInput,
  verifySignature,
} from './http/request.ts';
import { createRouter } from './routes/index.ts';
import type { RouteContext } from './routes/route.ts';
import { createControlApi, CONTROL_PREFIX } from './scenarios/control.ts';
import { faultKind, type TakenFault } from './scenarios/faults.ts';
import { DEFAULT_SCENARIO, loadScenarios, SCENARIOS_SUBDIR, type ScenarioRegistry } from './scenarios/index.ts';
import type { JournalInput } from './sessions/journal.ts';
import { createSessionRegistry, DEFAULT_SESSION, MAX_SESSIONS, SessionLimitError, SessionNameError, type SessionRegistry } from './sessions/registry.ts';
import { type MockSession } from './sessions/session.ts';
import { createDbApi, DB_PREFIX } from './sessions/db.ts';
import { MEDIA_DIR_NAME } from './fixtures/content.ts';
import { MEDIA_PREFIX, serveMedia } from './content/media.ts';
import { PAY_PAGE_PREFIX, servePayPage } from './content/pay-page.ts';
import { createDurationSocket } from './sockets/duration.ts';
import { createSocketHub } from './sockets/hub.ts';
import { createStreamSocket } from './sockets/stream.ts';
import { serveStatic } from './http/static.ts';
import { createStore, type Store } from './sessions/store.ts';
import { FieldError, isObj } from './validate.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_FIXTURES_DIR = path.join(REPO_ROOT, 'fixtures');
export const DEFAULT_DIST_DIR = path.join(REPO_ROOT, 'dist');
export const HEALTH_PATH = '/__health';

export interface MockAppOptions {
  /** Directory of the fixture JSON files (default `<repo>/fixtures`). */
  fixturesDir?: string;
  /** The app build to serve; null serves no static files (default `<repo>/dist`). */
  distDir?: string | null;
  /** The server clock: token expiry, SMS resend, socket timeouts, latency (default: system clock). */
  clock?: Clock;
  /** Delay added before every API answer, on `clock` (default 0). */
  latencyMs?: number;
  /** Where request and error lines go (default: nowhere). */
  log?: (line: string) => void;
  /** Where lines about lost state or refused clients go (session evictions, refusals, dropped connections); default `log`. */
  warn?: (line: string) => void;
  /** Where the API, game API and sockets are mounted; also served as `/config.json` when given. */
  runtimeConfig?: RuntimeConfig;
  /** A scenario applied to the "default" session (default "default"); an unknown name throws UnknownScenarioError. */
  scenario?: string;
  /** Directory of the scenario files (default `<fixturesDir>/scenarios`); a bad file throws ScenarioFileError. */
  scenariosDir?: string;
  /** Stream games as WebRTC video (default true); false keeps the socket transport unless a scenario asks for video. */
  video?: boolean;
  /** Real time for the game loop and the video (default: system clock, whatever `clock` is). */
  frameClock?: Clock;
  /** No input this long while streaming sends 45001 (default DEFAULT_IDLE_AFTER_MS; 0 never). */
  idleAfterMs?: number;
  /** Mock sessions kept at once, "default" included (default MAX_SESSIONS; `--max-sessions`). */
  maxSessions?: number;
  /** Estimated bytes one session's journal may hold (default JOURNAL_SESSION_BYTES). */
  journalSessionBytes?: number;
  /** Estimated bytes all journals together may hold (default JOURNAL_TOTAL_BYTES). */
  journalTotalBytes?: number;
  /** A client must send all request headers within this, ms (default DEFAULT_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number;
  /** A client must send the whole request within this, ms (default DEFAULT_REQUEST_TIMEOUT_MS); not the time to answer. */
  requestTimeoutMs?: number;
  /** An idle keep-alive connection is closed after this, ms (default DEFAULT_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs?: number;
  /** A request body that stops arriving for this long is cut, ms (default DEFAULT_BODY_IDLE_MS). */
  bodyIdleTimeoutMs?: number;
  /** Open connections (websockets included) accepted at once; more are closed at once (default DEFAULT_MAX_CONNECTIONS). */
  maxConnections?: number;
}

/** Idleness a real cloud would act on: ten minutes without any input. */
export const DEFAULT_IDLE_AFTER_MS = 10 * 60_000;

/*
 * Transport limits (issue 14 part 3), all real time: without them a client
 * that sends its headers or body slowly holds a connection and its buffers
 * for Node's defaults (60 s headers, 300 s request, no connection cap).
 */
/** Headers are a few hundred bytes: ten seconds is plenty on any link. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** A 1 MiB body (the largest accepted) at 300 kbit/s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Node's own default: long enough for the app's back-to-back calls to reuse a connection. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Well above QA's parallel browsers, well below what exhausts memory (each may buffer a 1 MiB body). */
export const DEFAULT_MAX_CONNECTIONS = 1024;
export { DEFAULT_BODY_IDLE_MS, MAX_SESSIONS };

function positive(name: string, value: number, unit = ' of milliseconds'): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number${unit} ≥ 1, got ${value}`);
  return value;
}

export interface MockApp {
  server: Server;
  listen(port: number, host?: string): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
  /** The "default" session's state (users, tokens, SMS sends), for tests and QA tooling. */
  readonly store: Store;
  fixtures: Fixtures;
  /** The app's clock; each session follows it until switched to virtual time. */
  clock: Clock;
  /** The scenario applied to the "default" session at start. */
  scenario: string;
  /** Every mock session; `sessions.get(name)` creates one on first use. */
  sessions: SessionRegistry;
  /** The named scenarios (built-in "default" and the files). */
  scenarios: ScenarioRegistry;
}

/** The path part of a base that may be absolute ("https://api.example.com/v1/") or relative ("/api/"), with a trailing slash. */
export function mountPath(base: string): string {
  const pathname = new URL(base, 'http://mock.invalid').pathname;
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/** `http://host:port` for printing; wildcard hosts print as localhost. */
export function displayUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  sendText(res, status, JSON.stringify(body), extra);
}

function sendText(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
  const text = Buffer.from(body, 'utf8');
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(text.length),
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(text);
}

function isEnvelope(value: unknown): value is ApiEnvelope {
  return isObj(value) && typeof value['code'] === 'number' && typeof value['msg'] === 'string';
}

/** The envelope a fault's JSON body is, if it is one (for the journal's code and msg). */
function envelopeOf(text: string): ApiEnvelope | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return isEnvelope(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createApp(options: MockAppOptions = {}): MockApp {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((): void => undefined);
  const warn = options.warn ?? log;
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new RangeError(`latencyMs must be a number ≥ 0, got ${latencyMs}`);
  const runtimeConfig = options.runtimeConfig ?? DEFAULT_RUNTIME_CONFIG;
  const distDir = options.distDir === null ? null : path.resolve(options.distDir ?? DEFAULT_DIST_DIR);

  const fixturesDir = path.resolve(options.fixturesDir ?? DEFAULT_FIXTURES_DIR);
  const fixtures = loadFixtures(fixturesDir);
  const scenarios = loadScenarios(path.resolve(options.scenariosDir ?? path.join(fixturesDir, SCENARIOS_SUBDIR)));
  const scenario = scenarios.require(options.scenario ?? DEFAULT_SCENARIO);
  const headersTimeoutMs = positive('headersTimeoutMs', options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeoutMs = positive('requestTimeoutMs', options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  if (headersTimeoutMs > requestTimeoutMs) throw new RangeError(`headersTimeoutMs (${headersTimeoutMs}) must not exceed requestTimeoutMs (${requestTimeoutMs})`);
  const keepAliveTimeoutMs = positive('keepAliveTimeoutMs', options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS);
  const bodyIdleMs = positive('bodyIdleTimeoutMs', options.bodyIdleTimeoutMs ?? DEFAULT_BODY_IDLE_MS);
  const maxConnections = positive('maxConnections', options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, '');

  const sessions = createSessionRegistry(clock, (sessionClock) => createStore(fixtures, sessionClock), {
    log: warn,
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.journalSessionBytes !== undefined ? { journalSessionBytes: options.journalSessionBytes } : {}),
    ...(options.journalTotalBytes !== undefined ? { journalTotalBytes: options.journalTotalBytes } : {}),
  });
  sessions.get(DEFAULT_SESSION).apply(scenario);
  const findRoute = createRouter();
  const apiBase = mountPath(runtimeConfig.apiBase);
  const gameBase = mountPath(runtimeConfig.gameApiBase);
  const socketBase = mountPath(runtimeConfig.socketBase);
  const hub = createSocketHub(
    socketBase,
    {
      [SOCKET_PATH.duration]: createDurationSocket({ clock, log, fixtures }),
      [SOCKET_PATH.stream]: createStreamSocket({
        clock,
        log,
        fixtures,
        video: options.video ?? true,
        frameClock: options.frameClock ?? systemClock,
        idleAfterMs: options.idleAfterMs ?? DEFAULT_IDLE_AFTER_MS,
      }),
    },
    { clock, log, sessionFor: (name) => sessions.get(name) },
  );
  const control = createControlApi({ sessions, scenarios, fixtures, log, bodyIdleMs });
  const db = createDbApi({ sessions, log, bodyIdleMs });

  /** Network latency (--latency) is on the app clock: it models the wire, not the session's time. */
  const wait = (ms: number): Promise<void> => new Promise((resolve) => clock.setTimeout(resolve, ms));

  async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams): Promise<void> {
    const started = Date.now();
    const method = req.method ?? 'GET';
    let session: MockSession | undefined;
    let fault: TakenFault | undefined;
    const journal: JournalInput = { kind: 'http', method, path: (req.url ?? pathname).slice(0, 512) };

    const answer = (status: number, body: ApiEnvelope, extra: Record<string, string> = {}): void => {
      let text = JSON.stringify(body);
      if (fault?.malformed) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      sendText(res, status, text, extra);
      session?.journal.add({ ...journal, status, code: body.code, msg: body.msg });
      log(`${method} ${(req.url ?? '').slice(0, 200)} → ${status} ${body.code} ${body.msg}${fault ? ` [fault ${faultKind(fault)}]` : ''} (${Date.now() - started} ms)`);
    };
    const delayed = async (status: number, body: ApiEnvelope, extra: Record<string, string> = {}): Promise<void> => {
      if (latencyMs > 0) await wait(latencyMs);
      answer(status, body, extra);
    };

    try {
      session = sessions.get(header(req, HEADER.mockSession));
    } catch (err) {
      if (err instanceof SessionLimitError) {
        discardRest(req);
        await delayed(503, { code: BODY_CODE.serverError, msg: err.message, data: null });
        return;
      }
      if (!(err instanceof SessionNameError)) throw err;
      discardRest(req);
      await delayed(200, { code: BODY_CODE.badRequest, msg: err.message, data: null });
      return;
    }

    // The game base is checked first: it may sit inside the API base ("/api/game/" in "/api/").
    const game = pathname.startsWith(gameBase);
    const apiPath = pathname.slice((game ? gameBase : apiBase).length);

    fault = session.faults.take(method, apiPath, pathname);
    if (fault) {
      journal.fault = faultKind(fault);
      if (fault.delayMs !== undefined && fault.delayMs > 0) await session.wait(fault.delayMs);
      if (fault.drop) {
        session.journal.add({ ...journal, status: 0 });
        log(`${method} ${(req.url ?? '').slice(0, 200)} → dropped [fault ${faultKind(fault)}]`);
        req.socket.destroy();
        return;
      }
      if (fault.status !== undefined || fault.body !== undefined) {
        discardRest(req);
        if (latencyMs > 0) await wait(latencyMs);
        const status = fault.status ?? 200;
        const body = fault.body ?? {
          text: JSON.stringify({ code: status >= 500 ? BODY_CODE.serverError : BODY_CODE.failed, msg: `Mock fault: HTTP ${status}`, data: null }),
          json: true,
        };
        let text = body.text;
        if (fault.malformed) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
        const type = body.json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
        sendText(res, status, text, { 'content-type': type });
        const envelope = body.json ? envelopeOf(body.text) : undefined;
        session.journal.add({ ...journal, status, code: envelope?.code, msg: envelope?.msg });
        log(`${method} ${(req.url ?? '').slice(0, 200)} → ${status} [fault ${faultKind(fault)}]`);
        return;
      }
    }

    const match = findRoute(apiPath);
    if (!match) {
      discardRest(req);
      await delayed(404, { code: BODY_CODE.notFound, msg: `Unknown API path "${pathname}"`, data: null });
      return;
    }
    const { route, rest } = match;
    if (req.method !== route.method) {
      discardRest(req);
      await delayed(
        405,
        { code: BODY_CODE.methodNotAllowed, msg: `Method ${req.method ?? ''} is not allowed for ${route.path}; use ${route.method}`, data: null },
        { allow: route.method },
      );
      return;
    }

    try {
      const body = await readBody(req, undefined, bodyIdleMs);
      if (!body.ok) {
        // Answer at once and let the upload drain (bounded) so the client can read this.
        answer(413, { code: BODY_CODE.tooLarge, msg: 'Request body is larger than 1 MiB', data: null });
        discardRest(req);
        return;
      }
      verifySignature(req, body.text);
      // Only a signed body is journalled: anyone can send unsigned ones, as fast as they like.
      journal.bodyText = body.text;
      if (game) {
        const client = header(req, HEADER.gameClient);
        if (client === undefined) throw badRequest(`Missing header "${HEADER.gameClient}" (required on game calls)`);
        if (client !== GAME_CLIENT) throw badRequest(`Invalid header "${HEADER.gameClient}": expected "${GAME_CLIENT}", got "${client}"`);
      }
      const input = requestInput(parsePathPairs(rest), query, parseBody(header(req, 'content-type'), body.text));
      const ctx: RouteContext = {
        clock: session.clock,
        store: session.store,
        session,
        fixtures,
        headers: req.headers,
        token: header(req, HEADER.token),
        game,
      };
      const envelope = route.handle(input, ctx);
      await delayed(200, envelope);
    } catch (err) {
      if (err instanceof BodyTimeoutError) {
        log(`${method} ${(req.url ?? '').slice(0, 200)} → connection closed: ${err.message}`);
        return;
      }
      if (err instanceof ApiError) {
        await delayed(err.status, { code: err.code, msg: err.message, data: err.data });
      } else if (err instanceof FieldError) {
        await delayed(200, { code: BODY_CODE.badRequest, msg: err.message, data: null });
      } else {
        throw err;
      }
    }
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));

    if (pathname === HEALTH_PATH) {
      sendJson(res, 200, { ok: true });
      return;
    }
    if (pathname.startsWith(gameBase) || pathname.startsWith(apiBase)) {
      await handleApi(req, res, pathname, query);
      return;
    }
    if (pathname.startsWith(CONTROL_PREFIX)) {
      await control(req, res, pathname, query);
      return;
    }
    if (pathname === DB_PREFIX.slice(0, -1) || pathname.startsWith(DB_PREFIX)) {
      await db(req, res, pathname, query);
      return;
    }
    if (pathname.startsWith(MEDIA_PREFIX)) {
      await serveMedia(req, res, pathname, { mediaDir: path.join(fixturesDir, MEDIA_DIR_NAME), fixtures });
      return;
    }
    if (pathname.startsWith(PAY_PAGE_PREFIX)) {
      await servePayPage(req, res, pathname, query, { fixtures, sessionFor: (name) => sessions.get(name), bodyIdleMs });
      return;
    }
    // Given a runtime config, the app must talk to the mounts the server really uses, whatever the build wrote.
    if (pathname === '/config.json' && options.runtimeConfig !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, 200, runtimeConfig, { 'cache-control': 'no-cache' });
      return;
    }
    await serveStatic(req, res, pathname, { distDir });
  }

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default, longer than the timeouts themselves).
      connectionsCheckingInterval: Math.min(1000, Math.max(25, Math.floor(headersTimeoutMs / 4))),
    },
    (req, res) => handle(req, res),
  );
  server.maxConnections = maxConnections;
  // One line a second at most: a flood of refused connections must not become a flood of lines.
  let dropped = 0;
  let dropLogged = 0;
  server.on('drop', () => {
    dropped++;
    if (clock.now() - dropLogged < 1000) return;
    dropLogged = clock.now();
    warn(`connection refused: ${maxConnections} connections are open (maxConnections); ${dropped} refused so far`);
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    onRequest(req, res).catch((err: unknown) => {
      if (err instanceof BodyTimeoutError) {
        log(`${req.method ?? '?'} ${(req.url ?? '').slice(0, 200)} → connection closed: ${err.message}`);
        return;
      }
      log(`internal error on ${req.method ?? '?'} ${req.url ?? ''}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(res, 500, { code: BODY_CODE.serverError, msg: `Mock server error: ${errorMessage(err)}`, data: null });
    });
  }
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => hub.upgrade(req, socket, head));

  let closing: Promise<void> | undefined;

  return {
    server,
    get store() {
      return sessions.get(DEFAULT_SESSION).store;
    },
    fixtures,
    clock,
    scenario: scenario.name,
    sessions,
    scenarios,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const onError = (err: Error): void => {
          server.off('listening', onListening);
          reject(err);
        };
        const onListening = (): void => {
          server.off('error', onError);
          server.on('error', (err) => log(`server error: ${err.message}`));
          const address = server.address() as AddressInfo;
          resolve({ port: address.port, url: displayUrl(host, address.port) });
        };
        server.once('error', onError);
        server.once('listening', onListening);
        server.listen(port, host);
      });
    },
    close() {
      closing ??= (async () => {
        sessions.close();
        await hub.close();
        if (!server.listening) return;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
