/**
 * Worker process of the stream benchmark: the mock cloud's side of N
 * streams, with the product's own code — `createGameStream` (60 Hz loop,
 * real game, `createPicture`: Skia draw + getImageData + rgbaToI420) viewed
 * by `createRtcPeer` (libwebrtc VP8) — or, to isolate the encoder, a
 * `createRtcPeer` fed pre-rendered I420 frames of the same game at 60 Hz.
 * Signalling goes to the parent (which relays it to the receiver worker).
 * Its own CPU time (process.cpuUsage) is what the benchmark reports as
 * server cost; the parent may pin it to one CPU.
 */
import { type LevelConfig, type StreamFrameMessage, type StreamRtcMessage } from '../web/api/contract.ts';
import { systemClock } from '../web/core/clock.ts';
import { createControls } from '../mock-server/stream/controls.ts';
import { createGameStream, type GameStream } from '../mock-server/stream/game-stream.ts';
import { createStreamGame, type GameKind } from '../mock-server/stream/games/index.ts';
import { loadWrtc, type VideoFrame } from '../mock-server/stream/native.ts';
import { NO_CONDITIONS } from '../mock-server/stream/network.ts';
import { createPicture } from '../mock-server/stream/picture.ts';
import { createRtcPeer, type RtcPeer } from '../mock-server/stream/rtc-peer.ts';
import { serveWorker } from './worker-rpc.ts';

export interface ServerStreamSpec {
  id: string;
  /** 'game': the real game loop; 'ring': pre-rendered frames of it (encoder alone). */
  mode: 'game' | 'ring';
  kind: GameKind;
  width: number;
  height: number;
  kbps: number;
}

export interface ServerStreamSample {
  id: string;
  connected: boolean;
  /** Loop ticks (game) or frames fed (ring) so far. */
  ticks: number;
  framesSent: number;
  /** game-stream's own figure: mean ms to draw + convert a frame over the last second. */
  frameCostMs: number;
  /** outbound-rtp of the peer (libwebrtc's figures). */
  framesEncoded: number;
  totalEncodeTimeS: number;
  bytesSent: number;
  encodedWidth: number;
  encodedHeight: number;
  qualityLimitation: string;
  /** The sender's bandwidth estimate (candidate-pair availableOutgoingBitrate), kbit/s. */
  availableKbps: number;
}

export interface ServerSample {
  at: number;
  /** process.cpuUsage user + system, ms. */
  cpuMs: number;
  streams: ServerStreamSample[];
}

const TICK_MS = 1000 / 60;

// Every RTCPeerConnection createRtcPeer makes is remembered, so the benchmark can read the sender's stats.
const wrtc = loadWrtc();
let lastPc: RTCPeerConnection | null = null;
{
  const Orig = wrtc.RTCPeerConnection;
  const Recording = class extends Orig {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      // The benchmark reads the newest connection's sender stats; the constructor is the one place that sees it.
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      lastPc = this;
    }
  };
  (wrtc as { RTCPeerConnection: typeof RTCPeerConnection }).RTCPeerConnection = Recording;
}

interface Live {
  spec: ServerStreamSpec;
  peer: RtcPeer;
  pc: RTCPeerConnection;
  connected: boolean;
  game?: GameStream;
  detach?: () => void;
  ring?: { fed: number; timer: ReturnType<typeof setTimeout> | undefined; stop(): void };
}

const streams = new Map<string, Live>();
const rings = new Map<string, VideoFrame[]>();

const ringKey = (kind: GameKind, w: number, h: number): string => `${kind}:${w}x${h}`;

/** `count` consecutive frames of a real game at this size, copied out of the picture's buffer. */
function prerender(kind: GameKind, width: number, height: number, count: number): VideoFrame[] {
  const key = ringKey(kind, width, height);
  const have = rings.get(key);
  if (have && have.length >= count) return have;
  const game = createStreamGame({ kind, title: 'Bench', seed: 7 });
  const controls = createControls();
  const picture = createPicture();
  const frames: VideoFrame[] = [];
  for (let i = 1; i <= count; i++) {
    // Hold right then left so the picture moves the way play does.
    controls.apply({ device: 'keyboard', key: i % 120 < 60 ? 'ArrowRight' : 'ArrowLeft', down: true }, { width, height });
    controls.apply({ device: 'keyboard', key: i % 120 < 60 ? 'ArrowLeft' : 'ArrowRight', down: false }, { width, height });
    game.tick(controls.state());
    const v = picture.render(game, width, height, { frame: i, inputSeq: 0 });
    // The frame as made: the game and the frame code's strip under it (decision 0025).
    frames.push({ width: v.width, height: v.height, data: v.data.slice() });
  }
  rings.set(key, frames);
  return frames;
}

/** Feeds the ring to the peer on the same fixed 60 Hz schedule as game-stream.ts. */
function startRing(live: Live, frames: VideoFrame[]): NonNullable<Live['ring']> {
  let nextAt = performance.now();
  let frame = 0;
  const ring: NonNullable<Live['ring']> = {
    fed: 0,
    timer: undefined,
    stop() {
      clearTimeout(ring.timer);
      ring.timer = undefined;
    },
  };
  const tick = (): void => {
    frame++;
    const video = frames[frame % frames.length] as VideoFrame;
    const info: StreamFrameMessage = { type: 'frame', frame, input_seq: 0, t: Date.now(), inputs: 0, last_input: null, game: null };
    live.peer.frame(video, info);
    ring.fed++;
    nextAt += TICK_MS;
    if (performance.now() - nextAt > 4 * TICK_MS) nextAt = performance.now();
    ring.timer = setTimeout(tick, Math.max(0, nextAt - performance.now()));
  };
  ring.timer = setTimeout(tick, 0);
  return ring;
}

const worker = serveWorker({
  prerender(arg) {
    const { kind, width, height, count } = arg as { kind: GameKind; width: number; height: number; count: number };
    const t = performance.now();
    prerender(kind, width, height, count);
    return { ms: performance.now() - t };
  },
  add(arg) {
    const spec = arg as ServerStreamSpec;
    const level: LevelConfig = { display_grade: 6, name: 'standard', width: spec.width, height: spec.height, fps: 60, bitrate: spec.kbps };
    lastPc = null;
    const live = {} as Live;
    const peer = createRtcPeer({
      signal: (msg) => worker.emit('signal', { id: spec.id, msg }),
      message: (text) => {
        // Input from the receiver: the real stream socket parses it; the bench sends none.
        void text;
      },
      connected: () => {
        live.connected = true;
        if (spec.mode === 'game') {
          live.game = createGameStream({
            kind: spec.kind,
            title: 'Bench',
            seed: streams.size + 1,
            level: () => level,
            network: () => NO_CONDITIONS,
            frameClock: systemClock,
          });
          live.detach = live.game.attach(peer);
        } else {
          live.ring = startRing(live, prerender(spec.kind, spec.width, spec.height, 60));
        }
      },
      // The receivers read the frame code from the picture; reports would go over a stream socket the bench has not.
      report: () => undefined,
      lost: (why) => worker.emit('lost', { id: spec.id, why }),
      bitrateKbps: () => spec.kbps,
      log: (line) => worker.emit('log', line),
    });
    if (!lastPc) throw new Error('createRtcPeer made no RTCPeerConnection the bench could see');
    Object.assign(live, { spec, peer, pc: lastPc, connected: false });
    streams.set(spec.id, live);
    return null;
  },
  async sample(): Promise<ServerSample> {
    const at = performance.now();
    const u = process.cpuUsage();
    const out: ServerStreamSample[] = [];
    for (const live of streams.values()) {
      const s: ServerStreamSample = {
        id: live.spec.id,
        connected: live.connected,
        ticks: live.game?.figures().ticks ?? live.ring?.fed ?? 0,
        framesSent: live.game?.figures().framesSent ?? live.ring?.fed ?? 0,
        frameCostMs: live.game?.figures().frameCostMs ?? 0,
        framesEncoded: 0,
        totalEncodeTimeS: 0,
        bytesSent: 0,
        encodedWidth: 0,
        encodedHeight: 0,
        qualityLimitation: '',
        availableKbps: 0,
      };
      try {
        const report = await live.pc.getStats();
        report.forEach((r: Record<string, unknown>) => {
          if (r['type'] === 'candidate-pair' && r['nominated'] === true && typeof r['availableOutgoingBitrate'] === 'number') {
            s.availableKbps = r['availableOutgoingBitrate'] / 1000;
          }
          if (r['type'] !== 'outbound-rtp' || r['kind'] !== 'video') return;
          s.framesEncoded = Number(r['framesEncoded'] ?? 0);
          s.totalEncodeTimeS = Number(r['totalEncodeTime'] ?? 0);
          s.bytesSent = Number(r['bytesSent'] ?? 0);
          s.encodedWidth = Number(r['frameWidth'] ?? 0);
          s.encodedHeight = Number(r['frameHeight'] ?? 0);
          s.qualityLimitation = String(r['qualityLimitationReason'] ?? '');
        });
      } catch {
        // Closed meanwhile.
      }
      out.push(s);
    }
    return { at, cpuMs: (u.user + u.system) / 1000, streams: out };
  },
  remove(arg) {
    const ids = arg as string[];
    for (const id of ids) {
      const live = streams.get(id);
      if (!live) continue;
      live.ring?.stop();
      live.detach?.();
      live.game?.dispose();
      live.peer.close();
      streams.delete(id);
    }
    return null;
  },
  dropRings() {
    rings.clear();
    return null;
  },
});

worker.on('signal', (data) => {
  const { id, msg } = data as { id: string; msg: StreamRtcMessage };
  void streams.get(id)?.peer.signal(msg);
});
