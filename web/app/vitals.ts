/**
 * The app measures its own Core Web Vitals in the field (decision 0018) with
 * the `web-vitals` library and reports them through event_report (SPEC §7) as
 * VITALS_EVENT, in batches (web/core/vitals-batch.ts). This module is loaded
 * on idle after the first page shows (start.ts), never on the critical path:
 * the library reads buffered performance entries, so a late start loses nothing.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { createVitalsBatch, type VitalName, type VitalSample } from '../core/vitals-batch.ts';
import { api, clock } from './services.ts';

/** The event_report name of a vitals batch; its data is `{ metrics: VitalSample[] }`. */
export const VITALS_EVENT = 'web_vitals';

function sampleOf(metric: Metric, page: string): VitalSample | null {
  const names: readonly string[] = ['LCP', 'INP', 'CLS', 'TTFB'] satisfies VitalName[];
  if (!names.includes(metric.name)) return null;
  return {
    name: metric.name as VitalName,
    value: metric.value,
    delta: metric.delta,
    rating: metric.rating,
    id: metric.id,
    navigationType: metric.navigationType,
    page,
  };
}

export function startVitals(): void {
  const batch = createVitalsBatch({
    clock,
    send: (metrics, { keepalive }) =>
      // A background, silent call: no toast, no error page, and an identical batch may be in flight already.
      api.eventReport({ event: VITALS_EVENT, data: { metrics } }, { silent: true, background: true, repeat: true, keepalive }),
  });
  const report = (metric: Metric): void => {
    const sample = sampleOf(metric, location.pathname);
    if (sample) batch.add(sample);
  };
  onTTFB(report);
  onLCP(report);
  onCLS(report);
  onINP(report);
  // The library reports its final values on hide too, before or after this listener: once hidden, the batch sends each at once.
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? batch.hidden() : batch.visible()), { capture: true });
  window.addEventListener('pagehide', () => batch.hidden(), { capture: true });
}
