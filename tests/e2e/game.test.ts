/**
 * The game screen end to end (SPEC §2 game screen, §4 states):
 * each test has its own mock session (`?mock_session=` on the first load),
 * drives the server with /__mock/scenario and /__mock/clock, and the
 * browser's time with Playwright's page.clock (installed before goto); the
 * helpers are harness.ts's gameScreen. This file: starting, the menu, the
 * queue and game links; leaving, hang-up, reconnects, server events and play
 * time are in game-session.test.ts. Screenshots at 844×390 (landscape).
 */
import { describe, expect, it } from 'vitest';
import {
  animationsDone,
  backGesture,
  gamePath,
  gamePhase,
  gameProgress,
  gameScreen,
  PHONE,
  pollUntilSeat,
  reach100,
  screenshot,
  useServerAndBrowser,
  goHome,
} from './harness.ts';

// The socket-only stream: what is checked here is the game session, not the picture (stream.test.ts has that).
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'game');
const STARFALL = 1;

describe('game screen: starting, the menu, the queue and links (SPEC §2, §4)', () => {
  it('play-now: loading with the art and percentage reaches 100 and plays; back opens the quit dialog; quit ends', async () => {
    const p = await gs.open('play-now');
    // A WebRTC stream comes up in about half a second: hold its first frame back so the loading view can be seen.
    await gs.mock(p.session, 'network', { stall: true });
    await gs.enter(p, gamePath(STARFALL));
    await p.page.waitForURL(/game_id=1/);
    await gameProgress(p.page).waitFor();
    await screenshot(p.page, 'game-loading');
    await gs.mock(p.session, 'network', { stall: false });
    await reach100(p.page);
    await p.page.getByRole('button', { name: 'Game menu' }).waitFor();
    await p.page.getByTestId('virtual-gamepad').waitFor();
    await screenshot(p.page, 'game-playing');
    // The floating ball opens the menu.
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('dialog', { name: 'Game menu' }).waitFor();
    await animationsDone(p.page); // the sheet's slide-in
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
    await backGesture(p.page);
    await p.page.getByRole('dialog', { name: 'Quit the game?' }).waitFor();
    await screenshot(p.page, 'game-quit-dialog');
    await p.page.getByRole('button', { name: 'Quit', exact: true }).click();
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/You left the game/);
    await screenshot(p.page, 'game-ended-quit');
    // Back gesture on the ended screen: not the game's; the host closes the webview (in a browser: history back).
    await Promise.all([p.page.waitForURL((u) => !u.pathname.startsWith('/submodules/game/game')), backGesture(p.page).catch(() => undefined)]);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('full screen (SPEC §3 full_screen, on by default): the first tap enters it, the menu switch leaves it, leaving the game exits it', async () => {
    const p = await gs.playing('play-now');
    const isFull = () => p.page.evaluate(() => document.fullscreenElement !== null);
    // Browsers grant full screen only in a gesture: nothing before the first tap.
    expect(await isFull()).toBe(false);
    await p.page.getByTestId('game-stream').tap();
    await p.page.waitForFunction(() => document.fullscreenElement !== null, undefined, { timeout: 5000 });
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('switch', { name: 'Full screen' }).click();
    await p.page.waitForFunction(() => document.fullscreenElement === null, undefined, { timeout: 5000 });
    expect(await p.page.getByRole('switch', { name: 'Full screen' }).getAttribute('aria-checked')).toBe('false');
    // Off is kept: a later tap does not bring it back (its pointerup is handled, and no request is made).
    await p.page.getByRole('button', { name: 'Close menu' }).click();
    await p.page.evaluate(() => {
      const w = window as unknown as { fullScreenRequests: number; pointerUps: number };
      w.fullScreenRequests = 0;
      w.pointerUps = 0;
      const request = Element.prototype.requestFullscreen;
      Element.prototype.requestFullscreen = function (this: Element, options?: FullscreenOptions) {
        w.fullScreenRequests++;
        return request.call(this, options);
      };
      document.addEventListener('pointerup', () => w.pointerUps++, true);
    });
    await p.page.getByTestId('game-stream').tap();
    await p.page.waitForFunction(() => (window as unknown as { pointerUps: number }).pointerUps > 0);
    expect(await p.page.evaluate(() => (window as unknown as { fullScreenRequests: number }).fullScreenRequests)).toBe(0);
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
    const p = await gs.open('load-stalls-80');
    await gs.enter(p, gamePath(STARFALL));
    await gameProgress(p.page).waitFor();
    await p.page.getByText('80%').waitFor({ timeout: 15_000 });
    await backGesture(p.page);
    await p.page.getByRole('dialog', { name: 'Quit the game?' }).waitFor();
    await screenshot(p.page, 'game-back-loading');
    await p.page.getByRole('button', { name: 'Keep playing' }).click();
    expect(await p.page.getByRole('dialog').count()).toBe(0);
    expect(await gamePhase(p.page)).toBe('loading');
    await p.close();
  });

  it('queue: position counts down to a seat, the 40 s seat dialog, Play now reaches 100', async () => {
    const p = await gs.open('queue');
    await gs.enter(p, gamePath(STARFALL), '13800000000');
    const pos = p.page.getByTestId('queue-position');
    await pos.waitFor();
    expect(await pos.textContent()).toBe('#5');
    await screenshot(p.page, 'game-queue');
    const seen = await pollUntilSeat(p.page);
    // Each 10 s poll answers the next scripted position (the first repeats play_game's; on a slow run
    // real time may have made that first poll already): the countdown, in order, to #1.
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual(['#5', '#4', '#3', '#2', '#1'].slice(-seen.length));
    await p.page.clock.runFor(5_000);
    await p.page.waitForFunction(() => /0:3[45]/.test(document.querySelector('[data-testid="seat-countdown"]')?.textContent ?? ''));
    await screenshot(p.page, 'game-seat-ready');
    await p.page.getByRole('button', { name: 'Play now' }).click();
    await reach100(p.page);
    await screenshot(p.page, 'game-seat-playing');
    // A free player on the blu-ray trial: blu-ray is labelled with the trial countdown, member-only hang-up options are off.
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('dialog', { name: 'Game menu' }).waitFor();
    expect(await p.page.getByRole('button', { name: /30 min members/ }).isDisabled()).toBe(true);
    await animationsDone(p.page);
    await screenshot(p.page, 'game-menu-free-trial');
    await p.close();
  });

  it('back gesture while queued stops the queue', async () => {
    const p = await gs.open('queue');
    await gs.enter(p, gamePath(STARFALL), '13800000000');
    await p.page.getByTestId('queue-position').waitFor();
    await backGesture(p.page);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/left the queue/);
    await screenshot(p.page, 'game-back-queued');
    const journal = { entries: await gs.journal(p.session) };
    expect(journal.entries.some((e) => e.path.includes('cancel_queue'))).toBe(true);
    await p.close();
  });

  it('seat expiry: a seat not taken within 40 s goes away', async () => {
    const p = await gs.open('queue-seat-expires');
    await gs.enter(p, gamePath(STARFALL), '13800000000');
    await p.page.getByTestId('queue-position').waitFor();
    await pollUntilSeat(p.page);
    await gs.mock(p.session, 'clock', { advanceMs: 40_000 });
    await p.page.clock.runFor(41_000);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/not taken in time/);
    await screenshot(p.page, 'game-seat-expired');
    await p.close();
  });

  it('portrait: a "turn your phone" hint, and the game still plays', async () => {
    const p = await gs.open('play-now', { context: PHONE, clock: false });
    await gs.enter(p, gamePath(STARFALL));
    await reach100(p.page);
    await p.page.getByText('Turn your phone sideways').waitFor();
    await p.page.getByTestId('virtual-gamepad').waitFor();
    await screenshot(p.page, 'game-portrait');
    await p.close();
  });

  it('single-game mode: agent_code without game_id plays the channel\'s first hot game', async () => {
    const p = await gs.open('play-now');
    await gs.enter(p, '/submodules/game/game/index?agent_code=qa_channel');
    await reach100(p.page);
    const journal = { entries: await gs.journal(p.session) };
    expect(journal.entries.some((e) => e.path.includes('hot_game'))).toBe(true);
    await screenshot(p.page, 'game-single-mode');
    await p.close();
  });

  it('back gesture with a seat ready leaves the queue', async () => {
    const p = await gs.open('queue-seat-expires');
    await gs.enter(p, gamePath(STARFALL), '13800000000');
    await p.page.getByTestId('queue-position').waitFor();
    await pollUntilSeat(p.page);
    await backGesture(p.page);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/left the queue/);
    await p.close();
  });

  it('home ?game_id= opens that game', async () => {
    const p = await gs.open('play-now');
    await gs.mock(p.session, 'network', { stall: true });
    await gs.enter(p, '/?game_id=2');
    await p.page.waitForURL(/\/submodules\/game\/game\/index\?game_id=2/);
    await gameProgress(p.page).waitFor();
    await p.close();
  });

  it('a broken game link (game_id not a number) says so and starts nothing', async () => {
    const p = await gs.open('play-now');
    await gs.enter(p, '/submodules/game/game/index?game_id=abc');
    await p.page.getByRole('alert').getByText('"abc" is not a game id: this link is broken.').waitFor();
    const journal = { entries: await gs.journal(p.session) };
    expect(journal.entries.some((e) => e.path.includes('play_game') || e.path.includes('game_info'))).toBe(false);
    expect(p.errors).toEqual([]);
    await p.close();
  });
});
