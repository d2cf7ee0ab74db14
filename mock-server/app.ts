/**
 * The mock cloud, built from what it is given (fixtures, clock, dist, config)
 * and nothing else: no environment, no argv, no listening until asked. Tests
 * start it in-process on port 0; `main.ts` is the CLI around it.
 *
 * One origin serves everything:
 * - `GET /__health`              → `{ok: true}`
 * - `<apiBase>…`, `<gameApiBase>…` → the API (routes/), in the `{code, msg, data}` envelope
 * - `<socketBase>…` upgrades      → websockets (sockets/)
 * - anything else                → the app build in `distDir` (static.ts)
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
import { ApiError, badRequest } from './envelope.ts';
import { loadFixtures, type Fixtures } from './fixtures.ts';
import { discardRest, header, parseBody, parsePathPairs, readBody, requestInput, verifySignature } from './request.ts';
import { createRouter } from './routes/index.ts';
import type { RouteContext } from './routes/route.ts';
import { DEFAULT_SCENARIO, isScenario, UnknownScenarioError, type ScenarioName } from './scenarios/index.ts';
import { createDurationSocket } from './sockets/duration.ts';
import { createSocketHub } from './sockets/hub.ts';
import { serveStatic } from './static.ts';
import { createStore, type Store } from './store.ts';
import { FieldError } from './validate.ts';

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
  /** Where the API, game API and sockets are mounted; also served as `/config.json` when given. */
  runtimeConfig?: RuntimeConfig;
  /** A name from scenarios/ (default "default"); an unknown name throws UnknownScenarioError. */
  scenario?: string;
}

export interface MockApp {
  server: Server;
  listen(port: number, host?: string): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
  /** The state built from the fixtures (users, tokens, SMS sends), for tests and QA tooling. */
  store: Store;
  fixtures: Fixtures;
  clock: Clock;
  scenario: ScenarioName;
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
  const text = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(text.length),
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(text);
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createApp(options: MockAppOptions = {}): MockApp {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((): void => undefined);
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new RangeError(`latencyMs must be a number ≥ 0, got ${latencyMs}`);
  const scenarioName = options.scenario ?? DEFAULT_SCENARIO;
  if (!isScenario(scenarioName)) throw new UnknownScenarioError(scenarioName);
  const scenario: ScenarioName = scenarioName;
  const runtimeConfig = options.runtimeConfig ?? DEFAULT_RUNTIME_CONFIG;
  const distDir = options.distDir === null ? null : path.resolve(options.distDir ?? DEFAULT_DIST_DIR);

  const fixtures = loadFixtures(path.resolve(options.fixturesDir ?? DEFAULT_FIXTURES_DIR));
  const store = createStore(fixtures, clock);
  const findRoute = createRouter();
  const apiBase = mountPath(runtimeConfig.apiBase);
  const gameBase = mountPath(runtimeConfig.gameApiBase);
  const socketBase = mountPath(runtimeConfig.socketBase);
  const hub = createSocketHub(socketBase, { [SOCKET_PATH.duration]: createDurationSocket({ clock, log }) }, { clock, log });

  const wait = (ms: number): Promise<void> => new Promise((resolve) => clock.setTimeout(resolve, ms));

  async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams): Promise<void> {
    const started = Date.now();
    const answer = (status: number, body: ApiEnvelope, extra: Record<string, string> = {}): void => {
      sendJson(res, status, body, extra);
      log(`${req.method ?? '?'} ${(req.url ?? '').slice(0, 200)} → ${status} ${body.code} ${body.msg} (${Date.now() - started} ms)`);
    };
    const delayed = async (status: number, body: ApiEnvelope, extra: Record<string, string> = {}): Promise<void> => {
      if (latencyMs > 0) await wait(latencyMs);
      answer(status, body, extra);
    };

    // The game base is checked first: it may sit inside the API base ("/api/game/" in "/api/").
    const game = pathname.startsWith(gameBase);
    const match = findRoute(pathname.slice((game ? gameBase : apiBase).length));
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
      const body = await readBody(req);
      if (!body.ok) {
        // Answer at once and let the upload drain (bounded) so the client can read this.
        answer(413, { code: BODY_CODE.tooLarge, msg: 'Request body is larger than 1 MiB', data: null });
        discardRest(req);
        return;
      }
      verifySignature(req, body.text);
      if (game) {
        const client = header(req, HEADER.gameClient);
        if (client === undefined) throw badRequest(`Missing header "${HEADER.gameClient}" (required on game calls)`);
        if (client !== GAME_CLIENT) throw badRequest(`Invalid header "${HEADER.gameClient}": expected "${GAME_CLIENT}", got "${client}"`);
      }
      const input = requestInput(parsePathPairs(rest), query, parseBody(header(req, 'content-type'), body.text));
      const ctx: RouteContext = { clock, store, fixtures, headers: req.headers, token: header(req, HEADER.token), game };
      const envelope = route.handle(input, ctx);
      await delayed(200, envelope);
    } catch (err) {
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
    // Given a runtime config, the app must talk to the mounts the server really uses, whatever the build wrote.
    if (pathname === '/config.json' && options.runtimeConfig !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, 200, runtimeConfig, { 'cache-control': 'no-cache' });
      return;
    }
    await serveStatic(req, res, pathname, { distDir });
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      log(`internal error on ${req.method ?? '?'} ${req.url ?? ''}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(res, 500, { code: BODY_CODE.serverError, msg: `Mock server error: ${errorMessage(err)}`, data: null });
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => hub.upgrade(req, socket, head));

  let closing: Promise<void> | undefined;

  return {
    server,
    store,
    fixtures,
    clock,
    scenario,
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
