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
 * - Per clarity (switched in the game menu, as a player does): decoded fps and
 *   bitrate from getStats deltas (the same counters the realtime-info overlay
 *   shows: framesDecoded, bytesReceived), presented fps (requestVideoFrameCallback,
 *   distinct frame codes), and the overlay's own figures as a cross-check.
 * - Input-to-frame latency: real key presses (Playwright keyboard → CDP), one
 *   input each, at random spacing; a sample is the time from the key event in
 *   the page to the first presented frame whose code carries an input_seq that
 *   includes it — the definition of the SDK's tracker (docs/stream-stats.md).
 *   Checked: the server counted exactly as many inputs as keys were pressed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { LevelConfig } from '../web/api/contract.ts';
import { createApp, type MockApp } from '../mock-server/app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DIST_DIR, LANDSCAPE, logIn, waitForAppShell } from '../tests/e2e/harness.ts';
import { loadWindow, mean, quantile, sleep, type LoadWindow } from './stream-util.ts';
import {
  closeMenu,
  connections,
  frameCodeBundle,
  framesSince,
  initScript,
  mockCall,
  openMenu,
  overlayTexts,
  pageNow,
  pageStats,
  recordServerPcs,
  senderStats,
  serverFigures,
  waitPlaying,
  type FrameRec,
} from './stream-browser-probes.ts';

export const MEMBER_MOBILE = '13800000001';
export const GAME_PATH = '/submodules/game/game/index?game_id=1';
/** An input not in a presented frame this long after its key counts as lost. */
const MAX_LATENCY_MS = 5_000;
/** One clarity's switch, window and latency run take about 15 s; beyond this the page is taken as frozen. */
const LEVEL_LIMIT_MS = 60_000;
const CLARITY_LABEL: Record<LevelConfig['name'], string> = { standard: 'Standard', hd: 'HD', ultra: 'Ultra', bluray: 'Blu-ray' };

export interface FirstFrameRun {
  /** Navigation start → the first video frame the SDK saw presented, ms. */
  firstFrameMs: number;
  /** Navigation start → the game screen's phase "playing" without the loading view (the SDK's progress 100), ms. */
  playingMs: number;
  clarity: string;
}

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
  /** The realtime-info overlay's texts seen during the window. */
  overlay: { fps: string[]; bitrate: string[]; input: string[] };
  /** New WebRTC connections the SDK made during the window (a stall it recovered from): the figures then mean little. */
  reconnects: number;
  load: LoadWindow;
}

export interface LatencyRun {
  level: LevelConfig;
  presses: number;
  samples: number[];
  /** Inputs the server counted during the run (should equal presses). */
  serverInputs: number;
  /** Inputs never seen in a presented frame. */
  missing: number;
  /** The overlay's per-second medians (the SDK's tracker) seen meanwhile, ms. */
  overlayMedians: number[];
  reconnects: number;
  load: LoadWindow;
}

export interface BrowserResult {
  firstFrame: FirstFrameRun[];
  clarity: ClarityRun[];
  latency: LatencyRun[];
  pageErrors: string[];
  chromium: string;
  /** Set when the run stopped early (the browser died, a step timed out): what was measured before is kept. */
  failure: string | null;
}

interface Ctx {
  base: string;
  browser: Browser;
  init: string;
  log: (line: string) => void;
  errors: string[];
}

let sessionCount = 0;

/** A fresh mock session (play-now) and browser context, logged in as the member, on home. */
async function loggedIn(c: Ctx): Promise<{ context: BrowserContext; page: Page; session: string }> {
  const session = `bench-stream-${process.pid}-${++sessionCount}`;
  await mockCall(c.base, session, 'scenario', { name: 'play-now' });
  const context = await c.browser.newContext({ ...LANDSCAPE, baseURL: c.base });
  context.setDefaultTimeout(15_000);
  await context.addInitScript({ content: c.init });
  const page = await context.newPage();
  page.on('pageerror', (err) => c.errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/WebSocket|Failed to load resource/i.test(msg.text())) c.errors.push(`console: ${msg.text()}`);
  });
  await page.goto(`/main/login/index?mock_session=${session}&targetUrl=${encodeURIComponent('/')}`);
  await waitForAppShell(page);
  await page.getByLabel('Phone number').waitFor();
  await logIn(page, MEMBER_MOBILE, { sendCode: false });
  await page.waitForURL((u) => !u.pathname.startsWith('/main/login'), { timeout: 15_000 });
  await waitForAppShell(page);
  return { context, page, session };
}

/** Navigates to the game and times the first frame; leaves the page playing. */
async function startGame(page: Page): Promise<FirstFrameRun> {
  await page.goto(GAME_PATH, { waitUntil: 'commit' });
  await waitPlaying(page);
  const handle = await page.waitForFunction(
    () => {
      const B = (globalThis as unknown as { __bench: { firstFrameAt: number | null; playingAt: number | null } }).__bench;
      return B.firstFrameAt !== null && B.playingAt !== null ? [B.firstFrameAt, B.playingAt] : null;
    },
    undefined,
    { timeout: 10_000 },
  );
  const [firstFrameMs, playingMs] = (await handle.jsonValue()) as [number, number];
  const stats = await pageStats(page);
  return { firstFrameMs, playingMs, clarity: stats ? `${stats.width}×${stats.height}` : '?' };
}

async function setClarity(page: Page, level: LevelConfig): Promise<boolean> {
  await openMenu(page);
  const chip = page.getByRole('dialog', { name: 'Game menu' }).getByRole('button', { name: new RegExp(`^${CLARITY_LABEL[level.name]}`) });
  if (await chip.isDisabled()) {
    await closeMenu(page);
    return false;
  }
  if ((await chip.getAttribute('aria-pressed')) !== 'true') await chip.click();
  await page.waitForFunction((name) => {
    const d = document.querySelector('[role="dialog"][aria-label="Game menu"]');
    return [...(d?.querySelectorAll('button.gm-chip') ?? [])].some((b) => b.getAttribute('aria-pressed') === 'true' && (b.textContent ?? '').startsWith(name));
  }, CLARITY_LABEL[level.name]);
  await closeMenu(page);
  // The cloud resizes the picture within a frame; wait until decoded frames have the new size.
  const until = performance.now() + 10_000;
  while (performance.now() < until) {
    const s = await pageStats(page);
    if (s && s.width === level.width && s.height === level.height) return true;
    await sleep(100);
  }
  throw new Error(`decoded frames never reached ${level.width}×${level.height} after choosing ${level.name}`);
}

async function measureClarity(c: Ctx, page: Page, session: string, level: LevelConfig, windowMs: number): Promise<ClarityRun> {
  const overlay = { fps: [] as string[], bitrate: [] as string[], input: [] as string[] };
  const pcs0 = await connections(page);
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
    overlay,
    reconnects: (await connections(page)) - pcs0,
    load: l,
  };
}

/** `presses` key events (ArrowRight down, up, down, …; an even number, so none stays held) 90–190 ms apart; each is one input. */
async function measureLatency(c: Ctx, page: Page, session: string, level: LevelConfig, pressesWanted: number): Promise<LatencyRun> {
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
  const { keys, frames } = await page.evaluate(
    (since) => {
      const B = (globalThis as unknown as { __bench: { keys: [number, string, string][]; frames: FrameRec[] } }).__bench;
      return { keys: B.keys.filter((k) => k[0] >= since), frames: B.frames.filter((f) => f[0] >= since) };
    },
    t0,
  );
  const base = before.inputSeq;
  const samples: number[] = [];
  let missing = 0;
  keys.slice(0, presses).forEach((k, i) => {
    const seq = base + i + 1;
    const hit = frames.find((f) => f[0] >= k[0] && f[2] >= seq);
    if (hit && hit[0] - k[0] <= MAX_LATENCY_MS) samples.push(hit[0] - k[0]);
    else missing++;
  });
  missing += Math.max(0, presses - keys.length);
  return { level, presses, samples, serverInputs: after.inputs - before.inputs, missing, overlayMedians, reconnects: (await connections(page)) - pcs0, load: l };
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
  const app: MockApp = createApp({ distDir: DIST_DIR, log: () => {} });
  const { url } = await app.listen(0, '127.0.0.1');
  const base = url.endsWith('/') ? url : `${url}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS], timeout: 30_000 });
  const c: Ctx = { base, browser, init: initScript(await frameCodeBundle(opts.root)), log: opts.log, errors: [] };
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
