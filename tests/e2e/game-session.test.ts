/**
 * The game screen end to end (see game.test.ts): leaving and returning,
 * hang-up, reconnects, the server's stream and duration events, play time
 * and an expired login. Screenshots at 844×390 (landscape).
 */
import { describe, expect, it } from 'vitest';
import {
  backGesture,
  gamePath,
  gamePhase,
  gameProgress,
  gameScreen,
  goHome,
  reach100,
  runWhileStreaming,
  screenshot,
  useServerAndBrowser,
} from './harness.ts';

// The socket-only stream: what is checked here is the game session, not the picture (stream.test.ts has that).
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'game-session');
const STARFALL = 1;

describe('game screen: leaving, hang-up, reconnects, server events and play time (SPEC §4, §8)', () => {
  it('leave and return within the hang-up time: home shows "still running", Return resumes the stream', async () => {
    const p = await gs.playing('play-now');
    await goHome(p.page);
    await p.page.getByText('Your game is still running').waitFor();
    await screenshot(p.page, 'game-home-resume-banner');
    await p.page.clock.runFor(60_000);
    await p.page.getByRole('button', { name: 'Return', exact: true }).click();
    await p.page.waitForURL(/\/submodules\/game\/game\/index\?game_id=1/);
    await reach100(p.page);
    await screenshot(p.page, 'game-returned');
    const journal = { entries: await gs.journal(p.session) };
    expect(journal.entries.filter((e) => e.path.includes('play_game')).length).toBe(1);
    await p.close();
  });

  it('hiding the page while playing puts the game on hold; showing it again resumes the stream (SPEC §4 Hang-up)', async () => {
    const p = await gs.playing('play-now');
    // As when the player switches apps or locks the phone: the browser hides the page.
    const setHidden = (hidden: boolean) =>
      p.page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    await p.page.getByRole('heading', { name: /is on hold/ }).waitFor();
    expect(await gamePhase(p.page)).toBe('hung-up');
    // The default hang-up time is 3 minutes: a minute in (give or take the real time the browser clock also lets pass), it is still on hold.
    await p.page.clock.runFor(60_000);
    await p.page.getByText(/It closes in (1:5\d|2:00) unless you return/).waitFor();
    await screenshot(p.page, 'game-hidden-on-hold');
    await setHidden(false);
    await reach100(p.page);
    const journal = { entries: await gs.journal(p.session) };
    expect(journal.entries.filter((e) => e.path.includes('play_game')).length).toBe(1);
    await p.close();
  });

  it('hang-up running out closes the game and says so', async () => {
    const p = await gs.playing('play-now');
    await goHome(p.page);
    await p.page.getByText('Your game is still running').waitFor();
    await p.page.clock.runFor(3 * 60_000 + 1000);
    await p.page.getByText(/Hang-up time is over/).waitFor();
    await screenshot(p.page, 'game-hangup-over');
    expect(await p.page.getByText('Your game is still running').count()).toBe(0);
    await p.close();
  });

  it('reconnect of an able_recon session after login', async () => {
    const p = await gs.open('reconnect-able-session');
    await gs.enter(p, '/');
    await p.page.getByText('Your game is still running').waitFor();
    await screenshot(p.page, 'game-recon-banner');
    await p.page.getByRole('button', { name: 'Return', exact: true }).click();
    await p.page.waitForURL(/game_id=1/);
    await reach100(p.page);
    await screenshot(p.page, 'game-recon-playing');
    const journal = { entries: await gs.journal(p.session) };
    expect(journal.entries.some((e) => e.path.includes('recon_play_game'))).toBe(true);
    expect(journal.entries.some((e) => e.path.includes('play_game') && !e.path.includes('recon'))).toBe(false);
    await p.close();
  });

  it('43000 ends the game with the reason, and Play again starts it again', async () => {
    const p = await gs.playing('stream-quit-43000');
    await gs.later(p.session, 5000);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/closed by the server/);
    await screenshot(p.page, 'game-43000');
    await gs.mock(p.session, 'network', { stall: true });
    await p.page.getByRole('button', { name: 'Play again' }).click();
    await gameProgress(p.page).waitFor();
    await p.close();
  });

  it('45001 warns and quits after 60 s without input', async () => {
    const p = await gs.playing('idle-45001');
    await p.page.getByText(/No input for a while/).waitFor({ timeout: 15_000 });
    await screenshot(p.page, 'game-45001-warning');
    await runWhileStreaming(p.page, 61_000);
    await p.page.getByTestId('end-reason').waitFor();
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/without input/);
    await screenshot(p.page, 'game-45001-ended');
    await p.close();
  });

  it('202 shows the timeout dialog', async () => {
    const p = await gs.playing('duration-timeout-202');
    await gs.later(p.session, 10_000);
    await p.page.getByRole('dialog', { name: 'Still playing?' }).waitFor();
    await screenshot(p.page, 'game-202');
    await p.page.getByRole('button', { name: 'OK' }).click();
    expect(await gamePhase(p.page)).toBe('playing');
    await p.close();
  });

  it('408 forces a new login', async () => {
    const p = await gs.playing('relogin-408');
    await gs.later(p.session, 10_000);
    await p.page.getByRole('dialog', { name: 'Log in again' }).waitFor();
    await screenshot(p.page, 'game-408');
    await p.page.getByRole('dialog', { name: 'Log in again' }).getByRole('button', { name: 'Log in' }).click();
    await p.page.waitForURL(/\/main\/login\/index\?targetUrl=/);
    await p.close();
  });

  it('out of play time: the balance reaching 0 while playing ends the game and offers play time', async () => {
    const p = await gs.playing('play-now');
    // One charge (a minute of server time) uses up the last play time: the 200 message carries duration_coin 0.
    expect(await gs.db(p.session, 'users/10000002', { durationCoin: 30 })).toMatchObject({ durationCoin: 30 });
    await gs.mock(p.session, 'clock', { virtual: true });
    await gs.mock(p.session, 'clock', { advanceMs: 60_000 });
    await p.page.getByTestId('end-reason').waitFor({ timeout: 15_000 });
    expect(await p.page.getByTestId('end-reason').textContent()).toMatch(/out of play time/);
    await p.page.getByRole('button', { name: 'Get play time' }).waitFor();
    await screenshot(p.page, 'game-out-of-time');
    await p.close();
  });

  it('out of play time before starting: play_game is refused with its message', async () => {
    const p = await gs.open('out-of-play-time');
    await gs.enter(p, gamePath(STARFALL), '13800000004');
    await p.page.getByTestId('end-reason').waitFor({ timeout: 20_000 });
    await p.page.getByText('Out of play time').first().waitFor();
    await screenshot(p.page, 'game-out-of-time-start');
    await p.close();
  });

  it('30001 on the game screen ends the game with "log in again" instead of navigating', async () => {
    const p = await gs.playing('play-now');
    await gs.mock(p.session, 'scenario', { scenario: { game: { tokenExpired: true } }, keepState: true });
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

  it('43001: reconnecting shows its progress, back opens the quit dialog, and the stream comes back', async () => {
    const p = await gs.playing('stream-reconnect-43001');
    // A WebRTC reconnect takes well under a second: hold its picture back so the reconnecting view stays
    // (the new stream connects, 80 %, and waits for a frame); 5 s is far inside the 10 s stall watch.
    await gs.mock(p.session, 'network', { stall: true });
    await p.page.getByText(/Reconnecting/).waitFor({ timeout: 15_000 });
    await backGesture(p.page);
    await p.page.getByRole('dialog', { name: 'Quit the game?' }).waitFor();
    await screenshot(p.page, 'game-reconnecting-back');
    await p.page.getByRole('button', { name: 'Keep playing' }).click();
    await gs.mock(p.session, 'network', { stall: false });
    await reach100(p.page);
    await p.close();
  });
});
