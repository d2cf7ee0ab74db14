import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../web/core/clock.ts';
import { createVitalsBatch, VITALS_BATCH_DELAY_MS, VITALS_BATCH_MAX, type VitalSample } from '../../../web/core/vitals-batch.ts';

const sample = (name: VitalSample['name'], id: string, value = 1): VitalSample => ({
  name,
  value,
  delta: value,
  rating: 'good',
  id,
  navigationType: 'navigate',
  page: '/',
});

function setup(fail: 'reject' | 'throw' | null = null) {
  const clock = createManualClock();
  const sent: { samples: VitalSample[]; keepalive: boolean }[] = [];
  const batch = createVitalsBatch({
    clock,
    send: (samples, { keepalive }) => {
      sent.push({ samples, keepalive });
      if (fail === 'throw') throw new Error('no transport');
      return fail === 'reject' ? Promise.reject(new Error('offline')) : Promise.resolve();
    },
  });
  return { clock, sent, batch };
}

describe('field vitals batches (decision 0018, SPEC §7 event_report)', () => {
  it('sends the samples of a page view together after the delay, not one call each', () => {
    const { clock, sent, batch } = setup();
    batch.add(sample('TTFB', 't1'));
    batch.add(sample('LCP', 'l1'));
    clock.advance(VITALS_BATCH_DELAY_MS - 1);
    expect(sent).toEqual([]);
    clock.advance(1);
    expect(sent).toEqual([{ samples: [sample('TTFB', 't1'), sample('LCP', 'l1')], keepalive: false }]);
    clock.advance(VITALS_BATCH_DELAY_MS * 3);
    expect(sent).toHaveLength(1);
  });

  it('keeps only the latest report of a metric still waiting', () => {
    const { clock, sent, batch } = setup();
    batch.add(sample('CLS', 'c1', 0.01));
    batch.add(sample('CLS', 'c1', 0.05));
    clock.advance(VITALS_BATCH_DELAY_MS);
    expect(sent[0]?.samples).toEqual([sample('CLS', 'c1', 0.05)]);
  });

  it('sends at once when a batch is full', () => {
    const { sent, batch } = setup();
    for (let i = 0; i < VITALS_BATCH_MAX; i++) batch.add(sample('INP', `i${i}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.samples).toHaveLength(VITALS_BATCH_MAX);
  });

  it('on hide sends what waits with keepalive, then each later sample at once, until visible again', () => {
    const { clock, sent, batch } = setup();
    batch.add(sample('LCP', 'l1'));
    batch.hidden();
    expect(sent).toEqual([{ samples: [sample('LCP', 'l1')], keepalive: true }]);
    batch.add(sample('CLS', 'c1'));
    expect(sent[1]).toEqual({ samples: [sample('CLS', 'c1')], keepalive: true });
    batch.visible();
    batch.add(sample('INP', 'i1'));
    expect(sent).toHaveLength(2);
    clock.advance(VITALS_BATCH_DELAY_MS);
    expect(sent[2]).toEqual({ samples: [sample('INP', 'i1')], keepalive: false });
  });

  it('a hide with nothing waiting sends nothing', () => {
    const { sent, batch } = setup();
    batch.hidden();
    expect(sent).toEqual([]);
  });

  it.each(['reject', 'throw'] as const)('a transport that fails (%s) loses that batch only, and never throws to the page', async (mode) => {
    const { clock, sent, batch } = setup(mode);
    batch.add(sample('LCP', 'l1'));
    expect(() => clock.advance(VITALS_BATCH_DELAY_MS)).not.toThrow();
    await Promise.resolve();
    batch.add(sample('CLS', 'c1'));
    clock.advance(VITALS_BATCH_DELAY_MS);
    expect(sent.map((s) => s.samples.map((x) => x.id))).toEqual([['l1'], ['c1']]);
  });
});
