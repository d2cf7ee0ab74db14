/**
 * `npm run stress:stream -- [iterations] [seed] [minutes]`: hunts native crashes of
 * the mock's WebRTC side (@roamhq/wrtc) the way the e2e files met them — the
 * mock in this process, the built app (dist/) in one Chromium — by starting
 * game streams and cutting them at random moments: before the offer, during
 * ICE, while frames flow, mid-renegotiation (a clarity change). Each cut is
 * one of: reload, navigate away inside the app, leave the site, close the
 * page's context, close the whole browser. Not part of `npm test`: run it by
 * hand after touching mock-server/stream/*.
 *
 * A native crash kills this process (no JS stack); run it under
 * `ulimit -c unlimited` and read the core with gdb (mock-server/README.md).
 * A clean run prints one line per iteration and exits 0; every peer the mock
 * opened must be closed at the end (rtcResources), or it exits 1.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createApp } from '../mock-server/app.ts';
import { CONTROL_WRITE_HEADERS } from '../mock-server/http/control-guard.ts';
import { rtcResources } from '../mock-server/stream/rtc-peer.ts';
import { DIST_DIR, gamePath, LANDSCAPE, launchBrowser, logIn, waitForAppShell } from '../tests/e2e/harness.ts';

const ITERATIONS = Number(process.argv[2] ?? 200);
let seed = Number(process.argv[3] ?? Date.now() % 100_000);
/** Stops early (cleanly, with the summary) after this long. */
const MAX_MS = Number(process.argv[4] ?? Infinity) * 60_000;
const firstSeed = seed;
/** Small and reproducible: the same seed cuts at the same moments (as far as timing allows). */
function random(): number {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;

const CUTS = ['reload', 'home', 'leave', 'close-context', 'close-browser'] as const;
type Cut = (typeof CUTS)[number];

const app = createApp({ distDir: DIST_DIR, log: () => {} });
const { url } = await app.listen(0, '127.0.0.1');
const base = url.endsWith('/') ? url : `${url}/`;

async function mock(session: string, what: string, data: unknown): Promise<void> {
  const res = await fetch(new URL(`/__mock/${what}?session=${session}`, base), { method: 'POST', headers: { ...CONTROL_WRITE_HEADERS }, body: JSON.stringify(data) });
  if (!res.ok) throw new Error(`/__mock/${what} answered ${res.status}: ${await res.text()}`);
}

let browser: Browser = await launchBrowser([], 'full');
let context: BrowserContext | null = null;
let page: Page | null = null;
let sessionN = 0;

/** A logged-in page of a fresh mock session, on the game screen (the stream starts as it loads). */
async function freshPage(): Promise<Page> {
  const session = `stress-${process.pid}-${++sessionN}`;
  await mock(session, 'scenario', { name: 'play-now' });
  context = await browser.newContext({ ...LANDSCAPE, deviceScaleFactor: 1, baseURL: base });
  context.setDefaultTimeout(20_000);
  const p = await context.newPage();
  await p.goto(`/main/login/index?mock_session=${session}&targetUrl=${encodeURIComponent(gamePath(1))}`);
  await waitForAppShell(p);
  await logIn(p, '13800000001', { sendCode: false });
  return p;
}

const playing = (p: Page): Promise<boolean> =>
  p.evaluate(() => document.querySelector('.gs')?.getAttribute('data-phase') === 'playing' && !document.querySelector('.gs-loading')).catch(() => false);

/** A clarity change mid-stream: the mock renegotiates (it offers, the page answers). */
async function changeClarity(p: Page): Promise<void> {
  await p.getByRole('button', { name: 'Game menu' }).click({ timeout: 2_000 });
  const chips = p.getByRole('dialog', { name: 'Game menu' }).getByRole('button', { pressed: false, name: /^(Standard|HD|Ultra|Blu-ray)/ });
  const n = await chips.count();
  if (n > 0) await chips.nth(Math.floor(random() * n)).click({ timeout: 2_000 });
}

async function cut(p: Page, how: Cut): Promise<void> {
  if (how === 'reload') await p.reload({ waitUntil: 'commit' });
  else if (how === 'home')
    await p.evaluate(() => {
      history.pushState(null, '', '/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
  else if (how === 'leave') await p.goto('about:blank');
  else if (how === 'close-context') {
    await context?.close();
    context = page = null;
  } else {
    await browser.close();
    browser = await launchBrowser([], 'full');
    context = page = null;
  }
}

const started = Date.now();
const counts = new Map<string, number>();
let done = 0;
for (let i = 1; i <= ITERATIONS && Date.now() - started < MAX_MS; i++) {
  page ??= await freshPage();
  // After a cut that left the game screen, come back to it (a reload restarts the stream by itself).
  if (!page.url().includes('/submodules/game/')) await page.goto(gamePath(1), { waitUntil: 'commit' });
  // 0–3 s covers the offer, ICE and the first frames (a busy machine takes seconds); most cuts wait for play first,
  // as the crashes came while frames flowed.
  const settle = random() < 0.75;
  if (settle) await page.waitForFunction(() => document.querySelector('.gs')?.getAttribute('data-phase') === 'playing', undefined, { timeout: 20_000 }).catch(() => {});
  const renegotiate = settle && random() < 0.5 && (await playing(page));
  if (renegotiate) await changeClarity(page).catch(() => {});
  await sleep(Math.floor(random() * (renegotiate ? 400 : settle ? 1_500 : 3_000)));
  const how = pick(CUTS);
  const at = (await playing(page)) ? 'playing' : 'loading';
  await cut(page, how);
  const key = `${how}/${at}${renegotiate ? '/reneg' : ''}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  const open = rtcResources();
  console.log(`${i}/${ITERATIONS} ${key} peers=${open.peers} t=${Math.round((Date.now() - started) / 1000)}s`);
  done = i;
}

await browser.close();
// The mock closes a peer when its socket closes: give the last sockets a moment to notice.
for (let i = 0; i < 50 && rtcResources().peers > 0; i++) await sleep(100);
await app.close();
const left = rtcResources();
console.log(`seed ${firstSeed}: ${done} iterations in ${Math.round((Date.now() - started) / 1000)} s, peers left ${left.peers}, sources left ${left.sources}`);
console.log([...counts].map(([k, n]) => `${k}:${n}`).join(' '));
// wrtc keeps the loop alive and a natural exit after a stopped track crashes (mock-server/stream/native.ts).
process.exit(left.peers === 0 && left.sources === 0 ? 0 : 1);
