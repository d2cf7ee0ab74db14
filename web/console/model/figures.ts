/**
 * Stream figures per second from two of the feed's snapshots (the mock
 * reports running counts: frames sent and dropped, inputs). A counter that
 * fell (a new stream) or no time between gives no rate, shown as a dash.
 */
import type { NetworkSummary, StreamFigures } from '../../../mock-server/client/types.ts';

export interface StreamRates {
  sc_id: string;
  status: string;
  /** Frames sent per second, null when not measurable yet. */
  fps: number | null;
  /** Frames dropped per second (network drop or stall). */
  droppedPerSecond: number | null;
  /** Input messages per second. */
  inputsPerSecond: number | null;
  /** The clarity's bitrate and the network cap in force (0: none), kbit/s. */
  levelKbps: number;
  capKbps: number;
  viewers: number;
  frameCostMs: number | null;
  /** Share of the packets towards the player the network path lost since the last snapshot, percent; null without packets. */
  lossPct: number | null;
}

export interface Snapshot {
  at: number;
  summary: NetworkSummary;
}

const rate = (cur: number | undefined, prev: number | undefined, seconds: number): number | null => {
  if (cur === undefined || prev === undefined || seconds <= 0 || cur < prev) return null;
  return (cur - prev) / seconds;
};

/** What share of the packets between two snapshots was lost, percent. */
function share(lost: number | undefined, lostBefore: number | undefined, packets: number | undefined, packetsBefore: number | undefined): number | null {
  const n = rate(packets, packetsBefore, 1);
  const l = rate(lost, lostBefore, 1);
  return n === null || l === null || n === 0 ? null : (l / n) * 100;
}

export function streamRates(cur: Snapshot, prev: Snapshot | undefined): StreamRates[] {
  const seconds = prev ? (cur.at - prev.at) / 1000 : 0;
  const before = new Map<string, StreamFigures>((prev?.summary.streams ?? []).map((s) => [s.sc_id, s]));
  return cur.summary.streams.map((s) => {
    const p = before.get(s.sc_id);
    return {
      sc_id: s.sc_id,
      status: s.status,
      fps: rate(s.framesSent, p?.framesSent, seconds),
      droppedPerSecond: rate(s.framesDropped, p?.framesDropped, seconds),
      inputsPerSecond: rate(s.inputs, p?.inputs, seconds),
      levelKbps: s.level_config.bitrate,
      capKbps: cur.summary.network.bitrateKbps,
      viewers: s.viewers ?? 0,
      frameCostMs: s.frameCostMs ?? null,
      lossPct: share(s.lostDown, p?.lostDown, s.packetsDown, p?.packetsDown),
    };
  });
}

export const formatRate = (v: number | null, digits = 0): string => (v === null ? '–' : v.toFixed(digits));
