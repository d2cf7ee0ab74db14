/**
 * Stream benchmark, part 3 (bench/stream-browser.ts), per clarity: decoded fps and bitrate from getStats deltas (the
 * counters the realtime-info overlay shows: framesDecoded, bytesReceived), presented fps (requestVideoFrameCallback,
 * distinct frame codes), the server's loop and sender, and the overlay's own figures as a cross-check.
 */
import type { Page } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LevelConfig } from '../web/api/contract.ts';
import { loadWindow, type LoadWindow } from './cpu-load.ts';
import type { BrowserCtx } from './stream-browser-session.ts';
import { bufferFigures, connections, soundLagMs, framesSince, overlayTexts, pageNow, pageStats, senderStats, serverFigures } from './stream-browser-probes.ts';

export interface ClarityRun {
  level: LevelConfig;
  /** Decoded size at the end of the window. */
  size: string;
  decodedFps: number;
  presentedFps: number;
  /** Distinct frame codes among presented frames, per second (a repeat is a frame shown twice). */
  distinctFps: number;
  kbps: number;
  decodeMs: number;
  framesDroppedPerS: number;
  /** The server's loop for this session: ticks and frames handed to the encoder per second, and draw+convert ms. */
  serverTickFps: number;
  serverSentFps: number;
  serverFrameCostMs: number;
  /** The mock's WebRTC sender (outbound-rtp, candidate pair): encoded fps, encode ms/frame, what limits quality, bandwidth estimate kbit/s. */
  sender: { encodedFps: number; encodeMs: number; limitation: string; availableKbps: number } | null;
  /** How much longer the sound is buffered than the picture over the window, ms (decision 0027); null when not measurable. */
  avOffsetMs: number | null;
  /** The realtime-info overlay's texts seen during the window. */
  overlay: { fps: string[]; bitrate: string[]; input: string[] };
  /** New WebRTC connections the SDK made during the window (a stall it recovered from): the figures then mean little. */
  reconnects: number;
  load: LoadWindow;
}

export async function measureClarity(c: BrowserCtx, page: Page, session: string, level: LevelConfig, windowMs: number): Promise<ClarityRun> {
  const overlay = { fps: [] as string[], bitrate: [] as string[], input: [] as string[] };
  const pcs0 = await connections(page);
  const b0 = await bufferFigures(page);
  const s0 = await pageStats(page);
  const f0 = await serverFigures(c.base, session);
  const e0 = await senderStats();
  const t0 = await pageNow(page);
  const load = loadWindow();
  for (let waited = 0; waited < windowMs; waited += 1000) {
    await sleep(Math.min(1000, windowMs - waited));
    const o = await overlayTexts(page);
    overlay.fps.push(o.fps);
    overlay.bitrate.push(o.bitrate);
    overlay.input.push(o.input);
  }
  const s1 = await pageStats(page);
  const b1 = await bufferFigures(page);
  const f1 = await serverFigures(c.base, session);
  const e1 = await senderStats();
  const t1 = await pageNow(page);
  const l = load();
  const encoded = e0 && e1 ? e1.framesEncoded - e0.framesEncoded : 0;
  const sender =
    e0 && e1 && e1.at > e0.at
      ? {
          encodedFps: encoded / ((e1.at - e0.at) / 1000),
          encodeMs: encoded > 0 ? ((e1.totalEncodeTime - e0.totalEncodeTime) * 1000) / encoded : Number.NaN,
          limitation: e1.limitation,
          availableKbps: e1.availableKbps,
        }
      : null;
  const frames = await framesSince(page, t0);
  if (!s0 || !s1) throw new Error(`no connected RTCPeerConnection in the page at ${level.name}`);
  const dt = (s1.timestamp - s0.timestamp) / 1000;
  const sdt = (f1.at - f0.at) / 1000;
  const inWindow = frames.filter((f) => f[0] < t1);
  const distinct = new Set(inWindow.filter((f) => f[1] >= 0).map((f) => f[1])).size;
  const decoded = s1.framesDecoded - s0.framesDecoded;
  return {
    level,
    size: `${s1.width}×${s1.height}`,
    decodedFps: decoded / dt,
    presentedFps: inWindow.length / ((t1 - t0) / 1000),
    distinctFps: distinct / ((t1 - t0) / 1000),
    kbps: ((s1.bytesReceived - s0.bytesReceived) * 8) / dt / 1000,
    decodeMs: decoded > 0 ? ((s1.totalDecodeTime - s0.totalDecodeTime) * 1000) / decoded : Number.NaN,
    framesDroppedPerS: (s1.framesDropped - s0.framesDropped) / dt,
    serverTickFps: (f1.ticks - f0.ticks) / sdt,
    serverSentFps: (f1.framesSent - f0.framesSent) / sdt,
    serverFrameCostMs: f1.frameCostMs,
    sender,
    avOffsetMs: soundLagMs(b0, b1),
    overlay,
    reconnects: (await connections(page)) - pcs0,
    load: l,
  };
}
