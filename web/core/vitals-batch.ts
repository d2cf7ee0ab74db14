/**
 * Field Core Web Vitals in batches (decision 0018): samples collect and go
 * out together after a short wait or when enough have gathered, so a page
 * view costs one or two event_report calls, not one per metric update. Once
 * the page is hidden (the tab switched, the app closed) whatever is waiting
 * goes at once, and so does every later sample, each with `keepalive` so the
 * request survives the page. Sending never throws and never waits: a lost
 * batch is a lost measurement, never a broken page.
 */
import type { Clock, TimerId } from './clock.ts';

export type VitalName = 'LCP' | 'INP' | 'CLS' | 'TTFB';

/** One report of one metric: `value` is the metric so far, `delta` what changed since its last report. */
export interface VitalSample {
  name: VitalName;
  value: number;
  delta: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  /** Unique per metric per page load: a later sample with the same id replaces an earlier one. */
  id: string;
  navigationType: string;
  /** The route path the player was on when the sample was taken. */
  page: string;
}

export interface VitalsBatchDeps {
  clock: Clock;
  /** Sends one batch; `keepalive` when the page is going away. Its failures are swallowed here. */
  send(samples: VitalSample[], opts: { keepalive: boolean }): Promise<unknown>;
  /** Send when this many samples wait. */
  maxSamples?: number;
  /** Send this long after the first waiting sample. */
  delayMs?: number;
}

export const VITALS_BATCH_MAX = 10;
export const VITALS_BATCH_DELAY_MS = 5000;

export interface VitalsBatch {
  add(sample: VitalSample): void;
  /** The page is hidden or going away: send what waits now, and later samples as they come. */
  hidden(): void;
  /** The page is back: batch again. */
  visible(): void;
}

export function createVitalsBatch(deps: VitalsBatchDeps): VitalsBatch {
  const max = deps.maxSamples ?? VITALS_BATCH_MAX;
  const delay = deps.delayMs ?? VITALS_BATCH_DELAY_MS;
  let waiting: VitalSample[] = [];
  let timer: TimerId | null = null;
  let isHidden = false;

  const flush = (): void => {
    if (timer !== null) deps.clock.clearTimeout(timer);
    timer = null;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    try {
      void deps.send(batch, { keepalive: isHidden }).catch(() => undefined);
    } catch {
      // A transport that throws synchronously loses this batch, nothing else.
    }
  };

  return {
    add(sample) {
      // The latest report of a metric supersedes an earlier one still waiting.
      waiting = [...waiting.filter((s) => s.id !== sample.id), sample];
      if (isHidden || waiting.length >= max) flush();
      else timer ??= deps.clock.setTimeout(flush, delay);
    },
    hidden() {
      isHidden = true;
      flush();
    },
    visible() {
      isHidden = false;
    },
  };
}
