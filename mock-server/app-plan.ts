/**
 * Which part of the mock answers a request: the plan of app.ts's header, in
 * order, for HTTP requests and for websocket upgrades. The QA surfaces share
 * their checks here: CORS first (http/cors.ts), so an allowed page can read
 * the guard's refusals too, then the Host and write guard
 * (http/control-guard.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RuntimeConfig } from '../web/api/contract.ts';
import { FEED_PATH } from './client/feed.ts';
import { isConsolePath } from './console/page.ts';
import { MEDIA_PREFIX } from './content/media.ts';
import { PAY_PAGE_PREFIX } from './content/pay-page.ts';
import { discardRest } from './http/body.ts';
import { controlRefusal, type HostPolicy } from './http/control-guard.ts';
import { corsStep, refuseUpgrade, upgradeRefusal, type OriginPolicy } from './http/cors.ts';
import { sendJson } from './http/reply.ts';
import { CONTROL_PREFIX } from './scenarios/control.ts';
import { DB_PREFIX } from './sessions/db.ts';

export const HEALTH_PATH = '/__health';

export type Handler = (req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams) => Promise<void>;
type Upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The parts the plan hands requests to, made by createApp. */
export interface PlanParts {
  /** Mount paths with a trailing slash: the game base may sit inside the API base. */
  apiBase: string;
  gameBase: string;
  api: Handler;
  control: Handler;
  db: Handler;
  consolePage: Handler;
  media: Handler;
  payPage: Handler;
  /** The app build (http/static.ts). */
  app: Handler;
  /** Served as `/config.json` when createApp was given one: the app must talk to the mounts the server really uses. */
  runtimeConfig: RuntimeConfig | undefined;
  origins: OriginPolicy;
  hosts: HostPolicy;
  /** The console's live feed (`/__mock/feed`) and the game sockets under the socket base. */
  feedUpgrade: Upgrade;
  hubUpgrade: Upgrade;
  log: (line: string) => void;
  warn: (line: string) => void;
}

export interface Plan {
  request(req: IncomingMessage, res: ServerResponse): Promise<void>;
  upgrade: Upgrade;
}

export function createPlan(p: PlanParts): Plan {
  /** Preflights answered, allowed origins marked, foreign ones refused where `refuseForeign` (http/cors.ts). */
  const crossOrigin =
    (surface: string, refuseForeign: boolean, handler: Handler): Handler =>
    async (req, res, path, query) => {
      if (corsStep(req, res, p.origins, surface, refuseForeign) === 'continue') return handler(req, res, path, query);
      if (res.statusCode !== 204) p.log(`${req.method ?? '?'} ${path.slice(0, 200)} refused (403): origin ${(req.headers.origin ?? '').slice(0, 200)} not allowed`);
      if (!req.complete) discardRest(req);
    };
  /** The QA surfaces answer only to allowed hosts, and take writes only as JSON with X-Mock-Control (control-guard.ts). */
  const guarded =
    (surface: string, handler: Handler): Handler =>
    async (req, res, path, query) => {
      const refusal = controlRefusal(req, p.hosts, surface);
      if (!refusal) return handler(req, res, path, query);
      p.log(`${req.method ?? '?'} ${path.slice(0, 200)} refused (${refusal.status}): ${refusal.error}`);
      if (!req.complete) discardRest(req);
      sendJson(res, refusal.status, { error: refusal.error });
    };
  const qaSurface = (prefix: string, handler: Handler): Handler => crossOrigin(prefix, true, guarded(prefix, handler));
  const control = qaSurface(CONTROL_PREFIX, p.control);
  const db = qaSurface(DB_PREFIX, p.db);
  const consolePage = qaSurface(CONTROL_PREFIX, p.consolePage);
  const api = crossOrigin('the API', false, p.api);
  const health: Handler = async (_req, res) => sendJson(res, 200, { ok: true });
  const config = p.runtimeConfig;
  const configJson: Handler = async (_req, res) => sendJson(res, 200, config, { 'cache-control': 'no-cache' });

  const route = (req: IncomingMessage, pathname: string): Handler => {
    if (pathname === HEALTH_PATH) return health;
    if (pathname.startsWith(p.gameBase) || pathname.startsWith(p.apiBase)) return api;
    if (isConsolePath(pathname)) return consolePage;
    if (pathname.startsWith(CONTROL_PREFIX)) return control;
    if (pathname === DB_PREFIX.slice(0, -1) || pathname.startsWith(DB_PREFIX)) return db;
    if (pathname.startsWith(MEDIA_PREFIX)) return p.media;
    if (pathname.startsWith(PAY_PAGE_PREFIX)) return p.payPage;
    if (pathname === '/config.json' && config !== undefined && (req.method === 'GET' || req.method === 'HEAD')) return configJson;
    return p.app;
  };

  return {
    async request(req, res) {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const pathname = q === -1 ? url : url.slice(0, q);
      await route(req, pathname)(req, res, pathname, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)));
    },
    upgrade(req, socket, head) {
      const refusal = upgradeRefusal(req, p.origins);
      if (refusal === undefined && (req.url ?? '').split('?')[0] === FEED_PATH) {
        // The console's feed is a QA surface: the control guard's Host check too (it only reads, as GETs do).
        const guard = controlRefusal(req, p.hosts, CONTROL_PREFIX);
        if (guard === undefined) return p.feedUpgrade(req, socket, head);
        socket.on('error', () => socket.destroy());
        p.warn(`console feed refused (${guard.status}): ${guard.error}`);
        return refuseUpgrade(socket, guard.error);
      }
      if (refusal === undefined) return p.hubUpgrade(req, socket, head);
      socket.on('error', () => socket.destroy());
      p.warn(`websocket upgrade refused (403): ${refusal}`);
      refuseUpgrade(socket, refusal);
    },
  };
}
