/**
 * The service worker's registration (docs/decisions/0021-service-worker.md), a chunk the app loads after its first
 * paint (start.ts): through workbox-window, `/sw.js` for the app's scope. A new version that waits is offered by the
 * update bar (app-update.ts); accepting it asks the waiting worker to take over, then reloads once it controls the page.
 * config.json's `serviceWorker: false` (a host whose webview must not have one) registers nothing and removes a worker
 * registered before, with its caches; so does a dev build, whose files a production worker would shadow. A browser
 * that refuses (private mode, a test's blocked workers) leaves the app as it was, silently.
 */
import { Workbox } from 'workbox-window';
import type { AppUpdate } from '../core/app-update.ts';
import { CONFIG_CACHE } from '../sw/rules.ts';
import { appUpdate } from './app-update.ts';
import { clock, config, storage } from './services.ts';

export const WORKER_URL = '/sw.js';
export const WORKER_SCOPE = '/';
/** A tab open for days still hears of a new version: asked again when shown, at most this often. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
const PRECACHE_PREFIX = 'workbox-precache';
/** Session storage: the player accepted a new version and the page reloaded before its worker took over. */
const ACCEPTED_KEY = 'cg-update-accepted';

export type WorkerPlan = 'register' | 'unregister' | 'none';

export function workerPlan(f: { supported: boolean; enabled: boolean; dev: boolean }): WorkerPlan {
  if (!f.supported) return 'none';
  return f.enabled && !f.dev ? 'register' : 'unregister';
}

/** What of workbox-window's Workbox this module uses. */
export interface WorkboxLike {
  register(opts?: { immediate?: boolean }): Promise<unknown>;
  update(): Promise<void>;
  messageSkipWaiting(): void;
  addEventListener(type: 'waiting' | 'controlling', fn: (event: { isExternal?: boolean | undefined }) => void): void;
}

export interface UpdateWiring {
  update: AppUpdate;
  reload(): void;
  /** The page was controlled by a worker when it loaded. */
  controlled: boolean;
  setTimeout(fn: () => void, ms: number): unknown;
  /** The player's Reload, kept across the reload it causes (this tab's session storage): `take` reads and forgets it. */
  acceptance: { put(): void; take(): boolean };
}

/**
 * After the player's Reload, how long the new worker has to take control before the page reloads without it. Chromium
 * activates a worker that skipped waiting only once the old one has stopped, and a request of the page's (a report, an
 * image) that lands while the old one stops starts it again: the new one then waits until the old one has been idle
 * for its timeout (30 s; never under DevTools). A reload does not need the new worker: the page comes from the network,
 * and its new files, which the old worker's precache does not list, do too (decision 0021).
 */
export const TAKEOVER_WAIT_MS = 3000;

/**
 * A worker waiting (this tab's or another's) is offered; the accept sends it SKIP_WAITING and the page reloads when it
 * controls, or after TAKEOVER_WAIT_MS without it. Returns the offer of a waiting worker, for one workbox-window did not
 * see (offerInstalling). A worker that took control without this tab asking (another tab accepted) leaves this page on
 * files that are no longer the worker's: it is offered too, and the accept only reloads. A page loaded by an accepted
 * Reload is already the new version: the worker still waiting is told to take over, and nothing is offered.
 */
export function wireUpdates(wb: WorkboxLike, w: UpdateWiring): () => void {
  const acceptedBefore = w.acceptance.take();
  let accepted = false;
  let reloading = false;
  const reload = (): void => {
    if (reloading) return;
    reloading = true;
    w.reload();
  };
  const offerWaiting = (): void => {
    if (acceptedBefore) return wb.messageSkipWaiting();
    w.update.offer(() => {
      accepted = true;
      wb.messageSkipWaiting();
      w.setTimeout(() => {
        if (reloading) return;
        w.acceptance.put();
        reload();
      }, TAKEOVER_WAIT_MS);
    });
  };
  wb.addEventListener('controlling', () => {
    if (accepted) reload();
    else if (w.controlled && !acceptedBefore) w.update.offer(reload);
  });
  wb.addEventListener('waiting', offerWaiting);
  return offerWaiting;
}

/** What of a ServiceWorkerRegistration offerInstalling reads. */
export interface InstallingWatch {
  installing: { state: string; addEventListener(type: 'statechange', fn: () => void): void } | null;
  waiting: unknown;
}

/**
 * A new version found by this page's own navigation is often still installing when the app registers after its paint:
 * workbox-window heard no `updatefound` for it, so it would never say "waiting". It is offered once it is installed.
 */
export function offerInstalling(registration: InstallingWatch, offerWaiting: () => void): void {
  const worker = registration.installing;
  worker?.addEventListener('statechange', () => {
    if (worker.state === 'installed' && registration.waiting === worker) offerWaiting();
  });
}

export interface WorkerEnv {
  container: Pick<ServiceWorkerContainer, 'controller' | 'getRegistrations'> | undefined;
  caches: Pick<CacheStorage, 'keys' | 'delete'> | undefined;
  enabled: boolean;
  dev: boolean;
  origin: string;
  createWorkbox(url: string, opts: { scope: string }): WorkboxLike;
  update: AppUpdate;
  reload(): void;
  setTimeout(fn: () => void, ms: number): unknown;
  acceptance: UpdateWiring['acceptance'];
  /** Called with a function to run whenever the page is shown again. */
  onShown(fn: () => void): void;
  now(): number;
}

/** Removes the app's worker and the caches it kept. */
async function unregister(env: WorkerEnv): Promise<void> {
  const scope = new URL(WORKER_SCOPE, env.origin).href;
  const registrations = (await env.container?.getRegistrations()) ?? [];
  await Promise.all(registrations.filter((r) => r.scope === scope).map((r) => r.unregister()));
  const store = env.caches;
  if (!store) return;
  const names = await store.keys();
  await Promise.all(names.filter((n) => n.startsWith(PRECACHE_PREFIX) || n === CONFIG_CACHE).map((n) => store.delete(n)));
}

export async function startServiceWorker(env: WorkerEnv = browserEnv()): Promise<void> {
  try {
    const plan = workerPlan({ supported: env.container !== undefined, enabled: env.enabled, dev: env.dev });
    if (plan === 'unregister') await unregister(env);
    if (plan !== 'register') return;
    const wb = env.createWorkbox(WORKER_URL, { scope: WORKER_SCOPE });
    const offerWaiting = wireUpdates(wb, {
      update: env.update,
      reload: env.reload,
      controlled: env.container?.controller != null,
      setTimeout: env.setTimeout,
      acceptance: env.acceptance,
    });
    // After the first paint the page has loaded: no reason to wait for the load event workbox-window waits for.
    const registration = await wb.register({ immediate: true });
    if (registration && env.container?.controller) offerInstalling(registration as InstallingWatch, offerWaiting);
    let checked = env.now();
    env.onShown(() => {
      if (env.now() - checked < UPDATE_CHECK_MS) return;
      checked = env.now();
      wb.update().catch(() => undefined);
    });
  } catch {
    // Refused (no storage, blocked, an old browser's bug): the app works as it does without a worker.
  }
}

function browserEnv(): WorkerEnv {
  return {
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    caches: typeof caches === 'undefined' ? undefined : caches,
    enabled: config.serviceWorker,
    dev: process.env.NODE_ENV === 'development',
    origin: location.origin,
    createWorkbox: (url, opts) => new Workbox(url, opts),
    update: appUpdate,
    reload: () => location.reload(),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    acceptance: {
      put: () => storage.session.setItem(ACCEPTED_KEY, '1'),
      take: () => {
        const was = storage.session.getItem(ACCEPTED_KEY) !== null;
        storage.session.removeItem(ACCEPTED_KEY);
        return was;
      },
    },
    onShown: (fn) => document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && fn()),
    now: () => clock.now(),
  };
}
