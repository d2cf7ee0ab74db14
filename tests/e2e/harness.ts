/**
 * End-to-end helpers: drive the BUILT app (dist/, written by `npm run build`
 * before the e2e project runs) in Debian's Chromium through playwright-core.
 *
 *   const server = await startServer();            // mock cloud + dist/ on 127.0.0.1:<random>
 *   const browser = await launchBrowser();
 *   const { page, errors } = await newPhonePage(browser, server.url, { path: '/main/login/index' });
 *   await waitForAppShell(page);
 *   expect(errors).toEqual([]);
 *   await screenshot(page, 'login');
 *   await browser.close(); await server.close();
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp, type MockApp, type MockAppOptions } from '../../mock-server/app.ts';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST_DIR = path.join(ROOT, 'dist');
export const SCREENSHOT_DIR = path.join(ROOT, 'tests', 'e2e', 'screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** The phone every e2e test uses (SPEC: a mobile web client). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
} as const;

export interface TestServer {
  /** Base URL, e.g. "http://127.0.0.1:41234/" (compose with `new URL(path, url)`). */
  url: string;
  port: number;
  /** The mock app itself: its store, fixtures, clock and scenario, for tests that arrange or inspect state. */
  app: MockApp;
  close(): Promise<void>;
}

/**
 * Starts the mock server (mock-server/app.ts `createApp`) in-process on a free
 * port of 127.0.0.1, serving dist/ and the mock API. Options pass through to
 * createApp; by default it serves dist/ and logs nothing.
 */
export async function startServer(opts: MockAppOptions = {}): Promise<TestServer> {
  const app = createApp({ distDir: DIST_DIR, log: () => {}, ...opts });
  const { port, url } = await app.listen(0, '127.0.0.1');
  return { url: url.endsWith('/') ? url : `${url}/`, port, app, close: () => app.close() };
}

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the flags CI containers need (and `extraArgs`). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    timeout: 30_000,
  });
}

/**
 * One mock server and one browser for a test file: started in beforeAll, closed in afterAll.
 * Read `server` and `browser` inside tests (they exist once the hooks ran).
 */
export function useServerAndBrowser(opts: MockAppOptions = {}): { readonly server: TestServer; readonly browser: Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(opts);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the e2e server and browser start in beforeAll: read them inside a test');
    return v;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

export interface PageError {
  kind: 'console' | 'pageerror';
  text: string;
  /** Page URL when it happened. */
  url: string;
}

export interface PhonePageOptions {
  /** Navigate here (relative to baseUrl) before returning; waits for "load". */
  path?: string;
  /** Console errors matching one of these are not collected (e.g. an expected failed request). */
  ignoreConsole?: readonly RegExp[];
  /** Extra context options, e.g. storageState or a different locale. */
  context?: Parameters<Browser['newContext']>[0];
}

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, in order; assert it is empty. */
  errors: PageError[];
  /** Closes the context (and the page). */
  close(): Promise<void>;
}

/**
 * A 390×844 @2x touch phone context with baseURL set, so `page.goto('/main/login/index')` works.
 * Console errors and page errors are collected into `errors`.
 */
export async function newPhonePage(browser: Browser, baseUrl: string, opts: PhonePageOptions = {}): Promise<PhonePage> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl, ...opts.context });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  const errors: PageError[] = [];
  const ignore = opts.ignoreConsole ?? [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (ignore.some((re) => re.test(text))) return;
    errors.push({ kind: 'console', text, url: page.url() });
  });
  page.on('pageerror', (err) => {
    errors.push({ kind: 'pageerror', text: err.stack ?? err.message, url: page.url() });
  });
  if (opts.path !== undefined) await page.goto(new URL(opts.path, baseUrl).href, { waitUntil: 'load' });
  return { context, page, errors, close: () => context.close() };
}

/** Waits until React has rendered something into #root (and so replaced the prerendered skeleton, decision 0014). */
export async function waitForAppShell(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return (root?.childElementCount ?? 0) > 0 && !root?.querySelector('[data-prerendered]');
    },
    undefined,
    { timeout: timeoutMs },
  );
}

/**
 * Waits until every finite CSS animation and transition of the page has finished (a sheet's slide-in,
 * a dialog's fade), so a screenshot shows the settled view; endless ones (spinners) are left running.
 */
export async function animationsDone(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.effect?.getComputedTiming().endTime === Infinity || a.playState === 'finished' || a.playState === 'idle'),
    undefined,
    { timeout: timeoutMs },
  );
}

/** Saves tests/e2e/screenshots/<name>.png (gitignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const safe = name.replace(/[^a-zA-Z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'screenshot';
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${safe}.png`);
  // A frame comes when the compositor gets the CPU: on a loaded 2-core CI machine that took over the 10 s default once.
  await page.screenshot({ path: file, timeout: 30_000 });
  return file;
}

/**
 * Logs in on the login page that `page` shows, as a persona of the mock cloud
 * (SMS code 123456). `sendCode: false` skips "Send code" (the mock does not
 * require it, and refuses a second code for one number within 60 s).
 */
export async function logIn(page: Page, mobile: string, opts: { code?: string; sendCode?: boolean } = {}): Promise<void> {
  await page.getByLabel('Phone number').fill(mobile);
  if (opts.sendCode !== false) {
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Verification code sent').waitFor();
  }
  await page.getByLabel('Verification code').fill(opts.code ?? '123456');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

// ---- the game screen (game-*.test.ts, stream.test.ts)

/** The game screen of a game. */
export const gamePath = (gameId: number): string => `/submodules/game/game/index?game_id=${gameId}`;

/** A phone held sideways, as the game screen is played. */
export const LANDSCAPE = { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' } as const;

/** A page of its own mock session (`?mock_session=` on the first load). */
export interface SessionPage extends PhonePage {
  session: string;
}

export interface GameScreenOptions {
  /** Context options (default LANDSCAPE). */
  context?: Parameters<Browser['newContext']>[0];
  /** Install Playwright's page clock before the first load, so tests move the browser's time (default true). */
  clock?: boolean;
}

/**
 * Helpers for the game screen against `e2e`'s server: each page has its own mock session with its own
 * scenario, driven with /__mock/*; `prefix` names the sessions of a test file.
 */
export function gameScreen(e2e: { readonly server: TestServer; readonly browser: Browser }, prefix: string) {
  let n = 0;

  /** A control API call in `session` (GET without data, POST with it, or `method`); fails the test unless it succeeds. */
  async function mock(session: string, path: string, data?: unknown, method = data === undefined ? 'GET' : 'POST'): Promise<Record<string, unknown>> {
    const url = new URL(`/__mock/${path}`, e2e.server.url);
    url.searchParams.set('session', session);
    // Writes carry the control headers the mock requires (docs/qa-guide.md, issue 14 part 2).
    const res = await fetch(url, { method, headers: { ...CONTROL_WRITE_HEADERS }, body: data === undefined ? undefined : JSON.stringify(data) });
    if (!res.ok) throw new Error(`${method} /__mock/${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  }

  /** A fresh mock session with `scenario` (a name, or a control API body) and a page for it. */
  async function open(scenario: string | Record<string, unknown>, opts: GameScreenOptions = {}): Promise<SessionPage> {
    const session = `${prefix}-${process.pid}-${++n}-${Date.now()}`;
    await mock(session, 'scenario', typeof scenario === 'string' ? { name: scenario } : scenario);
    // Closing a socket on purpose and a refused play are logged by the browser; they are not app errors.
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: opts.context ?? LANDSCAPE, ignoreConsole: [/WebSocket/i, /Failed to load resource/] });
    if (opts.clock !== false) await phone.page.clock.install();
    return { ...phone, session };
  }

  /** Logs in (a member unless `mobile` is given) and lands on `path` through the guard's targetUrl. */
  async function enter(p: SessionPage, path: string, mobile = '13800000001'): Promise<void> {
    await p.page.goto(new URL(`/main/login/index?mock_session=${p.session}&targetUrl=${encodeURIComponent(path)}`, e2e.server.url).href);
    await waitForAppShell(p.page);
    await p.page.getByLabel('Phone number').waitFor();
    await logIn(p.page, mobile, { sendCode: false });
  }

  /** A fresh session with `scenario`, logged in on the game screen of `gameId`, the stream at 100 %. */
  async function playing(scenario: string | Record<string, unknown>, gameId = 1, opts: GameScreenOptions = {}): Promise<SessionPage> {
    const p = await open(scenario, opts);
    await enter(p, gamePath(gameId));
    await reach100(p.page);
    return p;
  }

  /** The session's journal of HTTP requests. */
  const journal = async (session: string): Promise<Array<{ path: string }>> => (await mock(session, 'journal?kind=http'))['entries'] as Array<{ path: string }>;

  return { mock, open, enter, playing, journal };
}

/** The game is playing and the loading view has gone. */
export async function reach100(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.gs')?.getAttribute('data-phase') === 'playing' && !document.querySelector('.gs-loading'), undefined, {
    timeout: 20_000,
  });
}

/** The loading view's percentage. */
export const gameProgress = (page: Page) => page.getByTestId('game-progress');

/** The game screen's phase (data-phase). */
export const gamePhase = (page: Page) => page.locator('.gs').getAttribute('data-phase');

/** The host's back gesture (SPEC §2). */
export const backGesture = (page: Page) =>
  page.evaluate(() => (window as unknown as { cgBridgeReceive(m: unknown): void }).cgBridgeReceive({ event: 'back' }));

/** Leaves the game screen for home inside the app (a client-side navigation, as a tab or link does). */
export const goHome = (page: Page) =>
  page.evaluate(() => {
    history.pushState(null, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
  });

/**
 * Runs the page clock one queue poll (10 s) at a time until the seat dialog shows; the positions
 * the screen showed after each poll's answer (read from the answer, then waited for on screen).
 * The page's time is paused meanwhile, so no poll comes from real time passing. Waiting for the
 * position on screen is what makes the next 10 s reach the next poll: the app sets that poll's
 * timer when it handles the answer, which can be after the response event.
 * `position` is where the page shows it (the game screen's, or the queue bar's "#4 in the queue").
 */
export async function pollUntilSeat(
  page: Page,
  opts: { readonly position?: Locator; readonly keepPaused?: boolean } = {},
): Promise<string[]> {
  const seen: string[] = [];
  const seat = page.getByRole('dialog', { name: 'Your seat is ready' });
  const position = opts.position ?? page.getByTestId('queue-position');
  // A second ahead: the page's time runs on while this call travels, and pauseAt cannot go back.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  for (let i = 0; i < 10 && !(await seat.isVisible()); i++) {
    const answered = page.waitForResponse((r) => r.url().includes('/game_queue'));
    await page.clock.runFor(10_000);
    const body = (await (await answered).json()) as { data?: { code?: number; queue_pos2?: number } };
    if (body.data?.code !== 201) break;
    const shown = `#${body.data.queue_pos2 ?? '?'}`;
    await expect.poll(() => position.textContent()).toMatch(new RegExp(`^${shown}\\b`));
    seen.push(shown);
  }
  await seat.waitFor();
  if (!opts.keepPaused) await page.clock.resume();
  return seen;
}

/** The number of the last frame shown (read back from the picture's frame code). */
const shownFrame = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid="game-stream"]')?.getAttribute('data-frame') ?? 0));

/**
 * Runs the page clock `ms` forward while the stream plays: in steps shorter than the SDK's
 * stall watch (10 s without a frame is a lost stream), each after a new frame was shown.
 */
export async function runWhileStreaming(page: Page, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 4000) {
    const before = await shownFrame(page);
    await page.waitForFunction(
      (n) =>
        Number(document.querySelector('[data-testid="game-stream"]')?.getAttribute('data-frame') ?? 0) !== n ||
        document.querySelector('.gs')?.getAttribute('data-phase') !== 'playing',
      before,
      { timeout: 10_000 },
    );
    await page.clock.runFor(Math.min(4000, left));
  }
}
