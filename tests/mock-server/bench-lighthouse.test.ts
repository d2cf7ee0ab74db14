/**
 * `npm run bench -- lighthouse` reads Lighthouse's report into numbers, takes the median of its runs
 * and names every number over its budget (decision 0018). The runs themselves are slow and live in the bench, not in `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { LIGHTHOUSE_BUDGET, medianScore, overLighthouseBudget, scoreOf, type PageScore } from '../../bench/lighthouse.ts';

const report = (score: number | null, values: Record<string, number>) => ({
  runtimeError: undefined,
  categories: { performance: { score } },
  audits: Object.fromEntries(Object.entries(values).map(([id, numericValue]) => [id, { numericValue }])),
});

const good: PageScore = { performance: 98, fcpMs: 900, lcpMs: 1500, cls: 0, tbtMs: 40 };

describe('bench lighthouse', () => {
  it('reads the score and the four timings of a report', () => {
    const lhr = report(0.874, { 'first-contentful-paint': 1100, 'largest-contentful-paint': 2100, 'cumulative-layout-shift': 0.01, 'total-blocking-time': 90 });
    expect(scoreOf(lhr as never)).toEqual({ performance: 87, fcpMs: 1100, lcpMs: 2100, cls: 0.01, tbtMs: 90 });
  });

  it('refuses a report without a score or a metric, or one that failed', () => {
    expect(() => scoreOf(report(null, {}) as never)).toThrow(/no performance score/);
    expect(() => scoreOf(report(0.9, { 'first-contentful-paint': 1 }) as never)).toThrow(/no largest-contentful-paint/);
    expect(() => scoreOf({ ...report(0.9, {}), runtimeError: { code: 'NO_FCP', message: 'The page did not paint' } } as never)).toThrow(/NO_FCP/);
  });

  it('takes each number’s median over the runs, so one noisy run does not decide', () => {
    const runs = [good, { ...good, performance: 60, tbtMs: 900 }, { ...good, performance: 96, lcpMs: 1700 }];
    expect(medianScore(runs)).toEqual({ performance: 96, fcpMs: 900, lcpMs: 1500, cls: 0, tbtMs: 40 });
  });

  it('names each number over the Lighthouse budget, and nothing for a page within it', () => {
    expect(overLighthouseBudget('home', good)).toEqual([]);
    const bad = { performance: LIGHTHOUSE_BUDGET.performance - 1, fcpMs: 1300, lcpMs: 1900, cls: 0.05, tbtMs: 200 };
    expect(overLighthouseBudget('home', bad)).toEqual([
      'home: performance 94 < 95',
      'home: FCP 1300 ms > 1200 ms',
      'home: LCP 1900 ms > 1800 ms',
      'home: CLS 0.050 > 0.02',
      'home: TBT 200 ms > 150 ms',
    ]);
  });
});
