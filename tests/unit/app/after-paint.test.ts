import { describe, expect, it, vi } from 'vitest';
import { afterPaintWhenIdle, IDLE_TIMEOUT_MS, NO_IDLE_DELAY_MS } from '../../../web/app/after-paint.ts';
import { createManualClock } from '../../../web/core/clock.ts';

function frames() {
  const pending: (() => void)[] = [];
  return {
    requestAnimationFrame: (fn: () => void) => pending.push(fn),
    paint: () => pending.splice(0).forEach((fn) => fn()),
  };
}

// Total Blocking Time (decision 0018; docs/decisions/0015): start-up work that is not the first view waits for the first paint, then for idle.
describe('afterPaintWhenIdle', () => {
  it('waits for the frame, the task after it, then idle time', () => {
    const clock = createManualClock();
    const f = frames();
    const idle: { fn: () => void; timeout: number }[] = [];
    const work = vi.fn();
    afterPaintWhenIdle({ clock, requestAnimationFrame: f.requestAnimationFrame, requestIdleCallback: (fn, o) => idle.push({ fn, timeout: o.timeout }) }, work);
    clock.advance(1000);
    expect(idle).toHaveLength(0);
    f.paint();
    expect(idle).toHaveLength(0);
    clock.advance(0);
    expect(idle).toEqual([{ fn: work, timeout: IDLE_TIMEOUT_MS }]);
    expect(work).not.toHaveBeenCalled();
    idle[0]!.fn();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback runs a short while after the paint', () => {
    const clock = createManualClock();
    const f = frames();
    const work = vi.fn();
    afterPaintWhenIdle({ clock, requestAnimationFrame: f.requestAnimationFrame }, work);
    f.paint();
    clock.advance(NO_IDLE_DELAY_MS - 1);
    expect(work).not.toHaveBeenCalled();
    clock.advance(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
