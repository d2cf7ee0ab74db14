/**
 * The service worker (docs/decisions/0021-service-worker.md), bundled into /sw.js by build/service-worker.ts with the
 * build's precache list and its config's bases. Pages: network first, the precached copy when the network fails, so
 * home opens offline. The build's files: precached, cache-first (they are hashed or revisioned). The runtime config:
 * network first. Nothing else is stored (web/sw/rules.ts).
 *
 * A new version waits until the player says "reload" (the app's update bar posts SKIP_WAITING through
 * workbox-window): the open pages keep the files of the version they started with.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { CONFIG_CACHE, CONFIG_PATH, neverCachedPrefixes, offlinePagesFor, routeOf, type WorkerConfig } from './rules.ts';

declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
declare const __WORKER_CONFIG__: WorkerConfig;

/** The parts of ServiceWorkerGlobalScope used here (the project's types are the window's). */
interface WaitUntilEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  location: Location;
  registration: { active: unknown; navigationPreload?: { enable(): Promise<void> } };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (event: WaitUntilEvent) => void): void;
  addEventListener(type: 'message', fn: (event: MessageEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const origin = scope.location.origin;
const never = neverCachedPrefixes(__WORKER_CONFIG__, origin);
const precached = new Set(__PRECACHE_MANIFEST__.map((entry) => new URL(entry.url, origin).pathname));
/** Past this a page's network answer is given up for the precached copy (a train's tunnel, a captive Wi-Fi). */
const PAGE_TIMEOUT_S = 5;

const offlinePage = async (url: string): Promise<Response | undefined> => {
  for (const path of offlinePagesFor(new URL(url).pathname, precached)) {
    const cached = await matchPrecache(path);
    if (cached) return cached;
  }
  return undefined;
};

// Before the precache's own route: a page that is precached is still asked of the network first.
registerRoute(
  ({ request }) => routeOf(request, origin, never) === 'page',
  new NetworkOnly({ networkTimeoutSeconds: PAGE_TIMEOUT_S, plugins: [{ handlerDidError: ({ request }) => offlinePage(request.url) }] }),
);
registerRoute(({ request }) => routeOf(request, origin, never) === 'config', new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: 3 }));
precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();

// A first install takes the open page at once (it runs this very build's files); an update never does (see above).
let firstInstall = false;
scope.addEventListener('install', (event) => {
  firstInstall = !scope.registration.active;
  // The config is there offline from the first visit on, not only after the app asked for it once under the worker.
  event.waitUntil(caches.open(CONFIG_CACHE).then((cache) => cache.add(CONFIG_PATH)).catch(() => undefined));
});
scope.addEventListener('activate', (event) => {
  // Navigation preload: the page's request leaves while the worker starts, not after (a repeat visit's first byte).
  const preload = scope.registration.navigationPreload?.enable().catch(() => undefined) ?? Promise.resolve();
  event.waitUntil(Promise.all([preload, firstInstall ? scope.clients.claim() : Promise.resolve()]));
});
scope.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void scope.skipWaiting();
});
