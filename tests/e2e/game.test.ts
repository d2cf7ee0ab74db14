/**
 * The game screen end to end (issue 4 "The game screen" and its e2e list):
 * each test has its own mock session (`?mock_session=` on the first load),
 * drives the server with /__mock/scenario and /__mock/clock, and the
 * browser's time with Playwright's page.clock (installed before goto).
 * Screenshots at 844×390 (landscape).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, newPhonePage, screenshot, useServerAndBrowser, waitForAppShell, type PhonePage } from './harness.ts';

const e2e = useServerAndBrowser();
let n = 0;

const STARFALL = 1;
const GAME = (id = STARFALL) => `/submodules/game/game/index?game_id=${id}`;
const LANDSCAPE = { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' } as const;

async function mock(session: string, path: string, data?: unknown): Promise<unknown> {
  const url = new URL(`/__mock/${path}`, e2e.server.url);
  url.searchParams.set('session', session);
  const res = await fetch(url, {
    method: data === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return res.json();
}

/** A fresh mock session with `scenario`, a landscape page with the fake clock installed. */
async function open(scenario: string): Promise<PhonePage & { session: string }> {
  const session = `game-${process.pid}-${++n}-${Date.now()}`;
  await mock(session, 'scenario', { name: scenario });
  // Closing a socket on purpose and a refused play are logged by the browser; they are not app errors.
  const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: LANDSCAPE, ignoreConsole: [/WebSocket/i, /Failed to load resource/] });
  await phone.page.clock.install();
  return { ...phone, session };
}

/** Logs in and lands on `path` (through the guard's targetUrl). */
async function enter(p: { page: Page; session: string }, path: string, mobile = '13800000001'): Promise<void> {
  await p.page.goto(new URL(`/main/login/index?mock_session=${p.session}&targetUrl=${encodeURIComponent(path)}`, e2e.server.url).href);
  await waitForAppShell(p.page);
  await p.page.getByLabel('Phone number').waitFor();
  await logIn(p.page, mobile, { sendCode: false });
}

const progress = (page: Page) => page.getByTestId('game-progress');
async function reach100(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.gs')?.getAttribute('data-phase') === 'playing' && !document.querySelector('.gs-loading'), undefined, {
    timeout: 20_000,
  });
}
/** Runs the browser clock one queue poll (10 s) at a time until the seat dialog shows; the positions seen. */
async function pollUntilSeat(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const seat = page.getByRole('dialog', { name: 'Your seat is ready' });
  for (let i = 0; i < 10 && !(await seat.isVisible()); i++) {
    await page.clock.runFor(10_000);
    // The poll's answer arrives over the real network.
    await page.waitForTimeout(400);
    const pos = page.getByTestId('queue-position');
    if (await pos.isVisible()) seen.push((await pos.textContent()) ?? '');
  }
  await seat.waitFor();
  return seen;
}
/** A fresh session with `scenario`, logged in on the game screen of Starfall Odyssey, the stream at 100 %. */
async function playing(scenario: string): Promise<PhonePage & { session: string }> {
  const p = await open(scenario);
  await enter(p, GAME());
  await reach100(p.page);
  return p;
}
/** Leaves the game screen for home inside the app (a client-side navigation, as a tab or link does). */
const goHome = (page: Page) =>
  page.evaluate(() => {
    history.pushState(null, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
  });
const phase = (page: Page) => page.locator('.gs').getAttribute('data-phase');
/** The number of the last frame shown (read back from the picture's frame code). */
const shownFrame = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid="game-stream"]')?.getAttribute('data-frame') ?? 0));
/**
 * Runs the browser clock `ms` forward while the stream plays: in steps shorter than the SDK's
 * stall watch (10 s without a frame is a lost stream), each after a new frame was shown.
 */
async function runWhileStreaming(page: Page, ms: number): Promise<void> {
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
const back = (page: Page) => page.evaluate(() => (window as unknown as { cgBridgeReceive(m: unknown): void }).cgBridgeReceive({ event: 'back' }));

describe('game screen (SPEC §2, §4; issue 4)', () => {
  it('play-now: loading with the art and percentage reaches 100 and plays; back opens the quit dialog; quit ends', async () => {
    const p = await open('play-now');
    // A WebRTC stream comes up in about half a second: hold its first frame back so the loading view can be seen.
    await mock(p.session, 'network', { stall: true });
    await enter(p, GAME());
    await p.page.waitForURL(/game_id=1/);
    await progress(p.page).waitFor();
    await screenshot(p.page, 'game-loading');
    await mock(p.session, 'network', { stall: false });
    await reach100(p.page);
    await p.page.getByRole('button', { name: 'Game menu' }).waitFor();
    await p.page.getByTestId('virtual-gamepad').waitFor();
    await screenshot(p.page, 'game-playing');
    // The floating ball opens the menu.
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('dialog', { name: 'Game menu' }).waitFor();
    await p.page.waitForTimeout(400); // the sheet's slide-in
    await screenshot(p.page, 'game-menu');
    // Realtime info and the keyboard are settings of the menu.
    await p.page.getByRole('switch', { name: 'Realtime info' }).click();
    await p.page.getByRole('switch', { name: 'Keyboard' }).click();
    // Saves: save with a name, it is listed.
    await p.page.getByRole('button', { name: 'Saves', exact: true }).click();
    await p.page.getByLabel('Save name').fill('Before the boss');
    await p.page.getByRole('button', { name: 'Save', exact: true }).click();
    await p.page.getByText('Before the boss').waitFor();
    await screenshot(p.page, 'game-saves');
    await p.page.getByRole('button', { name: 'Back to menu' }).click();
    await p.page.getByRole('button', { name: 'Close menu' }).click();
    await p.page.getByTestId('realtime-info').waitFor();
    await p.page.getByTestId('virtual-keyboard').waitFor();
    await screenshot(p.page, 'game-keyboard-info');
    await p.page.getByRole('button', { name: 'KeyW' }).click();
    // Input reaches the stream: the mock's frames count it.
    await p.page.waitForFunction(() => Number(document.querySelector('[data-testid="game-stream"]')?.getAttribute('data-inputs') ?? 0) > 0, undefined, { timeout: 5000 });
    // Back gesture while playing: the quit dialog.
    await back(p.page);
    await p.page.getByRole('dialog', { name: 'Quit the game?' }).waitFor();
    await screenshot(p.page, 'game-quit-dialog');
    await p.page.getByRole('button', { name: 'Quit', exact: true }).click();
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/You left the game/);
    await screenshot(p.page, 'game-ended-quit');
    // Back gesture on the ended screen: not the game's; the host closes the webview (in a browser: history back).
    await Promise.all([p.page.waitForURL((u) => !u.pathname.startsWith('/submodules/game/game')), back(p.page).catch(() => undefined)]);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('full screen (SPEC §3 full_screen, on by default): the first tap enters it, the menu switch leaves it, leaving the game exits it', async () => {
    const p = await playing('play-now');
    const isFull = () => p.page.evaluate(() => document.fullscreenElement !== null);
    // Browsers grant full screen only in a gesture: nothing before the first tap.
    expect(await isFull()).toBe(false);
    await p.page.getByTestId('game-stream').tap();
    await p.page.waitForFunction(() => document.fullscreenElement !== null, undefined, { timeout: 5000 });
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('switch', { name: 'Full screen' }).click();
    await p.page.waitForFunction(() => document.fullscreenElement === null, undefined, { timeout: 5000 });
    expect(await p.page.getByRole('switch', { name: 'Full screen' }).getAttribute('aria-checked')).toBe('false');
    // Off is kept: a later tap does not bring it back.
    await p.page.getByRole('button', { name: 'Close menu' }).click();
    await p.page.getByTestId('game-stream').tap();
    await p.page.waitForTimeout(300);
    expect(await isFull()).toBe(false);
    // On again from the menu, then leaving the game screen leaves full screen too.
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('switch', { name: 'Full screen' }).click();
    await p.page.waitForFunction(() => document.fullscreenElement !== null, undefined, { timeout: 5000 });
    await p.page.getByRole('button', { name: 'Close menu' }).click();
    await goHome(p.page);
    await p.page.getByText('Your game is still running').waitFor();
    await p.page.waitForFunction(() => document.fullscreenElement === null, undefined, { timeout: 5000 });
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('back gesture while loading opens the quit dialog; keep playing closes it', async () => {
    const p = await open('load-stalls-80');
    await enter(p, GAME());
    await progress(p.page).waitFor();
    await p.page.getByText('80%').waitFor({ timeout: 15_000 });
    await back(p.page);
    await p.page.getByRole('dialog', { name: 'Quit the game?' }).waitFor();
    await screenshot(p.page, 'game-back-loading');
    await p.page.getByRole('button', { name: 'Keep playing' }).click();
    expect(await p.page.getByRole('dialog').count()).toBe(0);
    expect(await phase(p.page)).toBe('loading');
    await p.close();
  });

  it('queue: position counts down to a seat, the 40 s seat dialog, Play now reaches 100', async () => {
    const p = await open('queue');
    await enter(p, GAME(), '13800000000');
    const pos = p.page.getByTestId('queue-position');
    await pos.waitFor();
    expect(await pos.textContent()).toBe('#5');
    await screenshot(p.page, 'game-queue');
    const seen = await pollUntilSeat(p.page);
    expect(seen).toEqual(expect.arrayContaining(['#4', '#3', '#2', '#1']));
    await p.page.clock.runFor(5_000);
    await p.page.waitForFunction(() => /0:3[45]/.test(document.querySelector('[data-testid="seat-countdown"]')?.textContent ?? ''));
    await screenshot(p.page, 'game-seat-ready');
    await p.page.getByRole('button', { name: 'Play now' }).click();
    await reach100(p.page);
    await screenshot(p.page, 'game-seat-playing');
    // A free player on the blu-ray trial: blu-ray is labelled with the trial countdown, member-only hang-up options are off.
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('dialog', { name: 'Game menu' }).waitFor();
    await p.page.waitForTimeout(400);
    expect(await p.page.getByRole('button', { name: /30 min members/ }).isDisabled()).toBe(true);
    await screenshot(p.page, 'game-menu-free-trial');
    await p.close();
  });

  it('back gesture while queued stops the queue', async () => {
    const p = await open('queue');
    await enter(p, GAME(), '13800000000');
    await p.page.getByTestId('queue-position').waitFor();
    await back(p.page);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/left the queue/);
    await screenshot(p.page, 'game-back-queued');
    const journal = (await mock(p.session, 'journal?kind=http')) as { entries: { path: string }[] };
    expect(journal.entries.some((e) => e.path.includes('cancel_queue'))).toBe(true);
    await p.close();
  });

  it('seat expiry: a seat not taken within 40 s goes away', async () => {
    const p = await open('queue-seat-expires');
    await enter(p, GAME(), '13800000000');
    await p.page.getByTestId('queue-position').waitFor();
    await pollUntilSeat(p.page);
    await mock(p.session, 'clock', { advanceMs: 40_000 });
    await p.page.clock.runFor(41_000);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/not taken in time/);
    await screenshot(p.page, 'game-seat-expired');
    await p.close();
  });

  it('leave and return within the hang-up time: home shows "still running", Return resumes the stream', async () => {
    const p = await playing('play-now');
    await goHome(p.page);
    await p.page.getByText('Your game is still running').waitFor();
    await screenshot(p.page, 'game-home-resume-banner');
    await p.page.clock.runFor(60_000);
    await p.page.getByRole('button', { name: 'Return', exact: true }).click();
    await p.page.waitForURL(/\/submodules\/game\/game\/index\?game_id=1/);
    await reach100(p.page);
    await screenshot(p.page, 'game-returned');
    const journal = (await mock(p.session, 'journal?kind=http')) as { entries: { path: string }[] };
    expect(journal.entries.filter((e) => e.path.includes('play_game')).length).toBe(1);
    await p.close();
  });

  it('hiding the page while playing puts the game on hold; showing it again resumes the stream (SPEC §4 Hang-up)', async () => {
    const p = await playing('play-now');
    // As when the player switches apps or locks the phone: the browser hides the page.
    const setHidden = (hidden: boolean) =>
      p.page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    await p.page.getByRole('heading', { name: /is on hold/ }).waitFor();
    expect(await phase(p.page)).toBe('hung-up');
    // The default hang-up time is 3 minutes: a minute in (give or take the real time the browser clock also lets pass), it is still on hold.
    await p.page.clock.runFor(60_000);
    await p.page.getByText(/It closes in (1:5\d|2:00) unless you return/).waitFor();
    await screenshot(p.page, 'game-hidden-on-hold');
    await setHidden(false);
    await reach100(p.page);
    const journal = (await mock(p.session, 'journal?kind=http')) as { entries: { path: string }[] };
    expect(journal.entries.filter((e) => e.path.includes('play_game')).length).toBe(1);
    await p.close();
  });

  it('hang-up running out closes the game and says so', async () => {
    const p = await playing('play-now');
    await goHome(p.page);
    await p.page.getByText('Your game is still running').waitFor();
    await p.page.clock.runFor(3 * 60_000 + 1000);
    await p.page.getByText(/Hang-up time is over/).waitFor();
    await screenshot(p.page, 'game-hangup-over');
    expect(await p.page.getByText('Your game is still running').count()).toBe(0);
    await p.close();
  });

  it('reconnect of an able_recon session after login', async () => {
    const p = await open('reconnect-able-session');
    await enter(p, '/');
    await p.page.getByText('Your game is still running').waitFor();
    await screenshot(p.page, 'game-recon-banner');
    await p.page.getByRole('button', { name: 'Return', exact: true }).click();
    await p.page.waitForURL(/game_id=1/);
    await reach100(p.page);
    await screenshot(p.page, 'game-recon-playing');
    const journal = (await mock(p.session, 'journal?kind=http')) as { entries: { path: string }[] };
    expect(journal.entries.some((e) => e.path.includes('recon_play_game'))).toBe(true);
    expect(journal.entries.some((e) => e.path.includes('play_game') && !e.path.includes('recon'))).toBe(false);
    await p.close();
  });

  it('43000 ends the game with the reason, and Play again starts it again', async () => {
    const p = await playing('stream-quit-43000');
    await p.page.getByTestId('end-reason').waitFor({ timeout: 15_000 });
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/closed by the server/);
    await screenshot(p.page, 'game-43000');
    await mock(p.session, 'network', { stall: true });
    await p.page.getByRole('button', { name: 'Play again' }).click();
    await progress(p.page).waitFor();
    await p.close();
  });

  it('45001 warns and quits after 60 s without input', async () => {
    const p = await playing('idle-45001');
    await p.page.getByText(/No input for a while/).waitFor({ timeout: 15_000 });
    await screenshot(p.page, 'game-45001-warning');
    await runWhileStreaming(p.page, 61_000);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/without input/);
    await screenshot(p.page, 'game-45001-ended');
    await p.close();
  });

  it('202 shows the timeout dialog', async () => {
    const p = await playing('duration-timeout-202');
    await p.page.getByRole('dialog', { name: 'Still playing?' }).waitFor({ timeout: 20_000 });
    await screenshot(p.page, 'game-202');
    await p.page.getByRole('button', { name: 'OK' }).click();
    expect(await phase(p.page)).toBe('playing');
    await p.close();
  });

  it('408 forces a new login', async () => {
    const p = await playing('relogin-408');
    await p.page.getByRole('dialog', { name: 'Log in again' }).waitFor({ timeout: 20_000 });
    await screenshot(p.page, 'game-408');
    await p.page.getByRole('dialog', { name: 'Log in again' }).getByRole('button', { name: 'Log in' }).click();
    await p.page.waitForURL(/\/main\/login\/index\?targetUrl=/);
    await p.close();
  });

  it('out of play time: the balance reaching 0 while playing ends the game and offers play time', async () => {
    const p = await playing('play-now');
    // One charge (a minute of server time) uses up the last play time: the 200 message carries duration_coin 0.
    const patch = await fetch(new URL(`/__db/users/10000002?session=${p.session}`, e2e.server.url), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ durationCoin: 30 }),
    });
    expect(patch.ok).toBe(true);
    await mock(p.session, 'clock', { virtual: true });
    await mock(p.session, 'clock', { advanceMs: 60_000 });
    await p.page.getByTestId('end-reason').waitFor({ timeout: 15_000 });
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/out of play time/);
    await p.page.getByRole('button', { name: 'Get play time' }).waitFor();
    await screenshot(p.page, 'game-out-of-time');
    await p.close();
  });

  it('out of play time before starting: play_game is refused with its message', async () => {
    const p = await open('out-of-play-time');
    await enter(p, GAME(), '13800000004');
    await p.page.getByTestId('end-reason').waitFor({ timeout: 20_000 });
    await p.page.getByText('Out of play time').first().waitFor();
    await screenshot(p.page, 'game-out-of-time-start');
    await p.close();
  });

  it('portrait: a "turn your phone" hint, and the game still plays', async () => {
    const session = `game-${process.pid}-${++n}-${Date.now()}`;
    await mock(session, 'scenario', { name: 'play-now' });
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { ignoreConsole: [/WebSocket/i] });
    const p = { ...phone, session };
    await enter(p, GAME());
    await reach100(p.page);
    await p.page.getByText('Turn your phone sideways').waitFor();
    await p.page.getByTestId('virtual-gamepad').waitFor();
    await screenshot(p.page, 'game-portrait');
    await p.close();
  });

  it('single-game mode: agent_code without game_id plays the channel\'s first hot game', async () => {
    const p = await open('play-now');
    await enter(p, '/submodules/game/game/index?agent_code=qa_channel');
    await reach100(p.page);
    const journal = (await mock(p.session, 'journal?kind=http')) as { entries: { path: string }[] };
    expect(journal.entries.some((e) => e.path.includes('hot_game'))).toBe(true);
    await screenshot(p.page, 'game-single-mode');
    await p.close();
  });

  it('30001 on the game screen ends the game with "log in again" instead of navigating', async () => {
    const p = await playing('play-now');
    await mock(p.session, 'scenario', { scenario: { game: { tokenExpired: true } }, keepState: true });
    // Every call of the game screen now answers 30001. Opening the saves makes one (game_save_list); a call
    // the screen makes on its own may come first and end the game while the menu opens: either way it ends.
    const ended = p.page.getByTestId('end-reason');
    const openSaves = async (): Promise<void> => {
      await p.page.getByRole('button', { name: 'Game menu' }).click({ timeout: 5000 });
      await p.page.getByRole('button', { name: 'Saves', exact: true }).click({ timeout: 5000 });
    };
    await Promise.race([ended.waitFor(), openSaves().catch(() => ended.waitFor())]);
    await ended.waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/login has expired/);
    expect(p.page.url()).toMatch(/\/submodules\/game\/game\/index/);
    await screenshot(p.page, 'game-token-expired');
    await p.page.getByRole('button', { name: 'Log in' }).click();
    await p.page.waitForURL(/\/main\/login\/index\?targetUrl=/);
    await p.close();
  });

  it('back gesture with a seat ready leaves the queue', async () => {
    const p = await open('queue-seat-expires');
    await enter(p, GAME(), '13800000000');
    await p.page.getByTestId('queue-position').waitFor();
    await pollUntilSeat(p.page);
    await back(p.page);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/left the queue/);
    await p.close();
  });

  it('43001: reconnecting shows its progress, back opens the quit dialog, and the stream comes back', async () => {
    const p = await playing('stream-reconnect-43001');
    // A WebRTC reconnect takes well under a second: hold its picture back so the reconnecting view stays
    // (the new stream connects, 80 %, and waits for a frame); 5 s is far inside the 10 s stall watch.
    await mock(p.session, 'network', { stall: true });
    await p.page.getByText(/Reconnecting/).waitFor({ timeout: 15_000 });
    await back(p.page);
    await p.page.getByRole('dialog', { name: 'Quit the game?' }).waitFor();
    await screenshot(p.page, 'game-reconnecting-back');
    await p.page.getByRole('button', { name: 'Keep playing' }).click();
    await mock(p.session, 'network', { stall: false });
    await reach100(p.page);
    await p.close();
  });

  it('home ?game_id= opens that game', async () => {
    const p = await open('play-now');
    await mock(p.session, 'network', { stall: true });
    await enter(p, '/?game_id=2');
    await p.page.waitForURL(/\/submodules\/game\/game\/index\?game_id=2/);
    await progress(p.page).waitFor();
    await p.close();
  });

  it('a broken game link (game_id not a number) says so and starts nothing', async () => {
    const p = await open('play-now');
    await enter(p, '/submodules/game/game/index?game_id=abc');
    await p.page.getByRole('alert').getByText('"abc" is not a game id: this link is broken.').waitFor();
    const journal = (await mock(p.session, 'journal?kind=http')) as { entries: { path: string }[] };
    expect(journal.entries.some((e) => e.path.includes('play_game') || e.path.includes('game_info'))).toBe(false);
    expect(p.errors).toEqual([]);
    await p.close();
  });
});
