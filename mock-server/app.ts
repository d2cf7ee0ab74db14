/**
 * The mock cloud, built from what it is given (fixtures, clock, dist, config)
 * and nothing else: no environment, no argv, no listening until asked. Tests
 * start it in-process on port 0; `main.ts` is the CLI around it.
 *
 * One origin serves everything (app-plan.ts routes it; this is the whole plan):
 * - `GET /__health`              → `{ok: true}`
 * - `<apiBase>…`, `<gameApiBase>…` → the API pipeline (http/api.ts → routes/), in the `{code, msg, data}` envelope
 * - `<socketBase>…` upgrades      → websockets (sockets/), from allowed origins only (http/cors.ts)
 * - `/__mock/…`                   → the QA control API (scenarios/control.ts); `/__mock/` itself and
 *                                   `/__mock/assets/` the QA console, `/__mock/host/` the host simulator,
 *                                   `/__mock/feed` the console's live websocket (console/)
 * - `/__db/…`                     → the session's users through json-server (sessions/db.ts)
 *   (the API and these two answer CORS preflights and mark answers for allowed origins: http/cors.ts)
 * - `/mock-media/…`               → generated game images and the trailer (content/media.ts)
 * - `/mock-pay/…`                 → the mock payment page of h5_pay orders (content/pay-page.ts)
 * - anything else                → the app build in `distDir` (http/static.ts); its HTML with the host simulator's
 *                                   script when asked by the simulator's cookie (console/host-inject.ts)
 *
 * Every API request and socket belongs to a mock session (X-Mock-Session,
 * or `mock_session` on a socket URL; "default" without one) with its own
 * store, clock, script, faults, journal and sockets (sessions/).
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DEFAULT_RUNTIME_CONFIG, SOCKET_PATH } from '../web/api/contract.ts';
import { systemClock } from '../web/core/clock.ts';
import { DEFAULT_DIST_DIR, DEFAULT_FIXTURES_DIR, DEFAULT_IDLE_AFTER_MS, type MockApp, type MockAppOptions } from './app-options.ts';
import { STREAM_PROGRESS_STEP_MS } from './limits.ts';
import { createPlan } from './app-plan.ts';
import { createMediaHandler } from './content/media.ts';
import { servePayPage } from './content/pay-page.ts';
import { loadFixtures, MEDIA_DIR_NAME } from './fixtures/index.ts';
import { createApiHandler } from './http/api.ts';
import { DEFAULT_BODY_IDLE_MS } from './http/body.ts';
import { createHostPolicy } from './http/control-guard.ts';
import { createOriginPolicy } from './http/cors.ts';
import { createHttpServer, transportLimits } from './http/server.ts';
import { createStaticHandler } from './http/static.ts';
import { createRouter } from './routes/index.ts';
import { createConsoleFeed } from './console/feed.ts';
import { withHostSimulator } from './console/host-inject.ts';
import { createConsolePage } from './console/page.ts';
import { createControlApi } from './scenarios/control.ts';
import { DEFAULT_SCENARIO, loadScenarios, SCENARIOS_SUBDIR } from './scenarios/index.ts';
import { createDbApi } from './sessions/db.ts';
import { dbCaps } from './sessions/db-limits.ts';
import { createSessionRegistry, DEFAULT_SESSION } from './sessions/registry.ts';
import { createStore } from './sessions/store.ts';
import { createDurationSocket } from './sockets/duration.ts';
import { createSocketHub } from './sockets/hub.ts';
import { createStreamSocket } from './sockets/stream.ts';
import { createLocalEngine } from './stream/engine.ts';
import { createStreamPool } from './stream/process/pool.ts';

export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from './http/server.ts';
export { DEFAULT_BODY_IDLE_MS };
export { DEFAULT_FIXTURES_DIR, type MockApp, type MockAppOptions };

/** The path part of a base that may be absolute ("https://api.example.com/v1/") or relative ("/api/"), with a trailing slash. */
function mountPath(base: string): string {
  const pathname = new URL(base, 'http://mock.invalid').pathname;
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/** `http://host:port` for printing; wildcard hosts print as localhost. */
function displayUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
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
  const limits = transportLimits(options);
  const dbLimits = dbCaps(options);
  const bodyIdleMs = options.bodyIdleTimeoutMs ?? DEFAULT_BODY_IDLE_MS;
  if (!Number.isInteger(bodyIdleMs) || bodyIdleMs < 1) throw new RangeError(`bodyIdleTimeoutMs must be a whole number of milliseconds ≥ 1, got ${bodyIdleMs}`);

  const sessions = createSessionRegistry(clock, (sessionClock) => createStore(fixtures, sessionClock), {
    log: warn,
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.journalSessionBytes !== undefined ? { journalSessionBytes: options.journalSessionBytes } : {}),
    ...(options.journalTotalBytes !== undefined ? { journalTotalBytes: options.journalTotalBytes } : {}),
  });
  sessions.get(DEFAULT_SESSION).apply(scenario);
  const frameClock = options.frameClock ?? systemClock;
  const streamProcesses = options.streamProcesses ?? 0;
  const pool =
    streamProcesses > 0 ? createStreamPool({ processes: streamProcesses, eager: options.warmStreamProcesses === true, log, warn }) : null;
  const engine = pool ?? createLocalEngine(frameClock);
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
        frameClock,
        engine,
        idleAfterMs: options.idleAfterMs ?? DEFAULT_IDLE_AFTER_MS,
        progressStepMs: options.progressStepMs ?? STREAM_PROGRESS_STEP_MS,
      }),
    },
    { clock, log, sessionFor: (name) => sessions.get(name) },
  );
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
  const feed = createConsoleFeed({ sessions, admin: options.admin === true, clock: frameClock, log });
  const hosts = createHostPolicy(options.allowedHosts ?? []);
  const plan = createPlan({
    apiBase,
    gameBase,
    api,
    control: createControlApi({ sessions, scenarios, fixtures, log, bodyIdleMs, admin: options.admin === true, onChange: (s) => feed.changed(s) }),
    db: createDbApi({ sessions, fixtures, mediaDir: path.join(fixturesDir, MEDIA_DIR_NAME), log, bodyIdleMs, caps: dbLimits }),
    consolePage: createConsolePage(distDir),
    media: createMediaHandler({ mediaDir: path.join(fixturesDir, MEDIA_DIR_NAME), fixtures, log: warn, rasterCacheDir: options.rasterCacheDir }),
    payPage: (req, res, p, q) => servePayPage(req, res, p, q, { fixtures, sessionFor: (name) => sessions.get(name), bodyIdleMs }),
    app: withHostSimulator(createStaticHandler({ distDir }), distDir),
    runtimeConfig: options.runtimeConfig,
    origins: createOriginPolicy(options.allowedOrigins ?? []),
    hosts,
    feedUpgrade: (req, socket, head) => feed.upgrade(req, socket, head),
    hubUpgrade: (req, socket, head) => hub.upgrade(req, socket, head),
    log,
    warn,
  });
  const server = createHttpServer(limits, (req, res) => plan.request(req, res), { clock, log, warn });
  server.on('upgrade', plan.upgrade);

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
    streamPids: () => pool?.pids() ?? [],
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
        await engine.close();
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
