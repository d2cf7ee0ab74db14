/**
 * Start-up work that is not the first view (daily sign-in, the game session's wiring, field vitals, preloading the
 * other pages) waits until the first render has painted and the main thread is idle, so it never adds to the long
 * tasks of the first load (Total Blocking Time, decision 0018; docs/decisions/0015).
 */
import type { Clock } from '../core/clock.ts';

export interface PaintScheduler {
  clock: Clock;
  requestAnimationFrame: (fn: () => void) => unknown;
  /** Absent in some browsers (Safari): a short timer stands in. */
  requestIdleCallback?: ((fn: () => void, opts: { timeout: number }) => unknown) | undefined;
}

/** At the latest this long after the paint the work runs, idle or not. */
export const IDLE_TIMEOUT_MS = 2000;
/** Without requestIdleCallback: this long after the paint. */
export const NO_IDLE_DELAY_MS = 300;

/**
 * Runs `fn` once after the next paint and then when the browser is idle. A frame callback runs just before the
 * paint, so the timer it sets runs after it; only then is the page's first frame on screen.
 */
export function afterPaintWhenIdle(s: PaintScheduler, fn: () => void): void {
  s.requestAnimationFrame(() => {
    s.clock.setTimeout(() => {
      if (s.requestIdleCallback) s.requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
      else s.clock.setTimeout(fn, NO_IDLE_DELAY_MS);
    }, 0);
  });
}
