/**
 * Stream benchmark, part 3 (bench/stream-browser.ts): what the bench does in the app as a player would — a fresh
 * logged-in visit, the game started and timed to its first frame, a clarity chosen in the game menu.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LevelConfig } from '../web/api/contract.ts';
import { LANDSCAPE, logIn, waitForAppShell } from '../tests/e2e/harness.ts';
import { closeMenu, mockCall, openMenu, pageStats, waitPlaying } from './stream-browser-probes.ts';

export const MEMBER_MOBILE = '13800000001';
export const GAME_PATH = '/submodules/game/game/index?game_id=1';
const CLARITY_LABEL: Record<LevelConfig['name'], string> = { standard: 'Standard', hd: 'HD', ultra: 'Ultra', bluray: 'Blu-ray' };

export interface FirstFrameRun {
  /** Navigation start → the first video frame the SDK saw presented, ms. */
  firstFrameMs: number;
  /** Navigation start → the game screen's phase "playing" without the loading view (the SDK's progress 100), ms. */
  playingMs: number;
  clarity: string;
}

/** What every step of part 3 shares: the mock's address, the browser, the page instrumentation, the log. */
export interface BrowserCtx {
  base: string;
  browser: Browser;
  init: string;
  log: (line: string) => void;
  errors: string[];
}

let sessionCount = 0;

/** A fresh mock session (play-now) and browser context, logged in as the member, on home. */
export async function loggedIn(c: BrowserCtx): Promise<{ context: BrowserContext; page: Page; session: string }> {
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
export async function startGame(page: Page): Promise<FirstFrameRun> {
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

export async function setClarity(page: Page, level: LevelConfig): Promise<boolean> {
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
