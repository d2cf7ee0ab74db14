/**
 * `npm run bench -- stream-network` turns the page's inbound video counters into a window's figures and finds when a
 * stream was whole again after the network cleared (decision 0030: goal within 5 s). The runs themselves are slow and
 * live in the bench, not in `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { recoveryMs, windowFigures, type VideoCounters } from '../../bench/stream-network-figures.ts';

const HD = { width: 960, height: 540 };

/** Counters read every 100 ms from t = 0: `fps` frames a second, and `lostPerRead` packets lost at each read in [lossFrom, lossTo). */
function reads(n: number, o: { fps?: number; lossFrom?: number; lossTo?: number; smallUntil?: number } = {}): VideoCounters[] {
  const out: VideoCounters[] = [];
  let lost = 0;
  for (let i = 0; i <= n; i++) {
    const at = i * 100;
    if (at >= (o.lossFrom ?? Infinity) && at < (o.lossTo ?? Infinity)) lost += 1;
    const small = at < (o.smallUntil ?? 0);
    out.push({
      timestamp: at,
      framesDecoded: Math.round(((o.fps ?? 60) * at) / 1000),
      bytesReceived: at * 100,
      packetsReceived: i * 50,
      packetsLost: lost,
      freezeCount: 0,
      totalFreezesDuration: 0,
      nackCount: lost,
      pliCount: 0,
      keyFramesDecoded: 1,
      width: small ? 640 : HD.width,
      height: small ? 360 : HD.height,
    });
  }
  return out;
}

describe('bench stream-network', () => {
  it('a window’s rates: fps, kbit/s, and the share of packets lost', () => {
    const r = reads(20, { lossFrom: 0, lossTo: 1000 });
    const w = windowFigures(r[0] as VideoCounters, r[10] as VideoCounters);
    expect(w.fps).toBe(60);
    expect(w.kbps).toBeCloseTo(800);
    // Lost in the reads at 0.1 … 0.9 s (the one at 0 is before the window): 9 against 500 received.
    expect(w.lossPct).toBeCloseTo((9 / 509) * 100);
    expect(w.nacks).toBe(9);
  });

  it('whole again at the end of the first full second after the clearing with 54 fps, no loss and the clarity’s size', () => {
    // Cleared at 1.0 s, a packet lost in each read up to the one at 1.4 s: the first clean second runs 1.4 → 2.4 s.
    expect(recoveryMs(reads(40, { lossFrom: 0, lossTo: 1500 }), 1000, 54, HD)).toBe(1400);
    // The picture still small until 3 s: whole at 3 s.
    expect(recoveryMs(reads(40, { smallUntil: 3000 }), 1000, 54, HD)).toBe(2000);
    // Too few frames, or loss that never ends: not whole within the samples.
    expect(recoveryMs(reads(40, { fps: 40 }), 1000, 54, HD)).toBeNull();
    expect(recoveryMs(reads(40, { lossFrom: 0 }), 1000, 54, HD)).toBeNull();
    // Samples before the clearing do not count.
    expect(recoveryMs(reads(40), 1000, 54, HD)).toBe(1000);
  });
});
