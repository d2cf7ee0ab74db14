/**
 * The game screen in e2e tests: a page of its own mock session (scenario set through the control API), logged in
 * and played to 100 %, the host's back gesture, and the page clock run through queue polls and streaming.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';
import { CLARITY_LIST } from '../../web/api/contract/game.ts';
import { logIn, newPhonePage, waitForAppShell, type PhonePage } from './phone.ts';
import type { E2E } from './server.ts';


/** The game screen of a game. */
export const gamePath = (gameId: number): string => `/submodules/game/game/index?game_id=${gameId}`;

/** A phone held sideways, as the game screen is played (at PHONE's density). */
export const LANDSCAPE = { viewport: { width: 844, height: 390 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'en-US' } as const;

/** A page of its own mock session (`?mock_session=` on the first load). */
export interface SessionPage extends PhonePage {
  session: string;
}

export interface GameScreenOptions {
  /** Context options (default LANDSCAPE). */
  context?: Parameters<Browser['newContext']>[0];
  /** Install Playwright's page clock before the first load, so tests move the browser's time (default true). */
  clock?: boolean;
  /**
   * `playing`: the session's members start at standard clarity (640×360) rather than ultra (1280×720), for tests that
   * read the game's answers rather than the picture's size: a quarter of the pixels to draw, encode and decode, on a
   * machine whose cores are busy throughout.
   */
  standard?: boolean;
}

/**
 * Helpers for the game screen against `e2e`'s server: each page has its own mock session with its own
 * scenario, driven with /__mock/*; `prefix` names the sessions of a test file.
 */
export function gameScreen(e2e: E2E, prefix: string) {
  let n = 0;

  /** A control API call in `session` (GET without data, POST with it, or `method`); fails the test unless it succeeds. */
  async function mock(session: string, path: string, data?: unknown, method = data === undefined ? 'GET' : 'POST'): Promise<Record<string, unknown>> {
    const url = new URL(`/__mock/${path}`, e2e.server.url);
    url.searchParams.set('session', session);
    // Writes carry the control headers the mock requires (docs/qa-guide.md §2, decision 0008).
    const res = await fetch(url, { method, headers: { ...CONTROL_WRITE_HEADERS }, body: data === undefined ? undefined : JSON.stringify(data) });
    if (!res.ok) throw new Error(`${method} /__mock/${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  }

  /** `/__db/<path>` of `session` (decision 0003): read, or written with `data` (PATCH by default). */
  async function db<T = Record<string, unknown>>(session: string, path: string, data?: unknown, method = data === undefined ? 'GET' : 'PATCH'): Promise<T> {
    const url = new URL(`/__db/${path}`, e2e.server.url);
    url.searchParams.set('session', session);
    const res = await fetch(url, { method, headers: { ...CONTROL_WRITE_HEADERS }, body: data === undefined ? undefined : JSON.stringify(data) });
    if (!res.ok) throw new Error(`${method} /__db/${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
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

  /** Members of `session` start their games at standard clarity (system_info's definition_default_conf, live in /__db/). */
  async function standardClarity(session: string): Promise<void> {
    const current = await db<{ definition_default_conf: Record<string, number> }>(session, 'system_info');
    await db(session, 'system_info', { definition_default_conf: { ...current.definition_default_conf, vip_user_default: CLARITY_LIST.indexOf(6) } });
  }

  /** A fresh session with `scenario`, logged in on the game screen of `gameId`, the stream at 100 %. */
  async function playing(scenario: string | Record<string, unknown>, gameId = 1, opts: GameScreenOptions = {}): Promise<SessionPage> {
    const p = await open(scenario, opts);
    if (opts.standard === true) await standardClarity(p.session);
    await enter(p, gamePath(gameId));
    await reach100(p.page);
    return p;
  }

  /**
   * Moves the session's mock clock `ms` ahead (switching it to virtual time): a scenario's timed message or event
   * arrives at once instead of after real seconds. The page's own clock is the test's to run.
   */
  async function later(session: string, ms: number): Promise<void> {
    await mock(session, 'clock', { virtual: true });
    await mock(session, 'clock', { advanceMs: ms });
  }

  /** The session's journal of HTTP requests. */
  const journal = async (session: string): Promise<Array<{ path: string }>> => (await mock(session, 'journal?kind=http'))['entries'] as Array<{ path: string }>;

  return { mock, db, open, enter, playing, later, journal };
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

/** A step of page time while streaming: inside the SDK's stall watch (10 s without a frame is a lost stream). */
const STREAMING_STEP_MS = 8000;

/**
 * Runs the page clock `ms` forward while the stream plays: in steps shorter than the SDK's
 * stall watch, each after a new frame was shown.
 */
export async function runWhileStreaming(page: Page, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= STREAMING_STEP_MS) {
    const before = await shownFrame(page);
    await page.waitForFunction(
      (n) =>
        Number(document.querySelector('[data-testid="game-stream"]')?.getAttribute('data-frame') ?? 0) !== n ||
        document.querySelector('.gs')?.getAttribute('data-phase') !== 'playing',
      before,
      { timeout: 10_000 },
    );
    await page.clock.runFor(Math.min(STREAMING_STEP_MS, left));
  }
}
