/**
 * Stream benchmark, part 3 (bench/stream-browser.ts), input-to-frame latency: real key presses (Playwright keyboard →
 * CDP), one input each, at random spacing; a sample is the time from the key event in the page to the first presented
 * frame whose code carries an input_seq that includes it — the definition of the SDK's tracker (docs/stream-stats.md).
 * Checked: the server counted exactly as many inputs as keys were pressed.
 *
 * Each sample is cut into stages on the one wall clock the page and the mock share (one machine): key → the frame
 * shown was made on the server (the data channel, and the wait for the game's next tick), made → its last packet
 * received (draw, convert, encode, pace, send), received → decoded, decoded → presented (the video's
 * requestVideoFrameCallback); the sample ends there. How long the SDK then took to read the frame's code is beside
 * them, outside the total.
 */
import type { Page } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LevelConfig } from '../web/api/contract.ts';
import { loadWindow, type LoadWindow } from './cpu-load.ts';
import type { BrowserCtx } from './stream-browser-session.ts';
import { connections, overlayTexts, pageNow, serverFigures, type FrameRec } from './stream-browser-probes.ts';

/** An input not in a presented frame this long after its key counts as lost. */
const MAX_LATENCY_MS = 5_000;

/** Milliseconds each sample spent in each stage (see the file comment); a stage that could not be timed is left out. */
export interface LatencyStages {
  toMade: number[];
  toReceived: number[];
  decode: number[];
  toPresented: number[];
  toRead: number[];
}

export const STAGE_NAMES: Record<keyof LatencyStages, string> = {
  toMade: 'key → frame made (input sent, wait for tick)',
  toReceived: 'made → received (draw, encode, send)',
  decode: 'received → decoded',
  toPresented: 'decoded → presented',
  toRead: 'presented → code read (outside the total)',
};

export interface LatencyRun {
  level: LevelConfig;
  presses: number;
  samples: number[];
  stages: LatencyStages;
  /** Inputs the server counted during the run (should equal presses). */
  serverInputs: number;
  /** Inputs never seen in a presented frame. */
  missing: number;
  /** The overlay's per-second medians (the SDK's tracker) seen meanwhile, ms. */
  overlayMedians: number[];
  reconnects: number;
  load: LoadWindow;
}

/** `presses` key events (ArrowRight down, up, down, …; an even number, so none stays held) 90–190 ms apart; each is one input. */
export async function measureLatency(c: BrowserCtx, page: Page, session: string, level: LevelConfig, pressesWanted: number): Promise<LatencyRun> {
  const presses = pressesWanted + (pressesWanted % 2);
  // Start from quiet: every earlier input is in the picture.
  await sleep(300);
  const pcs0 = await connections(page);
  const before = await serverFigures(c.base, session);
  const t0 = await pageNow(page);
  const load = loadWindow();
  const overlayMedians: number[] = [];
  let lastOverlay = performance.now();
  for (let i = 0; i < presses; i++) {
    if (i % 2 === 0) await page.keyboard.down('ArrowRight');
    else await page.keyboard.up('ArrowRight');
    await sleep(90 + Math.random() * 100);
    if (performance.now() - lastOverlay >= 1000) {
      lastOverlay = performance.now();
      const o = await overlayTexts(page);
      const v = Number.parseFloat(o.input);
      if (Number.isFinite(v)) overlayMedians.push(v);
    }
  }
  await sleep(500);
  const l = load();
  const after = await serverFigures(c.base, session);
  const { keys, frames, made, origin } = await page.evaluate(
    (since) => {
      const B = (globalThis as unknown as { __bench: { keys: [number, string, string][]; frames: FrameRec[]; made: Record<number, number>; origin: number } }).__bench;
      return { keys: B.keys.filter((k) => k[0] >= since), frames: B.frames.filter((f) => f[0] >= since), made: B.made, origin: B.origin };
    },
    t0,
  );
  const base = before.inputSeq;
  const samples: number[] = [];
  const stages: LatencyStages = { toMade: [], toReceived: [], decode: [], toPresented: [], toRead: [] };
  let missing = 0;
  keys.slice(0, presses).forEach((k, i) => {
    const seq = base + i + 1;
    const hit = frames.find((f) => f[0] >= k[0] && f[2] >= seq);
    if (!hit || hit[0] - k[0] > MAX_LATENCY_MS) {
      missing++;
      return;
    }
    const [readAt, frame, , receivedAt, decodeMs, presentedAt] = hit;
    // Ends when the frame was shown (the SDK tracker's definition, docs/stream-stats.md), not when its code was read.
    samples.push((presentedAt >= 0 ? presentedAt : readAt) - k[0]);
    const madeAt = made[frame];
    // Server wall-clock ms on the page's timeline.
    if (madeAt !== undefined) stages.toMade.push(madeAt - origin - k[0]);
    if (madeAt !== undefined && receivedAt >= 0) stages.toReceived.push(receivedAt - (madeAt - origin));
    if (decodeMs >= 0) stages.decode.push(decodeMs);
    if (receivedAt >= 0 && decodeMs >= 0 && presentedAt >= 0) stages.toPresented.push(presentedAt - receivedAt - decodeMs);
    if (presentedAt >= 0) stages.toRead.push(readAt - presentedAt);
  });
  missing += Math.max(0, presses - keys.length);
  return { level, presses, samples, stages, serverInputs: after.inputs - before.inputs, missing, overlayMedians, reconnects: (await connections(page)) - pcs0, load: l };
}
