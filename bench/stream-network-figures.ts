/**
 * The arithmetic of the stream-network benchmark (stream-network.ts), apart from the browser so a test can check it:
 * one window's figures from two samples of the page's inbound video counters, and how long a stream took to be whole
 * again once the network cleared.
 */
import type { PageStats } from './stream-browser-probes.ts';

/** The cumulative counters of the SDK's inbound video (getStats `inbound-rtp`, ms `timestamp`) the benchmark reads. */
export type VideoCounters = Pick<
  PageStats,
  'timestamp' | 'framesDecoded' | 'bytesReceived' | 'packetsReceived' | 'packetsLost' | 'freezeCount' | 'totalFreezesDuration' | 'nackCount' | 'pliCount' | 'keyFramesDecoded' | 'width' | 'height'
>;

export interface WindowFigures {
  fps: number;
  kbps: number;
  lossPct: number;
  freezes: number;
  freezeMs: number;
  nacks: number;
  plis: number;
  keyFrames: number;
}

export function windowFigures(a: VideoCounters, b: VideoCounters): WindowFigures {
  const s = Math.max(1e-3, (b.timestamp - a.timestamp) / 1000);
  const received = b.packetsReceived - a.packetsReceived;
  const lost = Math.max(0, b.packetsLost - a.packetsLost);
  return {
    fps: (b.framesDecoded - a.framesDecoded) / s,
    kbps: ((b.bytesReceived - a.bytesReceived) * 8) / s / 1000,
    lossPct: received + lost > 0 ? (lost / (received + lost)) * 100 : 0,
    freezes: b.freezeCount - a.freezeCount,
    freezeMs: (b.totalFreezesDuration - a.totalFreezesDuration) * 1000,
    nacks: b.nackCount - a.nackCount,
    plis: b.pliCount - a.pliCount,
    keyFrames: b.keyFramesDecoded - a.keyFramesDecoded,
  };
}

/**
 * Ms from `clearedAt` (a `timestamp`) to the end of the first second after it in which the stream was whole again: at least
 * `minFps` frames decoded, no packet lost, at the clarity's size. Null when no such second is in `samples` (read
 * every ~100 ms, in order).
 */
export function recoveryMs(samples: readonly VideoCounters[], clearedAt: number, minFps: number, size: { width: number; height: number }): number | null {
  const after = samples.filter((s) => s.timestamp >= clearedAt);
  let from = 0;
  for (let i = 0; i < after.length; i++) {
    const b = after[i] as VideoCounters;
    while (from < i && b.timestamp - (after[from + 1] as VideoCounters).timestamp >= 1000) from++;
    const a = after[from] as VideoCounters;
    if (b.timestamp - a.timestamp < 1000) continue;
    const w = windowFigures(a, b);
    if (w.fps >= minFps && w.lossPct === 0 && b.width === size.width && b.height === size.height) return b.timestamp - clearedAt;
  }
  return null;
}
