/**
 * Playing in a phone's browser (decision 0023): the screen kept on while the game runs (Screen Wake Lock), full screen
 * and the landscape lock asked on the Play tap where the game's full_screen is on, the "turn your phone" hint where the
 * screen cannot be locked (iOS Safari), and the controls inside the safe area of a phone with a notch. The browser's
 * wake lock, full screen and orientation lock are wrapped before the app loads so each call is recorded: headless
 * Chromium grants full screen, but neither a wake lock nor an orientation lock (it is no phone).
 */
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, backGesture, gamePath, gamePhase, gameScreen, logInAnyLanguage, PHONE, reach100, screenshot, useServerAndBrowser, waitForAppShell, type SessionPage } from './harness.ts';
import { axeViolations } from './axe.ts';
import { englishProblems } from './english-on-screen.ts';
import { MEMBER } from './a11y.ts';

// The socket-only stream: what is checked here is what the app asks of the browser, not the picture.
const e2e = useServerAndBrowser({ video: false, browser: 'full' });
const gs = gameScreen(e2e, 'game-browser');
const STARFALL = { id: 1, title: 'Starfall Odyssey' }; // full_screen 1
const KINGDOM = { id: 7, title: 'Kingdom Architect' }; // full_screen 0
/** The app tells a phone by its user agent (SPEC §3 deviceType). */
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const SIDEWAYS = { width: 844, height: 390 };
const HINT = 'Turn your phone sideways for the best view';

/** What the page asked of the browser, recorded by the wrappers installed before the app. */
interface Asked {
  /** requestFullscreen: the event being handled when it was called (null outside any). */
  fullScreen: Array<string | null>;
  locks: string[];
  unlocks: number;
  /** Wake lock requests, and how many of the granted ones are released. */
  wakeRequests: number;
  wakeReleased: number;
  wakeHeld: number;
}

/**
 * The wrappers. `ios` removes what iOS Safari on an iPhone lacks (element full screen, the orientation lock). The
 * wake lock is granted and released as the browser does, dropped by the system when the page is hidden
 * (`__phone.setHidden`).
 */
function installFakes(o: { ios: boolean }): void {
  type Sentinel = EventTarget & { released: boolean; release(): Promise<void> };
  const held: Sentinel[] = [];
  const asked = { fullScreen: [] as Array<string | null>, locks: [] as string[], unlocks: 0, wakeRequests: 0, wakeReleased: 0 };
  const drop = (s: Sentinel): void => {
    if (s.released) return;
    s.released = true;
    asked.wakeReleased++;
    held.splice(held.indexOf(s), 1);
    s.dispatchEvent(new Event('release'));
  };
  const w = window as unknown as { __phone: unknown };
  w.__phone = {
    asked: () => ({ ...asked, wakeHeld: held.length }),
    setHidden(hidden: boolean) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      // The browser lets every screen wake lock go when the page is hidden.
      if (hidden) for (const s of [...held]) drop(s);
      document.dispatchEvent(new Event('visibilitychange'));
    },
  };
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request(type: string) {
        asked.wakeRequests++;
        if (type !== 'screen' || document.visibilityState === 'hidden') return Promise.reject(new DOMException('not now', 'NotAllowedError'));
        const s = Object.assign(new EventTarget(), { released: false, release: async () => drop(s) });
        held.push(s);
        return Promise.resolve(s);
      },
    },
  });
  const proto = ScreenOrientation.prototype as unknown as Record<string, unknown>;
  if (o.ios) {
    delete proto['lock'];
    delete (Element.prototype as unknown as Record<string, unknown>)['requestFullscreen'];
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { configurable: true, get: () => false });
    return;
  }
  const request = Element.prototype.requestFullscreen;
  Element.prototype.requestFullscreen = function (this: Element, options?: FullscreenOptions) {
    asked.fullScreen.push(window.event?.type ?? null);
    return request.call(this, options);
  };
  // Granted, as on an Android phone in full screen (headless Chromium refuses: it is no phone).
  proto['lock'] = (orientation: string) => {
    asked.locks.push(orientation);
    return Promise.resolve();
  };
  proto['unlock'] = () => {
    asked.unlocks++;
  };
}

const asked = (page: Page): Promise<Asked> => page.evaluate(() => (window as unknown as { __phone: { asked(): Asked } }).__phone.asked());
const setHidden = (page: Page, hidden: boolean) => page.evaluate((h) => (window as unknown as { __phone: { setHidden(h: boolean): void } }).__phone.setHidden(h), hidden);

/** A phone held upright, logged in; the wrappers in place before the app's first page. */
async function phone(o: { ios?: boolean } = {}): Promise<SessionPage> {
  const p = await gs.open('play-now', { context: { ...PHONE, userAgent: o.ios ? IPHONE : ANDROID }, clock: false });
  await p.page.addInitScript(installFakes, { ios: o.ios ?? false });
  return p;
}

/** On the game's detail page, the Play tap's step loaded (it comes after the page shows), then Play tapped. */
async function tapPlay(p: SessionPage, game: { id: number; title: string }): Promise<void> {
  await gs.enter(p, `/submodules/game/detail/index?game_id=${game.id}`);
  const play = p.page.getByRole('button', { name: `Play ${game.title}` });
  await play.waitFor();
  const chunk = await p.page.waitForFunction(() => performance.getEntriesByType('resource').find((e) => /\/start-tap-[^/]*\.js$/.test(e.name))?.name);
  // The same module imported again settles once it and the chunks it imports have run, as the page's own import does.
  // (Written out: the test's own import() would be rewritten by its bundler.)
  await p.page.evaluate(`import(${JSON.stringify(await chunk.jsonValue())}).then(() => new Promise((r) => requestAnimationFrame(r)))`);
  await play.tap();
  await p.page.waitForURL(/\/submodules\/game\/game\/index\?game_id=/);
}

describe('playing in a phone browser (decision 0023)', () => {
  it('Android, full_screen 1: the Play tap enters full screen and the game locks landscape; the screen is kept on while it plays, again after the page was hidden, and let go on quitting', async () => {
    const p = await phone();
    await tapPlay(p, STARFALL);
    // Asked inside the tap itself: the click being handled is the Play button's.
    expect((await asked(p.page)).fullScreen).toEqual(['click']);
    await p.page.waitForFunction(() => document.fullscreenElement !== null);
    await expect.poll(async () => (await asked(p.page)).locks).toEqual(['landscape']);
    // The system turns the screen, as a phone does once locked.
    await p.page.setViewportSize(SIDEWAYS);
    await reach100(p.page);
    expect(await p.page.getByText(HINT).count()).toBe(0);
    await expect.poll(() => asked(p.page)).toMatchObject({ wakeRequests: 1, wakeHeld: 1 });
    // Hidden: the browser drops the lock and the game goes on hold (SPEC §4 hang-up); shown again, it plays and the lock is taken again.
    // The orientation is let go while the game is on hold, and locked again when it comes back.
    await setHidden(p.page, true);
    await p.page.getByRole('heading', { name: /is on hold/ }).waitFor();
    expect(await asked(p.page)).toMatchObject({ wakeRequests: 1, wakeHeld: 0, unlocks: 1 });
    await setHidden(p.page, false);
    await reach100(p.page);
    await expect.poll(() => asked(p.page)).toMatchObject({ wakeRequests: 2, wakeHeld: 1, locks: ['landscape', 'landscape'] });
    // Quit: the screen may sleep again, and the orientation is let go.
    await backGesture(p.page);
    await p.page.getByRole('button', { name: 'Quit', exact: true }).click();
    await p.page.getByTestId('end-reason').waitFor();
    await expect.poll(() => asked(p.page)).toMatchObject({ wakeRequests: 2, wakeHeld: 0, unlocks: 2 });
    // Shown again after quitting asks nothing more.
    await setHidden(p.page, true);
    await setHidden(p.page, false);
    expect(await gamePhase(p.page)).toBe('ended');
    expect(await asked(p.page)).toMatchObject({ wakeRequests: 2, wakeHeld: 0, unlocks: 2, fullScreen: ['click'], locks: ['landscape', 'landscape'] });
    // Leaving the game screen leaves full screen.
    await p.page.getByRole('button', { name: 'Back', exact: true }).click();
    await p.page.waitForFunction(() => document.fullscreenElement === null);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('Android, full_screen 0: neither full screen nor the lock is asked, on the Play tap or on the game; upright, the hint says to turn the phone', async () => {
    const p = await phone();
    await tapPlay(p, KINGDOM);
    await p.page.getByText(HINT).waitFor();
    await reach100(p.page);
    await p.page.getByRole('button', { name: 'Got it' }).tap();
    await p.page.getByTestId('game-stream').tap();
    expect(await asked(p.page)).toMatchObject({ fullScreen: [], locks: [] });
    expect(await p.page.evaluate(() => document.fullscreenElement)).toBeNull();
    // The screen is kept on all the same.
    expect(await asked(p.page)).toMatchObject({ wakeRequests: 1, wakeHeld: 1 });
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('iOS Safari (no orientation lock): the hint shows while the phone is upright, goes when it is turned, and "Got it" closes it; sideways, the controls keep inside the notch and the home bar', async () => {
    const p = await phone({ ios: true });
    await gs.enter(p, gamePath(STARFALL.id));
    await reach100(p.page);
    const hint = p.page.getByTestId('turn-hint');
    await hint.getByText(HINT).waitFor();
    await animationsDone(p.page);
    await screenshot(p.page, 'game-turn-hint');
    expect(await axeViolations(p.page, { include: '[data-testid="turn-hint"]' })).toEqual([]);
    await p.page.setViewportSize(SIDEWAYS);
    await hint.waitFor({ state: 'detached' });
    await p.page.setViewportSize(PHONE.viewport);
    await hint.waitFor();
    await hint.getByRole('button', { name: 'Got it' }).tap();
    await hint.waitFor({ state: 'detached' });
    // Closed, it stays away while this game screen is open.
    await p.page.setViewportSize(SIDEWAYS);
    await p.page.setViewportSize(PHONE.viewport);
    await p.page.getByTestId('virtual-gamepad').waitFor();
    expect(await hint.count()).toBe(0);
    // An iPhone held sideways, added to the home screen (viewport-fit=cover): its notch on the left, its home bar below.
    await p.page.setViewportSize(SIDEWAYS);
    const cdp = await p.context.newCDPSession(p.page);
    await turn(p.page, cdp, { top: 0, right: 0, bottom: 21, left: 47 });
    await inside(p.page, { top: 0, right: 0, bottom: 21, left: 47 });
    await screenshot(p.page, 'game-safe-area-notch');
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('dialog', { name: 'Game menu' }).waitFor();
    await animationsDone(p.page);
    await inside(p.page, { top: 0, right: 0, bottom: 21, left: 47 }, '.gm > *');
    // Turned half round: the notch is on the right, at the same size.
    await turn(p.page, cdp, { top: 0, right: 47, bottom: 21, left: 0 });
    await inside(p.page, { top: 0, right: 47, bottom: 21, left: 0 }, '.gm > *');
    await p.page.getByRole('button', { name: 'Close menu' }).click();
    await inside(p.page, { top: 0, right: 47, bottom: 21, left: 0 });
    expect(await asked(p.page)).toMatchObject({ fullScreen: [], locks: [], wakeHeld: 1 });
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('in Chinese, the hint speaks Chinese (zh-CN)', async () => {
    const p = await gs.open('play-now', { context: { ...PHONE, locale: 'zh-CN', userAgent: IPHONE }, clock: false });
    await p.page.addInitScript(installFakes, { ios: true });
    await p.page.goto(`/main/login/index?mock_session=${p.session}&targetUrl=${encodeURIComponent(gamePath(STARFALL.id))}`);
    await waitForAppShell(p.page);
    await logInAnyLanguage(p.page, MEMBER);
    await reach100(p.page);
    const hint = p.page.getByTestId('turn-hint');
    await hint.getByText('把手机横过来，游玩效果更佳').waitFor();
    await hint.getByRole('button', { name: '知道了' }).waitFor();
    await screenshot(p.page, 'game-turn-hint-zh');
    expect(await englishProblems(p.page, 'the turn hint')).toEqual([]);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('a desktop is neither locked nor told to turn, held however it is', async () => {
    const p = await gs.open('play-now', { context: { viewport: { width: 800, height: 1000 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false, locale: 'en-US' }, clock: false });
    await p.page.addInitScript(installFakes, { ios: false });
    await gs.enter(p, gamePath(STARFALL.id));
    await reach100(p.page);
    await p.page.getByTestId('game-stream').click();
    await p.page.waitForFunction(() => document.fullscreenElement !== null);
    expect(await asked(p.page)).toMatchObject({ locks: [], wakeHeld: 1 });
    expect(await p.page.getByText(HINT).count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.close();
  });
});

type Insets = { top: number; right: number; bottom: number; left: number };

/** The system's safe area (env(safe-area-inset-*)) of an iPhone with a notch held sideways, and the turn it tells of. */
async function turn(page: Page, cdp: CDPSession, i: Insets): Promise<void> {
  await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: i });
  await page.evaluate(() => screen.orientation.dispatchEvent(new Event('change')));
}

/** Every box of `selector` (default: the pad's controls and the floating ball) comes to lie inside the screen less `i`. */
async function inside(page: Page, i: Insets, selector = '[data-testid="virtual-gamepad"] > *, .gs-ball'): Promise<void> {
  const { width, height } = page.viewportSize() ?? SIDEWAYS;
  const outside = async (): Promise<unknown[]> => {
    const boxes = await page.locator(selector).evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { name: e.getAttribute('aria-label') ?? e.className, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    );
    if (boxes.length === 0) return ['nothing matches'];
    return boxes.filter((b) => b.right - b.left < 1 || b.bottom - b.top < 1 || b.left < i.left || b.top < i.top || b.right > width - i.right || b.bottom > height - i.bottom);
  };
  await expect.poll(outside).toEqual([]);
}
