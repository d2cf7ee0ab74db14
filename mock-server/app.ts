/**
 * The mock cloud, built from what it is given (fixtures, clock, dist, config)
 * and nothing else: no environment, no argv, no listening until asked. Tests
 * start it in-process on port 0; `main.ts` is the CLI around it.
 *
 * One origin serves everything (`route` below is the whole plan):
 * - `GET /__health`              → `{ok: true}`
 * - `<apiBase>…`, `<gameApiBase>…` → the API pipeline (http/api.ts → routes/), in the `{code, msg, data}` envelope
 * - `<socketBase>…` upgrades      → websockets (sockets/), from allowed origins only (http/cors.ts)
 * - `/__mock/…`                   → the QA control API (scenarios/control.ts); `/__mock/` itself and
 *                                   `/__mock/assets/` the QA console, `/__mock/feed` its live websocket (console/)
 * - `/__db/…`                     → the session's users through json-server (sessions/db.ts)
 *   (the API and these two answer CORS preflights and mark answers for allowed origins: http/cors.ts)
 * - `/mock-media/…`               → generated game images and the trailer (content/media.ts)
 * - `/mock-pay/…`                 → the mock payment page of h5_pay orders (content/pay-page.ts)
 * - anything else                → the app build in `distDir` (http/static.ts)
 *
 * Every API request and socket belongs to a mock session (X-Mock-Session,
 * or `mock_session` on a socket URL; "default" without one) with its own
 * store, clock, script, faults, journal and sockets (sessions/).
 */
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig, SOCKET_PATH } from '../web/api/contract.ts';
import { systemClock, type Clock } from '../web/core/clock.ts';
import { createMediaHandler, MEDIA_PREFIX } from './content/media.ts';
import { PAY_PAGE_PREFIX, servePayPage } from './content/pay-page.ts';
import { loadFixtures, MEDIA_DIR_NAME, type Fixtures } from './fixtures/index.ts';
import { createApiHandler } from './http/api.ts';
import { DEFAULT_BODY_IDLE_MS, discardRest } from './http/body.ts';
import { controlRefusal, createHostPolicy } from './http/control-guard.ts';
import { corsStep, createOriginPolicy, refuseUpgrade, upgradeRefusal } from './http/cors.ts';
import { sendJson } from './http/reply.ts';
import { createHttpServer, transportLimits } from './http/server.ts';
import { createStaticHandler } from './http/static.ts';
import { createRouter } from './routes/index.ts';
import { createConsoleFeed } from './console/feed.ts';
import { createConsolePage, isConsolePath } from './console/page.ts';
import { FEED_PATH } from './client/feed.ts';
import { createControlApi, CONTROL_PREFIX } from './scenarios/control.ts';
import { DEFAULT_SCENARIO, loadScenarios, SCENARIOS_SUBDIR, type ScenarioRegistry } from './scenarios/index.ts';
import { createDbApi, DB_PREFIX } from './sessions/db.ts';
import { createSessionRegistry, DEFAULT_SESSION, type SessionRegistry } from './sessions/registry.ts';
import { createStore, type Store } from './sessions/store.ts';
import { createDurationSocket } from './sockets/duration.ts';
import { createSocketHub } from './sockets/hub.ts';
import { createStreamSocket } from './sockets/stream.ts';

export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from './http/server.ts';
export { DEFAULT_BODY_IDLE_MS };

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
  /**
   * Host names besides loopback and the listen address that may use `/__mock/` and `/__db/` (`--allow-host`);
   * anything else is refused (DNS rebinding, issue 14 part 2).
   */
  allowedHosts?: readonly string[];
  /**
   * Origins besides loopback ones and the server's own whose pages may call the API, the sockets and the control API
   * (`--allow-origin`, e.g. "http://qa-box:8080"); a value that is not an origin throws RangeError (issue 12 part 3).
   */
  allowedOrigins?: readonly string[];
  /** `GET /__mock/sessions` lists every session's name (`--admin`); otherwise only the caller's own. */
  admin?: boolean;
}

/** Idleness a real cloud would act on: ten minutes without any input. */
export const DEFAULT_IDLE_AFTER_MS = 10 * 60_000;

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

type Handler = (req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams) => Promise<void>;

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
  const limits = transportLimits(options);
  const bodyIdleMs = options.bodyIdleTimeoutMs ?? DEFAULT_BODY_IDLE_MS;
  if (!Number.isInteger(bodyIdleMs) || bodyIdleMs < 1) throw new RangeError(`bodyIdleTimeoutMs must be a whole number of milliseconds ≥ 1, got ${bodyIdleMs}`);

  const sessions = createSessionRegistry(clock, (sessionClock) => createStore(fixtures, sessionClock), {
    log: warn,
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.journalSessionBytes !== undefined ? { journalSessionBytes: options.journalSessionBytes } : {}),
    ...(options.journalTotalBytes !== undefined ? { journalTotalBytes: options.journalTotalBytes } : {}),
  });
  sessions.get(DEFAULT_SESSION).apply(scenario);
  const apiBase = mountPath(runtimeConfig.apiBase);
  const gameBase = mountPath(runtimeConfig.gameApiBase);
  const hub = createSocketHub(
    mountPath(runtimeConfig.socketBase),
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
  const origins = createOriginPolicy(options.allowedOrigins ?? []);
  /** Preflights answered, allowed origins marked, foreign ones refused where `refuseForeign` (http/cors.ts). */
  const crossOrigin =
    (surface: string, refuseForeign: boolean, handler: Handler): Handler =>
    async (req, res, p, q) => {
      if (corsStep(req, res, origins, surface, refuseForeign) === 'continue') return handler(req, res, p, q);
      if (res.statusCode !== 204) log(`${req.method ?? '?'} ${p.slice(0, 200)} refused (403): origin ${(req.headers.origin ?? '').slice(0, 200)} not allowed`);
      if (!req.complete) discardRest(req);
    };
  const api = createApiHandler({
    fixtures,
    sessions,
    findRoute: createRouter(),
    apiBase,
    gameBase,
    latencyMs,
    wait: (ms) => new Promise((resolve) => clock.setTimeout(resolve, ms)),
    bodyIdleMs,
    log,
  });
  const feed = createConsoleFeed({ sessions, admin: options.admin === true, clock: options.frameClock ?? systemClock, log });
  const control = createControlApi({ sessions, scenarios, fixtures, log, bodyIdleMs, admin: options.admin === true, onChange: (s) => feed.changed(s) });
  const db = createDbApi({ sessions, fixtures, mediaDir: path.join(fixturesDir, MEDIA_DIR_NAME), log, bodyIdleMs });
  const hosts = createHostPolicy(options.allowedHosts ?? []);
  /** The QA surfaces answer only to allowed hosts, and take writes only as JSON with X-Mock-Control (control-guard.ts). */
  const guarded =
    (surface: string, handler: Handler): Handler =>
    async (req, res, p, q) => {
      const refusal = controlRefusal(req, hosts, surface);
      if (!refusal) return handler(req, res, p, q);
      log(`${req.method ?? '?'} ${p.slice(0, 200)} refused (${refusal.status}): ${refusal.error}`);
      if (!req.complete) discardRest(req);
      sendJson(res, refusal.status, { error: refusal.error });
    };
  // CORS first, so an allowed page can read the guard's refusals too.
  const guardedControl = crossOrigin(CONTROL_PREFIX, true, guarded(CONTROL_PREFIX, control));
  const guardedDb = crossOrigin(DB_PREFIX, true, guarded(DB_PREFIX, db));
  const consolePage = crossOrigin(CONTROL_PREFIX, true, guarded(CONTROL_PREFIX, createConsolePage(distDir)));
  const apiAcrossOrigins = crossOrigin('the API', false, api);
  const media = createMediaHandler({ mediaDir: path.join(fixturesDir, MEDIA_DIR_NAME), fixtures, log: warn });
  const app = createStaticHandler({ distDir });

  /** Which part of the mock answers a path: the plan of the header comment, in order. */
  const route = (req: IncomingMessage, pathname: string): Handler => {
    if (pathname === HEALTH_PATH) return async (_req, res) => sendJson(res, 200, { ok: true });
    if (pathname.startsWith(gameBase) || pathname.startsWith(apiBase)) return apiAcrossOrigins;
    if (isConsolePath(pathname)) return consolePage;
    if (pathname.startsWith(CONTROL_PREFIX)) return guardedControl;
    if (pathname === DB_PREFIX.slice(0, -1) || pathname.startsWith(DB_PREFIX)) return guardedDb;
    if (pathname.startsWith(MEDIA_PREFIX)) return media;
    if (pathname.startsWith(PAY_PAGE_PREFIX)) return (rq, res, p, q) => servePayPage(rq, res, p, q, { fixtures, sessionFor: (name) => sessions.get(name), bodyIdleMs });
    // Given a runtime config, the app must talk to the mounts the server really uses, whatever the build wrote.
    if (pathname === '/config.json' && options.runtimeConfig !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
      return async (_req, res) => sendJson(res, 200, runtimeConfig, { 'cache-control': 'no-cache' });
    }
    return app;
  };

  const server = createHttpServer(
    limits,
    async (req, res) => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const pathname = q === -1 ? url : url.slice(0, q);
      await route(req, pathname)(req, res, pathname, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)));
    },
    { clock, log, warn },
  );
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    const refusal = upgradeRefusal(req, origins);
    if (refusal === undefined && (req.url ?? '').split('?')[0] === FEED_PATH) {
      // The console's feed is a QA surface: the control guard's Host check too (it only reads, as GETs do).
      const guard = controlRefusal(req, hosts, CONTROL_PREFIX);
      if (guard === undefined) return feed.upgrade(req, socket, head);
      socket.on('error', () => socket.destroy());
      warn(`console feed refused (${guard.status}): ${guard.error}`);
      return refuseUpgrade(socket, guard.error);
    }
    if (refusal === undefined) return hub.upgrade(req, socket, head);
    socket.on('error', () => socket.destroy());
    warn(`websocket upgrade refused (403): ${refusal}`);
    refuseUpgrade(socket, refusal);
  });

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
          hosts.listening(host);
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
        await feed.close();
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
