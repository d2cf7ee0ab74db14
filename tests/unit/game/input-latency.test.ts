import { describe, expect, it } from 'vitest';
import { createLatencyTracker, percentile } from '../../../web/game/input-latency.ts';

describe('latency tracker', () => {
  it('one input, one frame: presented − sent', () => {
    const l = createLatencyTracker();
    l.sent(1, 1000);
    l.presented(1, 1072);
    expect(l.take()).toEqual([72]);
    expect(l.take()).toEqual([]);
  });

  it('several inputs reflected by one frame each get their own latency', () => {
    const l = createLatencyTracker();
    l.sent(1, 1000);
    l.sent(2, 1010);
    l.sent(3, 1020);
    l.presented(2, 1080);
    expect(l.take()).toEqual([80, 70]);
    l.presented(3, 1100);
    expect(l.take()).toEqual([80]);
  });

  it('only the first frame that reflects an input times it: repeats and older frames are ignored', () => {
    const l = createLatencyTracker();
    l.sent(1, 1000);
    l.sent(2, 1016);
    l.presented(0, 1030); // reflects nothing we sent
    l.presented(1, 1050);
    l.presented(1, 1066); // the next frame, no new input in it
    l.presented(0, 1070); // out of order: older than what we saw
    expect(l.take()).toEqual([50]);
    l.presented(2, 1090);
    l.presented(1, 1100);
    expect(l.take()).toEqual([74]);
  });

  it('a frame can skip seqs: everything up to its seq is reflected', () => {
    const l = createLatencyTracker();
    for (let s = 10; s <= 14; s++) l.sent(s, s * 10);
    l.presented(14, 200);
    expect(l.take()).toEqual([100, 90, 80, 70, 60]);
  });

  it('a stamp ahead of the inputs sent (stale, or misread) does not swallow the next inputs', () => {
    const l = createLatencyTracker();
    l.sent(1, 0);
    l.presented(500, 40);
    expect(l.take()).toEqual([40]);
    l.sent(2, 100);
    l.presented(2, 150);
    expect(l.take()).toEqual([50]);
    // Before any input: nothing to time, nothing marked.
    const fresh = createLatencyTracker();
    fresh.presented(7, 10);
    fresh.sent(1, 20);
    fresh.presented(1, 45);
    expect(fresh.take()).toEqual([25]);
  });

  it('repeated or older seqs sent are ignored, not paired twice', () => {
    const l = createLatencyTracker();
    l.sent(5, 100);
    l.sent(5, 150);
    l.sent(4, 160);
    l.presented(5, 200);
    expect(l.take()).toEqual([100]);
  });

  it('bounded: beyond maxPending the oldest pending inputs are dropped', () => {
    const l = createLatencyTracker({ maxPending: 3 });
    for (let s = 1; s <= 5; s++) l.sent(s, s);
    l.presented(5, 10);
    expect(l.take()).toEqual([7, 6, 5]);
  });

  it('bounded: latencies not taken are capped too, newest kept', () => {
    const l = createLatencyTracker({ maxPending: 2 });
    for (let s = 1; s <= 4; s++) {
      l.sent(s, 0);
      l.presented(s, s);
    }
    expect(l.take()).toEqual([3, 4]);
  });

  it('the default keeps 256 pending', () => {
    const l = createLatencyTracker();
    for (let s = 1; s <= 300; s++) l.sent(s, 0);
    l.presented(300, 1);
    expect(l.take()).toHaveLength(256);
  });

  it('reset (a new stream): seqs start again, nothing old is paired', () => {
    const l = createLatencyTracker();
    l.sent(40, 0);
    l.sent(41, 10);
    l.presented(40, 50);
    l.reset();
    expect(l.take()).toEqual([]);
    l.presented(41, 60);
    l.sent(1, 100);
    l.presented(1, 130);
    expect(l.take()).toEqual([30]);
  });

  it('a frame presented before the input left (clock confusion) records nothing', () => {
    const l = createLatencyTracker();
    l.sent(1, 100);
    l.presented(1, 90);
    expect(l.take()).toEqual([]);
  });
});

describe('percentile', () => {
  it('p50 and p95 by linear interpolation; null for none', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([30, 10, 20], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 50)).toBe(25);
    const hundred = Array.from({ length: 101 }, (_, i) => 100 - i); // 0…100, shuffled order
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile([10, 20], 95)).toBeCloseTo(19.5, 9);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([1, 2, 3], 100)).toBe(3);
  });

  it('does not reorder its input and skips non-finite values', () => {
    const xs = [3, 1, 2];
    percentile(xs, 50);
    expect(xs).toEqual([3, 1, 2]);
    expect(percentile([Number.NaN, 5, Infinity], 50)).toBe(5);
    expect(percentile([1, 2], Number.NaN)).toBeNull();
  });
});
