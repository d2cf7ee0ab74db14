/**
 * What the service worker does with a request, as a pure function of the request and the app's config
 * (docs/decisions/0021-service-worker.md). The worker keeps two caches only: the precache (the build's own files,
 * served cache-first by Workbox) and the runtime config. Everything else goes to the network untouched: the API's
 * answers, the sockets and the stream, the mock's console, media and any other origin are never stored.
 */
import type { RuntimeConfig } from '../api/contract/runtime-config.ts';

/** The runtime config's own cache: network-first, so an edited config.json counts at once when online. */
export const CONFIG_CACHE = 'cg-config';
export const CONFIG_PATH = '/config.json';
export const HOME_PATH = '/';
/** The QA console and the mock's own pages (payment page, host simulator): never the app's to keep. */
const MOCK_PREFIX = '/__mock/';

export type RequestRoute =
  /** A navigation to one of the app's pages: network first, the precached copy when the network fails. */
  | 'page'
  /** The runtime config: network first, its own cache as the fallback. */
  | 'config'
  /** Left to the precache (cache-first for the build's hashed files) or, when not precached, to the network. */
  | 'network';

export interface RequestFacts {
  url: string;
  method: string;
  /** Request.mode: "navigate" for a page load. */
  mode: string;
}

export type WorkerConfig = Pick<RuntimeConfig, 'apiBase' | 'gameApiBase' | 'socketBase'>;

/**
 * The same-origin path prefixes that are data or live connections, never pages or files of the app: the config's
 * API and socket bases (when they are this origin's paths) and the mock's console. A base on another origin is
 * covered by the cross-origin rule.
 */
export function neverCachedPrefixes(config: WorkerConfig, origin: string): string[] {
  const prefixes = [config.apiBase, config.gameApiBase, config.socketBase].flatMap((base) => {
    try {
      const url = new URL(base, origin);
      return url.origin === origin ? [url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`] : [];
    } catch {
      return [];
    }
  });
  return [...new Set([...prefixes, MOCK_PREFIX])];
}

export function routeOf(request: RequestFacts, origin: string, never: readonly string[]): RequestRoute {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  if (never.some((prefix) => url.pathname.startsWith(prefix) || `${url.pathname}/` === prefix)) return 'network';
  if (url.pathname === CONFIG_PATH) return 'config';
  return request.mode === 'navigate' ? 'page' : 'network';
}

/**
 * The precached HTML to answer a page with when the network failed, best first: the page's own prerendered copy
 * (its path without a trailing slash, the query ignored: the app reads the query itself), then home's, which boots
 * any route (the app routes in the page, SPEC §2 history mode).
 */
export function offlinePagesFor(pathname: string, precached: ReadonlySet<string>): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || HOME_PATH : pathname;
  return [...new Set([path, HOME_PATH])].filter((p) => precached.has(p));
}
