/**
 * Lazy pages without React.lazy (SPEC §2: lazy pages with a loading and an
 * error placeholder, "with a 60000 ms delay and timeout"). React 19 holds the
 * first reveal of a suspended lazy page for ~300 ms, so a page whose chunk is
 * already loaded renders directly, and chunks are preloaded on idle.
 *
 * The reading (docs/decisions/0008-hardening.md §1): 60000 ms
 * is the timeout. A 60 s *delay* equal to the timeout meant the loading
 * placeholder never showed — a slow chunk was a blank screen for a minute,
 * then the error. The placeholder waits a moment instead, so a chunk that
 * arrives quickly never flashes a spinner.
 */
import type { ComponentType } from 'react';
import type { Clock } from '../core/clock.ts';

/** Long enough that a chunk arriving promptly shows no spinner; short enough that a slow one never looks like a dead page. */
export const PAGE_LOADING_DELAY_MS = 200;
/** SPEC §2's 60000 ms: past it the error placeholder (the stock "connection timed out" text) replaces the spinner. */
export const PAGE_LOADING_TIMEOUT_MS = 60_000;

/**
 * A page module: its component, and optionally `preload`, which the idle preloader calls once the module is in, for
 * code the page imports lazily but needs on its first view (home's feed): fetched then, not when the page opens.
 */
export type PageImporter = () => Promise<{ default: ComponentType; preload?: () => void }>;

export interface PageLoader<K extends string> {
  /** The component if its chunk has loaded, for a render without any placeholder. */
  loaded(key: K): ComponentType | undefined;
  load(key: K): Promise<ComponentType>;
  /**
   * A new attempt after a failure (the retry tap): an attempt still pending from before it (the idle
   * preloader's, started while the network was down) is waited out, and if it fails the chunk is
   * fetched again, so the tap is never answered by a fetch that began before it.
   */
  retry(key: K): Promise<ComponentType>;
  /** Loads chunks one after another so preloading never competes with the page being opened. */
  preload(keys: readonly K[]): Promise<void>;
}

/**
 * `stuck`: what to do when a retry failed as well. A browser that keeps a failed module fetch's failure (the HTML
 * standard until whatwg/html#10327, still Safari and Chromium up to 150) answers every later `import()` of that chunk
 * with the old failure and never fetches it again; only a new page load does.
 */
export function createPageLoader<K extends string>(importers: Record<K, PageImporter>, stuck: () => void = () => undefined): PageLoader<K> {
  const done = new Map<K, ComponentType>();
  const warmers = new Map<K, () => void>();
  const pending = new Map<K, Promise<ComponentType>>();
  const load = (key: K): Promise<ComponentType> => {
    const hit = done.get(key);
    if (hit) return Promise.resolve(hit);
    let p = pending.get(key);
    if (!p) {
      p = importers[key]().then(
        (mod) => {
          done.set(key, mod.default);
          if (mod.preload) warmers.set(key, mod.preload);
          pending.delete(key);
          return mod.default;
        },
        (err: unknown) => {
          // Forget the failure so "retry" fetches again.
          pending.delete(key);
          throw err;
        },
      );
      pending.set(key, p);
    }
    return p;
  };
  return {
    loaded: (key) => done.get(key),
    load,
    retry(key) {
      const earlier = pending.get(key);
      const again = (): Promise<ComponentType> =>
        load(key).catch((err: unknown) => {
          stuck();
          throw err;
        });
      return earlier ? earlier.catch(again) : again();
    },
    async preload(keys) {
      for (const key of keys) {
        const ok = await load(key).then(() => true, () => false);
        if (ok) warmers.get(key)?.();
      }
    },
  };
}

export type LoadPhase = 'waiting' | 'loading' | 'error';

/**
 * Drives one page load: `waiting` (blank page background) until the delay,
 * then `loading` (placeholder), `error` on failure or after the timeout.
 */
export function watchLoad(
  promise: Promise<unknown>,
  clock: Clock,
  onPhase: (phase: LoadPhase) => void,
  delayMs = PAGE_LOADING_DELAY_MS,
  timeoutMs = PAGE_LOADING_TIMEOUT_MS,
): () => void {
  let settled = false;
  const delay = clock.setTimeout(() => !settled && onPhase('loading'), delayMs);
  const timeout = clock.setTimeout(() => {
    if (settled) return;
    settled = true;
    onPhase('error');
  }, timeoutMs);
  promise.then(
    () => {
      settled = true;
      clock.clearTimeout(delay);
      clock.clearTimeout(timeout);
    },
    () => {
      if (settled) return;
      settled = true;
      clock.clearTimeout(delay);
      clock.clearTimeout(timeout);
      onPhase('error');
    },
  );
  return () => {
    settled = true;
    clock.clearTimeout(delay);
    clock.clearTimeout(timeout);
  };
}
