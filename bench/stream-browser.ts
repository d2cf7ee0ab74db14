/**
 * Stream benchmark, part 3: the built app (dist/) in Debian's Chromium
 * (playwright-core, the e2e harness's launch flags) against the mock cloud in
 * this process on 127.0.0.1, play-now scenario, member 13800000001.
 *
 * What the page is instrumented with (an init script, nothing in the app
 * changes): every RTCPeerConnection the page makes is remembered, so the
 * bench reads the SDK's own connection's getStats(); the SDK's presenter
 * (web/game/video-presenter.ts) reads the frame code of every frame it is
 * shown (requestVideoFrameCallback, a 16×3 getImageData): the bench decodes
 * those same pixels (web/api/frame-code.ts, bundled from the product's
 * module) and timestamps them, so it sees exactly the frames the SDK sees,
 * when it sees them, without a readback of its own; keydown/keyup are
 * timestamped in the capture phase, before the app's own listener hands the
 * key to the SDK.
 *
 * - First frame: fresh browser context, logged in, then `page.goto` of the
 *   game URL; time from the navigation's start (performance.timeOrigin) to the
 *   first presented frame. Also the time the screen says "playing" (the SDK's
 *   progress 100, which is its own first presented frame).
 * - Per clarity (switched in the game menu, as a player does): the picture's
 *   rates and the server's (bench/stream-browser-clarity.ts).
 * - Input-to-frame latency (bench/stream-browser-latency.ts).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { availableParallelism } from 'node:os';
import { chromium } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LevelConfig } from '../web/api/contract.ts';
import { createApp, type MockApp } from '../mock-server/app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DIST_DIR } from '../tests/e2e/harness.ts';
import { mean, quantile } from './stats.ts';
import { closeMenu, initScript, openMenu, recordServerPcs } from './stream-browser-probes.ts';
import { loggedIn, MEMBER_MOBILE, setClarity, startGame, type BrowserCtx, type FirstFrameRun } from './stream-browser-session.ts';
import { measureClarity, type ClarityRun } from './stream-browser-clarity.ts';
import { measureLatency, type LatencyRun } from './stream-browser-latency.ts';

/** One clarity's switch, window and latency run take about 15 s; beyond this the page is taken as frozen. */
const LEVEL_LIMIT_MS = 60_000;

export interface BrowserResult {
  firstFrame: FirstFrameRun[];
  clarity: ClarityRun[];
  latency: LatencyRun[];
  pageErrors: string[];
  chromium: string;
  /** Set when the run stopped early (the browser died, a step timed out): what was measured before is kept. */
  failure: string | null;
}

export async function measureBrowser(opts: {
  root: string;
  levels: readonly LevelConfig[];
  firstFrameRuns: number;
  windowMs: number;
  settleMs: number;
  presses: number;
  log: (line: string) => void;
}): Promise<BrowserResult> {
  const stopRecording = recordServerPcs();
  // The games run in stream processes, one per core, as `npm start` runs them (decision 0028); the sender's own figures
  // are then in those processes, and the table shows none. BENCH_STREAM_PROCESSES=0 keeps them here, sender included.
  const processes = Number(process.env['BENCH_STREAM_PROCESSES'] ?? availableParallelism());
  const app: MockApp = createApp({ distDir: DIST_DIR, log: () => {}, streamProcesses: processes, warmStreamProcesses: processes > 0 });
  const { url } = await app.listen(0, '127.0.0.1');
  const base = url.endsWith('/') ? url : `${url}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS], timeout: 30_000 });
  const c: BrowserCtx = { base, browser, init: initScript(), log: opts.log, errors: [] };
  const contexts: BrowserContext[] = [];
  try {
    const firstFrame: FirstFrameRun[] = [];
    let last: { page: Page; session: string } | null = null;
    for (let i = 0; i < opts.firstFrameRuns; i++) {
      // One game at a time: the previous run's stream would load the server and the browser while this one starts.
      for (const ctx of contexts.splice(0)) await ctx.close();
      await sleep(300);
      const s = await loggedIn(c);
      contexts.push(s.context);
      const run = await startGame(s.page);
      firstFrame.push(run);
      opts.log(`first frame ${i + 1}/${opts.firstFrameRuns}: ${Math.round(run.firstFrameMs)} ms after navigation start (phase "playing" seen at ${Math.round(run.playingMs)} ms), at ${run.clarity}`);
      last = s;
    }
    if (!last) throw new Error('no game started');
    const { page, session } = last;
    // Realtime info on (the overlay's figures are a cross-check); full screen off so no key press resizes the video mid-run.
    await openMenu(page);
    await page.getByRole('switch', { name: 'Realtime info' }).click();
    const full = page.getByRole('switch', { name: 'Full screen' });
    if ((await full.getAttribute('aria-checked')) === 'true') await full.click();
    await closeMenu(page);
    await page.getByTestId('realtime-info').waitFor();

    const clarity: ClarityRun[] = [];
    const latency: LatencyRun[] = [];
    let failure: string | null = null;
    for (const level of opts.levels) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        // page.evaluate has no time limit of its own: a frozen page must not hang the run.
        await Promise.race([
          measureLevel(level),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no result within ${LEVEL_LIMIT_MS / 1000} s`)), LEVEL_LIMIT_MS);
          }),
        ]);
      } catch (err) {
        failure = `stopped at ${level.name}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
        opts.log(`FAILED ${failure}`);
        break;
      } finally {
        clearTimeout(timer);
      }
    }
    return { firstFrame, clarity, latency, pageErrors: c.errors, chromium: browser.version(), failure };

    async function measureLevel(level: LevelConfig): Promise<void> {
      if (!(await setClarity(page, level))) {
        opts.log(`${level.name}: not available to ${MEMBER_MOBILE}, skipped`);
        return;
      }
      await sleep(opts.settleMs);
      const run = await measureClarity(c, page, session, level, opts.windowMs);
      clarity.push(run);
      opts.log(
        `${level.name} ${run.size}: decoded ${run.decodedFps.toFixed(1)} fps, presented ${run.presentedFps.toFixed(1)} fps (${run.distinctFps.toFixed(1)} distinct), ${Math.round(run.kbps)} kbit/s, decode ${run.decodeMs.toFixed(2)} ms; server loop ${run.serverTickFps.toFixed(1)} ticks/s, ${run.serverSentFps.toFixed(1)} frames/s, draw+convert ${run.serverFrameCostMs.toFixed(2)} ms; sender ${run.sender ? `${run.sender.encodedFps.toFixed(1)} fps encoded, ${run.sender.encodeMs.toFixed(2)} ms/frame, limited by ${run.sender.limitation || '?'}, estimate ${Math.round(run.sender.availableKbps)} kbit/s` : '?'}; overlay fps [${run.overlay.fps.join(', ')}] bitrate [${run.overlay.bitrate.join(', ')}]${run.reconnects > 0 ? `; the SDK reconnected ${run.reconnects}× meanwhile` : ''}; machine ${Math.round(run.load.machinePct)} % (others ${Math.round(run.load.othersPct)} %)`,
      );
      const lat = await measureLatency(c, page, session, level, opts.presses);
      latency.push(lat);
      opts.log(
        `${level.name} latency: ${lat.samples.length}/${lat.presses} inputs seen (server counted ${lat.serverInputs}), p50 ${quantile(lat.samples, 0.5).toFixed(1)} ms, p95 ${quantile(lat.samples, 0.95).toFixed(1)} ms, max ${Math.max(...lat.samples).toFixed(1)} ms; overlay medians [${lat.overlayMedians.join(', ')}] (mean ${mean(lat.overlayMedians).toFixed(1)})${lat.reconnects > 0 ? `; the SDK reconnected ${lat.reconnects}× meanwhile` : ''}`,
      );
    }
  } finally {
    for (const ctx of contexts) await ctx.close().catch(() => undefined);
    await browser.close().catch(() => undefined);
    await app.close();
    stopRecording();
  }
}
