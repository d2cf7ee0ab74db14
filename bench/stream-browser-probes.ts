/**
 * What stream benchmark part 3 (stream-browser.ts) reads: the page's
 * instrumentation (an init script remembering every RTCPeerConnection, the
 * frame code of every presented frame, timestamped keys), the SDK's inbound
 * video counters, the mock cloud's sender and loop figures, and the game
 * menu and overlay of the page.
 */
import type { Page } from 'playwright-core';
import { loadWrtc } from '../mock-server/stream/native.ts';
import { frameGameHeight } from '../web/api/frame-code.ts';
import { CONTROL_WRITE_HEADERS } from '../mock-server/http/control-guard.ts';

export interface PageStats {
  framesDecoded: number;
  bytesReceived: number;
  framesDropped: number;
  totalDecodeTime: number;
  width: number;
  height: number;
  timestamp: number;
  /** What the network did to the stream and how it was mended (bench/stream-network.ts). */
  packetsReceived: number;
  packetsLost: number;
  freezeCount: number;
  /** s. */
  totalFreezesDuration: number;
  nackCount: number;
  pliCount: number;
  keyFramesDecoded: number;
}

/** The page instrumentation (see the file comment). */
export function initScript(): string {
  return `(() => {
  const B = (globalThis.__bench = { pcs: [], frames: [], keys: [], firstFrameAt: null, playingAt: null, made: {}, origin: performance.timeOrigin });
  // Stage stamps (stream-browser-latency.ts): the server's wall-clock ms each frame was made, from the frame reports
  // the SDK reads off its stream socket, and the video's own timing of the frame the presenter is called back for.
  const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data');
  Object.defineProperty(MessageEvent.prototype, 'data', {
    configurable: true,
    get() {
      const d = dataOf.get.call(this);
      if (typeof d === 'string' && d.startsWith('{"type":"frame"')) {
        try { const m = JSON.parse(d); B.made[m.frame % 65536] = m.t; } catch (e) { B.error = String(e); }
      }
      return d;
    },
  });
  let meta = null;
  const rvfc = HTMLVideoElement.prototype.requestVideoFrameCallback;
  if (rvfc) {
    HTMLVideoElement.prototype.requestVideoFrameCallback = function (cb) {
      return rvfc.call(this, (now, m) => {
        meta = [typeof m.receiveTime === 'number' ? m.receiveTime : -1, typeof m.processingDuration === 'number' ? m.processingDuration * 1000 : -1, now];
        cb(now, m);
      });
    };
  }
  const playing = new MutationObserver(() => {
    if (document.querySelector('.gs')?.getAttribute('data-phase') !== 'playing' || document.querySelector('.gs-loading')) return;
    B.playingAt = performance.now();
    playing.disconnect();
  });
  playing.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  const Orig = globalThis.RTCPeerConnection;
  if (Orig) {
    globalThis.RTCPeerConnection = class extends Orig {
      constructor(...a) { super(...a); B.pcs.push(this); }
    };
  }
  for (const type of ['keydown', 'keyup']) {
    addEventListener(type, (e) => { if (!e.repeat) B.keys.push([performance.now(), type, e.code]); }, true);
  }
  // The SDK writes the frame code it read from every presented frame on the stream element (data-frame,
  // data-input-seq; web/game/mock-sdk.ts): watching those writes times the frames the SDK itself sees, when it sees
  // them, with no readback of our own (which would add main-thread work and delay the SDK's callback).
  new MutationObserver((records) => {
    const t = performance.now();
    for (const r of records) {
      const el = r.target;
      if (r.attributeName !== 'data-frame' || !el.dataset || el.dataset.testid !== 'game-stream') continue;
      if (B.firstFrameAt === null) B.firstFrameAt = t;
      B.frames.push([t, Number(el.dataset.frame) % 65536, Number(el.dataset.inputSeq), ...(meta ?? [-1, -1, -1])]);
      meta = null;
      if (B.frames.length > 30000) B.frames.splice(0, 15000);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-frame'] });
})();`;
}

export async function mockCall(base: string, session: string, what: string, data?: unknown): Promise<unknown> {
  const url = new URL(`/__mock/${what}`, base);
  url.searchParams.set('session', session);
  const res = await fetch(url, {
    method: data === undefined ? 'GET' : 'POST',
    headers: { ...CONTROL_WRITE_HEADERS },
    body: data === undefined ? undefined : JSON.stringify(data),
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) throw new Error(`/__mock/${what} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export interface ServerFigures {
  ticks: number;
  framesSent: number;
  frameCostMs: number;
  inputs: number;
  inputSeq: number;
  at: number;
}

export async function serverFigures(base: string, session: string): Promise<ServerFigures> {
  const net = (await mockCall(base, session, 'network')) as { streams: (ServerFigures & { status: string; viewers: number })[] };
  const s = net.streams.find((x) => x.viewers > 0) ?? net.streams[net.streams.length - 1];
  if (!s) throw new Error('the mock session has no game stream');
  return { ticks: s.ticks, framesSent: s.framesSent, frameCostMs: s.frameCostMs, inputs: s.inputs, inputSeq: s.inputSeq, at: performance.now() };
}

/** One inbound track's jitter buffer: seconds held, summed over what left it, and how many left (samples or frames). */
export interface BufferFigures {
  delay: number;
  emitted: number;
}

/** The SDK's connection's jitter buffers for the sound and the picture, as getStats counts them (null: not both yet). */
export async function bufferFigures(page: Page): Promise<{ audio: BufferFigures; video: BufferFigures } | null> {
  return page.evaluate(async () => {
    const B = (globalThis as unknown as { __bench: { pcs: RTCPeerConnection[] } }).__bench;
    const pc = [...B.pcs].reverse().find((p) => p.connectionState === 'connected');
    if (!pc) return null;
    const out: Record<string, { delay: number; emitted: number }> = {};
    (await pc.getStats()).forEach((r: Record<string, unknown>) => {
      if (r['type'] !== 'inbound-rtp') return;
      out[String(r['kind'])] = { delay: Number(r['jitterBufferDelay'] ?? 0), emitted: Number(r['jitterBufferEmittedCount'] ?? 0) };
    });
    const { audio, video } = out;
    return audio && video ? { audio, video } : null;
  });
}

/**
 * How much longer the sound waits in its jitter buffer than the picture in its own, ms, over a window: the two
 * buffers are where the two tracks part (they leave the mock within a tick of each other). Positive: the sound lags.
 * The browser reports no playout time of either against the sender's clock for this peer, so this is the estimate.
 */
export function soundLagMs(a: { audio: BufferFigures; video: BufferFigures } | null, b: { audio: BufferFigures; video: BufferFigures } | null): number | null {
  if (!a || !b) return null;
  const per = (x: BufferFigures, y: BufferFigures): number | null => (y.emitted > x.emitted ? ((y.delay - x.delay) / (y.emitted - x.emitted)) * 1000 : null);
  const audio = per(a.audio, b.audio);
  const video = per(a.video, b.video);
  return audio === null || video === null ? null : audio - video;
}

/** The SDK's live connection's inbound video counters; the size is the game picture's, as the overlay shows it (decision 0025). */
export async function pageStats(page: Page): Promise<PageStats | null> {
  const s = await inboundVideo(page);
  return s ? { ...s, height: frameGameHeight(s.width, s.height) } : null;
}

function inboundVideo(page: Page): Promise<PageStats | null> {
  return page.evaluate(async () => {
    const B = (globalThis as unknown as { __bench: { pcs: RTCPeerConnection[] } }).__bench;
    const pc = [...B.pcs].reverse().find((p) => p.connectionState === 'connected');
    if (!pc) return null;
    const report = await pc.getStats();
    let out: PageStats | null = null;
    report.forEach((r: Record<string, unknown>) => {
      if (r['type'] !== 'inbound-rtp' || r['kind'] !== 'video') return;
      out = {
        framesDecoded: Number(r['framesDecoded'] ?? 0),
        bytesReceived: Number(r['bytesReceived'] ?? 0),
        framesDropped: Number(r['framesDropped'] ?? 0),
        totalDecodeTime: Number(r['totalDecodeTime'] ?? 0),
        width: Number(r['frameWidth'] ?? 0),
        height: Number(r['frameHeight'] ?? 0),
        timestamp: Number(r['timestamp'] ?? 0),
        packetsReceived: Number(r['packetsReceived'] ?? 0),
        packetsLost: Number(r['packetsLost'] ?? 0),
        freezeCount: Number(r['freezeCount'] ?? 0),
        totalFreezesDuration: Number(r['totalFreezesDuration'] ?? 0),
        nackCount: Number(r['nackCount'] ?? 0),
        pliCount: Number(r['pliCount'] ?? 0),
        keyFramesDecoded: Number(r['keyFramesDecoded'] ?? 0),
      };
    });
    return out;
  });
}

export interface SenderStats {
  framesEncoded: number;
  totalEncodeTime: number;
  limitation: string;
  availableKbps: number;
  at: number;
}

/** The mock cloud's peer connections (this process): every one the stream makes is remembered while part 3 runs. */
const serverPcs: RTCPeerConnection[] = [];

export function recordServerPcs(): () => void {
  const wrtc = loadWrtc() as { RTCPeerConnection: typeof RTCPeerConnection };
  const Orig = wrtc.RTCPeerConnection;
  wrtc.RTCPeerConnection = class extends Orig {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      serverPcs.push(this);
    }
  };
  return () => {
    wrtc.RTCPeerConnection = Orig;
    serverPcs.length = 0;
  };
}

export async function senderStats(): Promise<SenderStats | null> {
  const pc = [...serverPcs].reverse().find((p) => p.connectionState === 'connected');
  if (!pc) return null;
  const out: SenderStats = { framesEncoded: 0, totalEncodeTime: 0, limitation: '', availableKbps: Number.NaN, at: performance.now() };
  (await pc.getStats()).forEach((r: Record<string, unknown>) => {
    if (r['type'] === 'candidate-pair' && r['nominated'] === true && typeof r['availableOutgoingBitrate'] === 'number') out.availableKbps = r['availableOutgoingBitrate'] / 1000;
    if (r['type'] !== 'outbound-rtp' || r['kind'] !== 'video') return;
    out.framesEncoded = Number(r['framesEncoded'] ?? 0);
    out.totalEncodeTime = Number(r['totalEncodeTime'] ?? 0);
    out.limitation = String(r['qualityLimitationReason'] ?? '');
  });
  return out;
}

/** A frame the SDK saw presented: [performance.now(), frame code's frame or -1, its input_seq or -1]. */
/**
 * One frame the SDK read: page ms when its code was read, frame number (mod 65,536), input_seq, and the video's own
 * timing of it (requestVideoFrameCallback metadata): page ms its last packet was received, ms decoding took, page ms
 * of the callback (presented). -1 where not known.
 */
export type FrameRec = [number, number, number, number, number, number];

export async function framesSince(page: Page, t: number): Promise<FrameRec[]> {
  return page.evaluate((since) => (globalThis as unknown as { __bench: { frames: FrameRec[] } }).__bench.frames.filter((f) => f[0] >= since), t);
}

export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());
/** RTCPeerConnections the page has made so far: one more means the SDK reconnected the stream. */
export const connections = (page: Page): Promise<number> => page.evaluate(() => (globalThis as unknown as { __bench: { pcs: unknown[] } }).__bench.pcs.length);

export async function overlayTexts(page: Page): Promise<{ fps: string; bitrate: string; input: string }> {
  // No named helper functions inside: tsx's keepNames would reference a __name the page does not have.
  const [fps, bitrate, input] = await page.evaluate(() =>
    ['fps', 'bitrateKbps', 'inputLatencyMs'].map((stat) => document.querySelector(`[data-stat="${stat}"] dd span`)?.textContent?.trim() ?? ''),
  );
  return { fps: fps ?? '', bitrate: bitrate ?? '', input: input ?? '' };
}

export async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('dialog', { name: 'Game menu' }).waitFor();
}

export async function closeMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.getByRole('dialog', { name: 'Game menu' }).waitFor({ state: 'detached' });
}

export async function waitPlaying(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.gs')?.getAttribute('data-phase') === 'playing' && !document.querySelector('.gs-loading'), undefined, {
    timeout: timeoutMs,
    polling: 20,
  });
}
