/**
 * Input-to-frame latency (docs/stream-stats.md): the SDK numbers every input
 * message it sends, the cloud stamps each frame with the last input it had
 * applied, and the client reads that stamp back when the frame is presented.
 * One input's latency is the time from sending it to the first presented
 * frame that reflects it.
 */
export interface LatencyTracker {
  /** Input message `seq` left the client at `t` (ms). Seqs increase within a stream. */
  sent(seq: number, t: number): void;
  /** A frame presented at `t` reflects every input up to `inputSeq`. */
  presented(inputSeq: number, t: number): void;
  /** The latencies (ms) recorded since the last take, oldest first. */
  take(): number[];
  /** A new stream: its seqs start again. */
  reset(): void;
}

interface Pending {
  seq: number;
  t: number;
}

export function createLatencyTracker(opts: { maxPending?: number } = {}): LatencyTracker {
  const max = Math.max(1, Math.floor(opts.maxPending ?? 256));
  let pending: Pending[] = [];
  let recorded: number[] = [];
  let lastSent = -Infinity;
  let reflected = -Infinity;
  return {
    sent(seq, t) {
      // A repeated or older seq would be paired with a frame that reflects some other input.
      if (!Number.isFinite(seq) || !Number.isFinite(t) || seq <= lastSent) return;
      lastSent = seq;
      pending.push({ seq, t });
      // A frozen stream must not grow memory; the oldest are the least likely to be reflected soon.
      if (pending.length > max) pending.splice(0, pending.length - max);
    },
    presented(inputSeq, t) {
      // A frame cannot reflect an input not yet sent: a stale stamp (from before a reset, or a misread)
      // must not mark the next inputs as already seen.
      const upTo = Math.min(inputSeq, lastSent);
      // An older or repeated frame reflects nothing new; its inputs were timed by the first frame that showed them.
      if (!Number.isFinite(t) || !(upTo > reflected)) return;
      reflected = upTo;
      let n = 0;
      while (n < pending.length && (pending[n] as Pending).seq <= upTo) n++;
      for (const p of pending.splice(0, n)) if (t >= p.t) recorded.push(t - p.t);
      // Bounded too, for a caller that stops taking.
      if (recorded.length > max) recorded.splice(0, recorded.length - max);
    },
    take() {
      const out = recorded;
      recorded = [];
      return out;
    },
    reset() {
      pending = [];
      recorded = [];
      lastSent = -Infinity;
      reflected = -Infinity;
    },
  };
}

/** The p-th percentile (0–100) by linear interpolation between ranks, so p50 of an even count is the mean of the middle two; null for none. */
export function percentile(values: number[], p: number): number | null {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0 || Number.isNaN(p)) return null;
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (xs.length - 1);
  const lo = xs[Math.floor(rank)] as number;
  const hi = xs[Math.ceil(rank)] as number;
  return lo + (hi - lo) * (rank - Math.floor(rank));
}
