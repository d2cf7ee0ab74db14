/**
 * The first view's largest image goes first (LCP; docs/decisions/0017-images.md). From when the app asks
 * for the first view's data (app/start.ts, on the pages whose first view is an image: home's first banner, the
 * library's first covers, the detail's banner) until that image is on screen (first-image-shown.ts), what is not it —
 * covers near the viewport, the carousel's other slides, the shell's layers, the start-up work after the first paint —
 * waits: on a slow line they shared its bandwidth and its connections. It waits at most HOLD_MS, and not at all when
 * nothing holds it. The shell reads this in the first load, so it is small.
 */
import type { Clock } from '../core/clock.ts';

/** The longest the rest waits for the first image. */
export const HOLD_MS = 3000;

/** Who waits, while the first image is held; null when nothing is held. */
let waiting: Set<() => void> | null = null;

/** Holds the rest until releaseFirstImage, at most HOLD_MS. */
export function holdFirstImage(clock: Pick<Clock, 'setTimeout'>): void {
  if (waiting) return;
  waiting = new Set();
  clock.setTimeout(releaseFirstImage, HOLD_MS);
}

/** Ends the hold: whoever waits goes. */
export function releaseFirstImage(): void {
  const due = waiting ?? [];
  waiting = null;
  for (const fn of due) fn();
}

/** Runs `fn` now when nothing is held, else once the hold ends; returns a cancel. */
export function afterFirstImage(fn: () => void): () => void {
  const set = waiting;
  if (!set) {
    fn();
    return () => undefined;
  }
  const once = (): void => fn();
  set.add(once);
  return () => void set.delete(once);
}

/** Whether the rest waits now. */
export const firstImageHeld = (): boolean => waiting !== null;
