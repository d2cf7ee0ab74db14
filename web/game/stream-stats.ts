/**
 * Live stream figures for the realtime-info overlay (docs/stream-stats.md), all
 * measured: from `RTCPeerConnection.getStats()` and the frame code read back
 * from presented frames. Nothing here is invented: a figure the transport
 * cannot measure is null and the overlay shows a dash.
 */
import { frameGameHeight } from '../api/frame-code.ts';

/** One second's figures. */
export interface StreamStats {
  /** Client ms when measured. */
  at: number;
  transport: 'webrtc' | 'socket';
  /** Frames decoded per second over the last interval. */
  fps: number | null;
  width: number | null;
  height: number | null;
  /** Received video bitrate, kbit/s, over the last interval. */
  bitrateKbps: number | null;
  /** Round-trip time of the selected ICE candidate pair. */
  rttMs: number | null;
  jitterMs: number | null;
  /** Packets lost over the last interval, percent of packets expected. */
  packetLossPct: number | null;
  /** Mean decode time per frame over the last interval. */
  decodeMs: number | null;
  /** Input sent → first presented frame that reflects it: median of the last interval's samples. */
  inputLatencyMs: number | null;
  /** Total frames decoded since the stream started. */
  framesDecoded: number;
}

/**
 * The cumulative counters of one `getStats()` report, for the video stream.
 * Rates need two of these; keeping the raw counters (not rates) lets the
 * caller pick any interval and lets a reset be told from a slow second.
 */
export interface StatsSample {
  /** ms: the inbound-rtp stat's own `timestamp`, so intervals are the browser's, not our timer's; 0 when missing. */
  timestamp: number;
  framesDecoded: number;
  framesReceived?: number | null;
  bytesReceived: number;
  packetsReceived: number;
  /** Signed in the spec: duplicated packets can make it fall. */
  packetsLost: number;
  /** s, summed over `framesDecoded`; null where the browser does not report it. */
  totalDecodeTime: number | null;
  frameWidth: number | null;
  frameHeight: number | null;
  /** s (RFC 3550 interarrival jitter). */
  jitter: number | null;
  /** The browser's own figure, used only when there is no previous sample. */
  framesPerSecond: number | null;
  /** s, of the ICE candidate pair in use. */
  currentRoundTripTime: number | null;
}

type Stat = Record<string, unknown>;
/** A real `RTCStatsReport` (Map-like), a `Map` or an array of `[id, stat]` entries. */
export type StatsReportLike = Iterable<[string, Stat]> | { forEach(cb: (v: Stat) => void): void };

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const counter = (v: unknown): number => Math.max(0, finite(v) ?? 0);
const positive = (v: unknown): number | null => {
  const n = finite(v);
  return n !== null && n > 0 ? n : null;
};
const nonNegative = (v: unknown): number | null => {
  const n = finite(v);
  return n !== null && n >= 0 ? n : null;
};

function statsOf(report: StatsReportLike): Stat[] {
  const out: Stat[] = [];
  // An array of entries has forEach too and hands over the [id, stat] pair, not the stat.
  const add = (v: unknown): void => {
    const stat: unknown = Array.isArray(v) ? v[1] : v;
    if (stat !== null && typeof stat === 'object') out.push(stat as Stat);
  };
  // forEach first: some RTCStatsReport implementations are not iterable.
  if ('forEach' in report && typeof report.forEach === 'function') report.forEach(add);
  else for (const entry of report as Iterable<unknown>) add(entry);
  return out;
}

/** The candidate pair carrying the media: the transport's selected pair, else a nominated succeeded one (Firefox also flags `selected`). */
function pairInUse(stats: Stat[], video: Stat): Stat | undefined {
  const transports = stats.filter((s) => s.type === 'transport');
  // Without BUNDLE each m-line has its own transport: the video's own one is the one that matters.
  const transport = transports.find((t) => t.id === video.transportId) ?? transports.find((t) => typeof t.selectedCandidatePairId === 'string');
  const id = transport?.selectedCandidatePairId;
  const selected = typeof id === 'string' ? stats.find((s) => s.type === 'candidate-pair' && s.id === id) : undefined;
  return selected ?? stats.find((s) => s.type === 'candidate-pair' && (s.selected === true || (s.nominated === true && s.state === 'succeeded')));
}

/** The video counters of one report; null while the report has no inbound video (before the first packet). */
export function sampleOf(report: StatsReportLike): StatsSample | null {
  const stats = statsOf(report);
  // `mediaType` is the pre-2019 name of `kind`, still sent by older WebKit.
  const video = stats.find((s) => s.type === 'inbound-rtp' && (s.kind === 'video' || s.mediaType === 'video'));
  if (!video) return null;
  return {
    timestamp: positive(video.timestamp) ?? 0,
    framesDecoded: counter(video.framesDecoded),
    framesReceived: nonNegative(video.framesReceived),
    bytesReceived: counter(video.bytesReceived),
    packetsReceived: counter(video.packetsReceived),
    packetsLost: finite(video.packetsLost) ?? 0,
    totalDecodeTime: nonNegative(video.totalDecodeTime),
    // 0×0 is what some browsers report before the first decoded frame: not a size.
    frameWidth: positive(video.frameWidth),
    frameHeight: positive(video.frameHeight),
    jitter: nonNegative(video.jitter),
    framesPerSecond: nonNegative(video.framesPerSecond),
    currentRoundTripTime: nonNegative(pairInUse(stats, video)?.currentRoundTripTime),
  };
}

/** False when `cur` cannot be measured against `prev`: no time passed, or a counter fell (a new stream after a reconnect). */
function continues(prev: StatsSample, cur: StatsSample): boolean {
  if (prev.timestamp <= 0 || cur.timestamp <= prev.timestamp) return false;
  const kept = (a: number | null | undefined, b: number | null | undefined): boolean => a == null || b == null || b >= a;
  // packetsLost is left out: it may legitimately fall (duplicates).
  return (
    cur.framesDecoded >= prev.framesDecoded &&
    cur.bytesReceived >= prev.bytesReceived &&
    cur.packetsReceived >= prev.packetsReceived &&
    kept(prev.framesReceived, cur.framesReceived) &&
    kept(prev.totalDecodeTime, cur.totalDecodeTime)
  );
}

const ms = (s: number | null): number | null => (s === null ? null : s * 1000);

/**
 * One interval's figures from two samples (see docs/stream-stats.md). Without a
 * usable `prev` only the instantaneous figures are known: rates are null, not
 * guessed, except fps, for which the browser keeps its own one-second figure.
 */
export function computeStats(prev: StatsSample | null, cur: StatsSample, extra: { at: number; inputLatencyMs: number | null }): StreamStats {
  const base = prev && continues(prev, cur) ? prev : null;
  const figures = {
    at: extra.at,
    transport: 'webrtc' as const,
    width: cur.frameWidth,
    // The player's picture: the decoded frame less the frame code's strip (decision 0025).
    height: cur.frameWidth !== null && cur.frameHeight !== null ? frameGameHeight(cur.frameWidth, cur.frameHeight) : cur.frameHeight,
    rttMs: ms(cur.currentRoundTripTime),
    jitterMs: ms(cur.jitter),
    inputLatencyMs: extra.inputLatencyMs,
    framesDecoded: cur.framesDecoded,
  };
  if (!base) return { ...figures, fps: cur.framesPerSecond, bitrateKbps: null, packetLossPct: null, decodeMs: null };
  const seconds = (cur.timestamp - base.timestamp) / 1000;
  const frames = cur.framesDecoded - base.framesDecoded;
  const received = cur.packetsReceived - base.packetsReceived;
  const lost = Math.max(0, cur.packetsLost - base.packetsLost);
  const decodeSeconds = cur.totalDecodeTime !== null && base.totalDecodeTime !== null ? cur.totalDecodeTime - base.totalDecodeTime : null;
  return {
    ...figures,
    fps: frames / seconds,
    bitrateKbps: ((cur.bytesReceived - base.bytesReceived) * 8) / seconds / 1000,
    packetLossPct: lost + received > 0 ? (lost / (lost + received)) * 100 : 0,
    // No frame decoded in the interval: there is no per-frame time to report.
    decodeMs: decodeSeconds !== null && frames > 0 ? (decodeSeconds / frames) * 1000 : null,
  };
}

export type StatGrade = 'good' | 'fair' | 'poor';
/** The figures that have a grade; the others (size, counters, time) are facts, not quality. */
export type GradedStat = 'fps' | 'bitrateKbps' | 'rttMs' | 'jitterMs' | 'packetLossPct' | 'decodeMs' | 'inputLatencyMs';
export interface StatThreshold {
  readonly better: 'higher' | 'lower';
  /** Inclusive limits: `good` or better is good, `fair` or better is fair, the rest poor. */
  readonly good: number;
  readonly fair: number;
  /** Fractions of the expected value (the clarity's fps or bitrate cap), used instead of the absolute limits when one is given. */
  readonly relative?: { readonly good: number; readonly fair: number };
}
/** Every limit and its reason: docs/stream-stats.md. */
export const STAT_THRESHOLDS: Readonly<Record<GradedStat, StatThreshold>> = {
  fps: { better: 'higher', good: 55, fair: 30, relative: { good: 0.9, fair: 0.5 } },
  bitrateKbps: { better: 'higher', good: 1500, fair: 500, relative: { good: 0.5, fair: 0.2 } },
  rttMs: { better: 'lower', good: 40, fair: 80 },
  jitterMs: { better: 'lower', good: 10, fair: 30 },
  packetLossPct: { better: 'lower', good: 0.5, fair: 2 },
  decodeMs: { better: 'lower', good: 8, fair: 16 },
  inputLatencyMs: { better: 'lower', good: 80, fair: 150 },
};
/** What the clarity promises (LevelConfig `fps`, `bitrate`). */
export interface StatExpectation {
  fps?: number;
  bitrateKbps?: number;
}

const isGraded = (name: keyof StreamStats): name is GradedStat => Object.hasOwn(STAT_THRESHOLDS, name);

export function gradeStat(name: keyof StreamStats, value: number | null, expected?: StatExpectation): StatGrade | null {
  if (value === null || !Number.isFinite(value) || !isGraded(name)) return null;
  const t = STAT_THRESHOLDS[name];
  const ref = name === 'fps' ? expected?.fps : name === 'bitrateKbps' ? expected?.bitrateKbps : undefined;
  // Compared as ratios, not value ≥ 0.9 × ref: 27 / 30 is exactly 0.9, 0.9 × 30 is not exactly 27.
  const [v, good, fair] = t.relative && ref !== undefined && Number.isFinite(ref) && ref > 0 ? [value / ref, t.relative.good, t.relative.fair] : [value, t.good, t.fair];
  if (t.better === 'higher') return v >= good ? 'good' : v >= fair ? 'fair' : 'poor';
  return v <= good ? 'good' : v <= fair ? 'fair' : 'poor';
}

/** The overlay's text for a figure; a dash when it is not measured. */
export function formatStat(name: GradedStat, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  switch (name) {
    case 'fps':
      return String(Math.round(value));
    case 'bitrateKbps': {
      const kbps = Math.round(value);
      return kbps >= 1000 ? `${(value / 1000).toFixed(1)} Mbps` : `${kbps} kbit/s`;
    }
    case 'packetLossPct':
      return `${value.toFixed(1)} %`;
    case 'decodeMs':
      return `${value.toFixed(1)} ms`;
    default:
      return `${Math.round(value)} ms`;
  }
}
