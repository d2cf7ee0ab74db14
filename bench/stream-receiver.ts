/**
 * Worker process of the stream benchmark: the player's side of N streams in
 * Node — the app's own `createRtcLink` (web/game/rtc-link.ts: recvonly video
 * + input data channel) on @roamhq/wrtc, each video track decoded into an
 * RTCVideoSink. A frame counts as delivered when the sink gets it decoded;
 * the frame code (web/api/frame-code.ts) is read from its luma plane to count
 * the server frames that never arrived. Kept out of the server process so its
 * decoding does not count as server CPU.
 */
import type { StreamRtcMessage } from '../web/api/contract.ts';
import { frameCodeFromLuma, frameGameHeight } from '../web/api/frame-code.ts';
import { createRtcLink, type RtcLink } from '../web/game/rtc-link.ts';
import { loadWrtc } from '../mock-server/stream/native.ts';
import { serveWorker } from './worker-rpc.ts';

export interface ReceiverStreamSample {
  id: string;
  /** Frames the sink got (decoded). */
  frames: number;
  /** Of those, frames whose code read back. */
  coded: number;
  /** Server frame numbers skipped between consecutive coded frames (never delivered). */
  skipped: number;
  width: number;
  height: number;
  bytesReceived: number;
  framesDecoded: number;
}

export interface ReceiverSample {
  at: number;
  cpuMs: number;
  streams: ReceiverStreamSample[];
}

interface Live {
  link: RtcLink;
  sink: { stop(): void; onframe: unknown } | null;
  frames: number;
  coded: number;
  skipped: number;
  lastFrame: number;
  width: number;
  height: number;
}

const wrtc = loadWrtc();
const streams = new Map<string, Live>();

const worker = serveWorker({
  async open(arg) {
    const id = arg as string;
    const live: Live = { link: null as unknown as RtcLink, sink: null, frames: 0, coded: 0, skipped: 0, lastFrame: -1, width: 0, height: 0 };
    live.link = createRtcLink({
      PeerConnection: wrtc.RTCPeerConnection,
      signal: (msg) => worker.emit('signal', { id, msg }),
      answered: () => undefined,
      connected: () => worker.emit('connected', id),
      track: (track) => {
        // The picture is what is counted here; the game's sound (decision 0027) is not listened to.
        if (track.kind !== 'video') return;
        const sink = new wrtc.nonstandard.RTCVideoSink(track);
        sink.onframe = ({ frame }) => {
          live.frames++;
          live.width = frame.width;
          live.height = frameGameHeight(frame.width, frame.height);
          const code = frameCodeFromLuma(frame.data, frame.width, frame.height);
          if (!code) return;
          live.coded++;
          if (live.lastFrame >= 0) {
            const gap = (code.frame - live.lastFrame + 65536) % 65536;
            if (gap > 1 && gap < 32768) live.skipped += gap - 1;
          }
          live.lastFrame = code.frame;
        };
        live.sink = sink;
      },
      report: () => undefined,
      failed: (why) => worker.emit('lost', { id, why }),
      log: (line) => worker.emit('log', line),
    });
    streams.set(id, live);
    await live.link.start();
    return null;
  },
  async sample(): Promise<ReceiverSample> {
    const at = performance.now();
    const u = process.cpuUsage();
    const out: ReceiverStreamSample[] = [];
    for (const [id, live] of streams) {
      const s: ReceiverStreamSample = { id, frames: live.frames, coded: live.coded, skipped: live.skipped, width: live.width, height: live.height, bytesReceived: 0, framesDecoded: 0 };
      try {
        const report = await live.link.stats();
        report?.forEach((r: Record<string, unknown>) => {
          if (r['type'] !== 'inbound-rtp' || r['kind'] !== 'video') return;
          s.bytesReceived = Number(r['bytesReceived'] ?? 0);
          s.framesDecoded = Number(r['framesDecoded'] ?? 0);
        });
      } catch {
        // Closed meanwhile.
      }
      out.push(s);
    }
    return { at, cpuMs: (u.user + u.system) / 1000, streams: out };
  },
  close(arg) {
    for (const id of arg as string[]) {
      const live = streams.get(id);
      if (!live) continue;
      live.sink?.stop();
      live.link.close();
      streams.delete(id);
    }
    return null;
  },
});

worker.on('signal', (data) => {
  const { id, msg } = data as { id: string; msg: StreamRtcMessage };
  streams.get(id)?.link.handle(msg).catch((err: unknown) => worker.emit('log', `receiver ${id}: ${String(err)}`));
});
