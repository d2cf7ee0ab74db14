/**
 * The stream on a bad network (decision 0030): the built app (dist/) in Chromium plays a game at HD against the mock,
 * as a member would (bench/stream-browser-session.ts), while the mock's network path loses 2, 5 and 10 % of the
 * packets, while 100 and 200 ms of latency are added, and while the link towards the player carries 1 Mbit/s and
 * 300 kbit/s. For each: the picture before (the baseline of the same
 * run), during (5 s), whether the app offered a lower clarity and after how long, and after the condition is lifted
 * how long until a whole second is back at 60 fps, at the clarity's size, with nothing lost (goal ≤ 5 s).
 *
 * The offer is never taken: the clarity stays HD, so every condition is measured at the same clarity.
 */
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { createApp } from '../mock-server/app.ts';
import { LEVELS } from '../mock-server/game/sessions.ts';
import { CONTROL_WRITE_HEADERS } from '../mock-server/http/control-guard.ts';
import type { NetworkConditions } from '../mock-server/stream/network.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DIST_DIR } from '../tests/e2e/harness.ts';
import { initScript, pageStats } from './stream-browser-probes.ts';
import { loggedIn, setClarity, startGame, type BrowserCtx } from './stream-browser-session.ts';
import { recoveryMs, windowFigures, type VideoCounters, type WindowFigures } from './stream-network-figures.ts';
import { f0, f1, ratio, table } from './stats.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

const LEVEL = LEVELS[8];
const CONDITIONS: ReadonlyArray<{ name: string; network: Partial<NetworkConditions> }> = [
  { name: '2 % loss', network: { lossPercent: 2 } },
  { name: '5 % loss', network: { lossPercent: 5 } },
  { name: '10 % loss', network: { lossPercent: 10 } },
  { name: '100 ms latency', network: { latencyMs: 100 } },
  { name: '200 ms latency', network: { latencyMs: 200 } },
  { name: '1 Mbit/s link', network: { bandwidthKbps: 1_000 } },
  { name: '300 kbit/s link', network: { bandwidthKbps: 300 } },
];
const BASE_MS = 3_000;
const SETTLE_MS = 1_000;
const WINDOW_MS = 5_000;
/** Past this the stream is taken as not recovered. */
const RECOVERY_LIMIT_MS = 15_000;
export const RECOVERY_GOAL_MS = 5_000;
/** A whole second: 90 % of the clarity's 60 fps, as the overlay grades fps good. */
const WHOLE_FPS = 54;

interface ConditionRun {
  name: string;
  base: WindowFigures;
  during: WindowFigures;
  /** ms from the condition to the offer on screen; null: not offered. */
  offerMs: number | null;
  recoveryMs: number | null;
  /** Received kbit/s over the second the stream was whole again in (the congestion control may still be climbing back). */
  recoveredKbps: number | null;
}

/** The SDK's inbound video counters now; the picture's height without the frame code's strip. */
async function must(page: Page): Promise<VideoCounters> {
  const c = await pageStats(page);
  if (!c) throw new Error('the page has no connected stream');
  return c;
}

async function windowOf(page: Page, ms: number): Promise<WindowFigures> {
  const a = await must(page);
  await sleep(ms);
  return windowFigures(a, await must(page));
}

async function network(base: string, session: string, body: Partial<NetworkConditions> | null): Promise<void> {
  const url = new URL('/__mock/network', base);
  url.searchParams.set('session', session);
  const res = await fetch(url, { method: body ? 'POST' : 'DELETE', headers: { ...CONTROL_WRITE_HEADERS }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`/__mock/network answered ${res.status}: ${await res.text()}`);
}

const offerShown = (page: Page): Promise<boolean> => page.getByTestId('network-offer').isVisible();

async function runCondition(page: Page, base: string, session: string, c: (typeof CONDITIONS)[number], log: (l: string) => void): Promise<ConditionRun> {
  // Each condition starts from a clear network with no offer showing (it goes after five good seconds).
  const clearBy = performance.now() + 15_000;
  while ((await offerShown(page)) && performance.now() < clearBy) await sleep(200);
  const baseFigures = await windowOf(page, BASE_MS);
  const setAt = performance.now();
  await network(base, session, c.network);
  let offerMs: number | null = null;
  const watchOffer = async (): Promise<void> => {
    if (offerMs === null && (await offerShown(page))) offerMs = performance.now() - setAt;
  };
  const settleEnd = performance.now() + SETTLE_MS;
  while (performance.now() < settleEnd) {
    await watchOffer();
    await sleep(100);
  }
  const a = await must(page);
  const windowEnd = performance.now() + WINDOW_MS;
  while (performance.now() < windowEnd) {
    await watchOffer();
    await sleep(100);
  }
  const during = windowFigures(a, await must(page));
  await network(base, session, null);
  const cleared = (await must(page)).timestamp;
  const samples: VideoCounters[] = [];
  const stopAt = performance.now() + RECOVERY_LIMIT_MS;
  let recovered: number | null = null;
  while (performance.now() < stopAt && recovered === null) {
    samples.push(await must(page));
    recovered = recoveryMs(samples, cleared, WHOLE_FPS, { width: LEVEL.width, height: LEVEL.height });
    await sleep(100);
  }
  const last = samples[samples.length - 1];
  const second = last && samples.find((x) => x.timestamp >= last.timestamp - 1000);
  const recoveredKbps = recovered !== null && last && second && second !== last ? windowFigures(second, last).kbps : null;
  const run = { name: c.name, base: baseFigures, during, offerMs, recoveryMs: recovered, recoveredKbps };
  log(
    `${c.name}: ${f1(during.fps)} fps (base ${f1(baseFigures.fps)}), ${f0(during.kbps)} kbit/s, loss ${f1(during.lossPct)} %, ` +
      `${during.freezes} freezes ${f0(during.freezeMs)} ms, NACK ${during.nacks}, PLI ${during.plis}; offer ${offerMs === null ? 'none' : `${f1(offerMs / 1000)} s`}; ` +
      `whole again ${recovered === null ? `> ${RECOVERY_LIMIT_MS / 1000} s` : `${f1(recovered / 1000)} s`} after`,
  );
  return run;
}

export const streamNetwork: Benchmark = {
  name: 'stream-network',
  title: 'Game stream on a bad network: loss and latency on the mock’s network path, and how fast the stream is whole again',
  async run(ctx: BenchContext): Promise<BenchResult> {
    if (!existsSync(path.join(ctx.root, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
    const processes = availableParallelism();
    const app = createApp({ distDir: DIST_DIR, log: () => {}, streamProcesses: processes, warmStreamProcesses: true });
    const { url } = await app.listen(0, '127.0.0.1');
    const base = url.endsWith('/') ? url : `${url}/`;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS], timeout: 30_000 });
    const c: BrowserCtx = { base, browser, init: initScript(), log: ctx.log, errors: [] };
    let context: BrowserContext | null = null;
    const runs: ConditionRun[] = [];
    try {
      const s = await loggedIn(c);
      context = s.context;
      await startGame(s.page);
      await setClarity(s.page, LEVEL);
      for (const cond of CONDITIONS) runs.push(await runCondition(s.page, base, s.session, cond, ctx.log));
    } finally {
      await context?.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await app.close();
    }
    const rows = runs.map((r) => [
      r.name,
      `${f1(r.during.fps)} (${ratio(r.during.fps, r.base.fps)})`,
      `${f0(r.during.kbps)} (${ratio(r.during.kbps, r.base.kbps)})`,
      f1(r.during.lossPct),
      `${r.during.freezes} / ${f0(r.during.freezeMs)} ms`,
      `${r.during.nacks} / ${r.during.plis} / ${r.during.keyFrames}`,
      r.offerMs === null ? '—' : `${f1(r.offerMs / 1000)} s`,
      r.recoveryMs === null ? `> ${RECOVERY_LIMIT_MS / 1000} s` : `${f1(r.recoveryMs / 1000)} s`,
      r.recoveredKbps === null ? '—' : `${f0(r.recoveredKbps)} (${ratio(r.recoveredKbps, r.base.kbps)})`,
    ]);
    const overBudget = runs
      .filter((r) => r.recoveryMs === null || r.recoveryMs > RECOVERY_GOAL_MS)
      .map((r) => `${r.name}: whole again ${r.recoveryMs === null ? 'never' : `after ${f1(r.recoveryMs / 1000)} s`} > goal ${RECOVERY_GOAL_MS / 1000} s`);
    const worst = Math.max(...runs.map((r) => r.recoveryMs ?? Number.POSITIVE_INFINITY));
    const markdown = [
      `The built app in Chromium plays a game at HD (${LEVEL.width}×${LEVEL.height}, 60 fps) against the mock on 127.0.0.1, the games in stream processes. For each condition (\`POST /__mock/network\`): a ${BASE_MS / 1000} s baseline on a clear network (the ratios are against it), the condition, ${SETTLE_MS / 1000} s to settle, a ${WINDOW_MS / 1000} s window, then the network cleared. *Offer*: the app's "Poor network · Switch to …" on screen after that long (never taken, so the clarity stays HD). *Whole again*: from the clearing to the end of the first second with ≥ ${WHOLE_FPS} frames decoded, nothing lost and the clarity's size (goal ≤ ${RECOVERY_GOAL_MS / 1000} s); *kbit/s then*: received over that second, while the congestion control may still be climbing back to what the picture needs. Loss falls on the packets of the network path, whose link towards the player carries the given rate at most (a packet that would wait more than 200 ms is lost; decision 0030); latency holds frames and input back in the game loop. Figures from the SDK's own connection (getStats inbound video).`,
      '',
      table(['condition', 'fps (× base)', 'kbit/s (× base)', 'loss %', 'freezes / time', 'NACK / PLI / keyframes', 'offer', 'whole again', 'kbit/s then (× base)'], rows),
    ].join('\n');
    return {
      markdown,
      overBudget,
      history: { header: ['fps at 10 % loss', 'slowest whole again'], cells: [f1(runs.find((r) => r.name === '10 % loss')?.during.fps ?? Number.NaN), Number.isFinite(worst) ? `${f1(worst / 1000)} s` : 'never'] },
    };
  },
};
