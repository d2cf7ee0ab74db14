import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../web/core/clock.ts';
import { secondsLeft, startCountdown } from '../../../web/state/countdown.ts';

describe('countdown (SPEC §5: the pop-ups count down)', () => {
  it('counts whole seconds left, rounding a part second up, never below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });

  it('ticks once a second on the injected clock and finishes once at zero', () => {
    const clock = createManualClock(1_000);
    const ticks: number[] = [];
    let done = 0;
    startCountdown(clock, 3, (s) => ticks.push(s), () => done++);
    expect(ticks).toEqual([3]);
    clock.advance(1_000);
    expect(ticks).toEqual([3, 2]);
    clock.advance(5_000);
    expect(ticks).toEqual([3, 2, 1, 0]);
    expect(done).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('stop ends it without finishing', () => {
    const clock = createManualClock();
    let done = 0;
    const c = startCountdown(clock, 5, () => {}, () => done++);
    clock.advance(2_000);
    expect(c.left()).toBe(3);
    c.stop();
    clock.advance(10_000);
    expect(done).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it('a zero countdown finishes at once', () => {
    const clock = createManualClock();
    let done = 0;
    startCountdown(clock, 0, () => {}, () => done++);
    expect(done).toBe(1);
  });
});
