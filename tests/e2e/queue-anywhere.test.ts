/**
 * SPEC §4 Queue, decision 0012: the queue follows the player. Queued and leaving the game screen
 * by history (not the back gesture, which stops the queue: game.test.ts), a bar on every page shows the position;
 * Cancel works from it; the 40 s seat dialog appears on whatever page the player is on; a page shown again asks
 * the queue at once. Screenshots at 390×844.
 */
import { describe, expect, it } from 'vitest';
import { gamePath, gameScreen, goHome, PHONE, pollUntilSeat, reach100, screenshot, useServerAndBrowser, type SessionPage } from './harness.ts';

// The socket-only stream: what is checked here is the game session, not the picture (stream.test.ts has that).
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'queue-anywhere');
const STARFALL = 1;
const FREE_PLAYER = '13800000000';

/** Queued on the game screen of Starfall, then home through history: the bar shows there. */
async function queuedAtHome(scenario: string): Promise<SessionPage> {
  const p = await gs.open(scenario, { context: PHONE });
  await gs.enter(p, gamePath(STARFALL), FREE_PLAYER);
  await p.page.getByTestId('queue-position').waitFor();
  await goHome(p.page);
  await p.page.getByRole('navigation', { name: 'Main' }).waitFor();
  await p.page.getByTestId('queue-bar').waitFor();
  return p;
}

const gameQueueCalls = async (session: string): Promise<number> => (await gs.journal(session)).filter((e) => e.path.includes('game_queue')).length;

describe('the queue follows the player (SPEC §4 Queue)', () => {
  it('leaving by history keeps the queue: the bar shows the game and position on home and other tabs; Cancel leaves the queue', async () => {
    const p = await queuedAtHome('queue');
    const bar = p.page.getByRole('region', { name: 'Your queue' });
    expect(await bar.getByTestId('queue-bar-position').textContent()).toBe('#5 in the queue');
    await bar.getByText('Starfall Odyssey').waitFor();
    await bar.getByText(/Estimated wait: /).waitFor();
    // Pages make room for it: the bar sits above the tab bar and covers none of it.
    const [barBox, tabBox] = await Promise.all([bar.boundingBox(), p.page.getByRole('navigation', { name: 'Main' }).boundingBox()]);
    expect(barBox && tabBox && barBox.y + barBox.height <= tabBox.y).toBe(true);
    await screenshot(p.page, 'queue-bar-home');
    // Another tab: the bar is still there.
    await p.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game Library' }).click();
    await expect.poll(() => p.page.url()).toMatch(/gameLibrary/);
    await bar.getByTestId('queue-bar-position').waitFor();
    // Back to the game: the game screen shows the live queue, and no bar.
    await bar.getByRole('button', { name: 'Back to the game' }).click();
    await p.page.getByTestId('queue-position').waitFor();
    expect(await p.page.getByTestId('queue-bar').count()).toBe(0);
    await goHome(p.page);
    await bar.getByRole('button', { name: 'Cancel queue' }).click();
    await bar.waitFor({ state: 'detached' });
    await expect.poll(async () => (await gs.journal(p.session)).some((e) => e.path.includes('cancel_queue'))).toBe(true);
    await p.close();
  });

  it('the 40 s seat dialog appears on home; Play now opens the game screen and plays', async () => {
    // The real-time "queue" scenario: a virtual server clock would hold the stream's progress after Play now.
    const p = await queuedAtHome('queue');
    const seat = p.page.getByRole('dialog', { name: 'Your seat is ready' });
    // The page's time runs only when told: each 10 s is one game_queue poll, until the seat is ready.
    await pollUntilSeat(p.page, { position: p.page.getByTestId('queue-bar-position'), keepPaused: true });
    await p.page.clock.runFor(3_000);
    // Counting down from 0:40 (the seat came with one of the polls above).
    await expect.poll(() => p.page.getByTestId('seat-countdown').textContent()).toMatch(/^0:3\d$/);
    expect(await p.page.getByTestId('queue-bar').getAttribute('data-state')).toBe('ready');
    await screenshot(p.page, 'queue-seat-home');
    await p.page.clock.resume();
    await seat.getByRole('button', { name: 'Play now' }).click();
    await expect.poll(() => p.page.url()).toMatch(/game_id=1/);
    await reach100(p.page);
    await p.close();
  });

  it('a seat not taken on home expires there: the bar says so until dismissed', async () => {
    const p = await queuedAtHome('queue-seat-expires');
    const seat = p.page.getByRole('dialog', { name: 'Your seat is ready' });
    // Each 10 s of page time after the previous answer was shown: a step run before the app set its next poll's timer
    // would pass with no poll (stop 21's red CI run, in the test above).
    await pollUntilSeat(p.page, { position: p.page.getByTestId('queue-bar-position'), keepPaused: true });
    await gs.mock(p.session, 'clock', { advanceMs: 40_000 });
    await p.page.clock.runFor(41_000);
    await seat.waitFor({ state: 'detached' });
    const bar = p.page.getByTestId('queue-bar');
    await p.page.getByText('Your seat was not taken in time and went to the next player.').waitFor();
    expect(await bar.getAttribute('data-state')).toBe('expired');
    await screenshot(p.page, 'queue-bar-expired');
    await bar.getByRole('button', { name: 'Dismiss' }).click();
    await bar.waitFor({ state: 'detached' });
    await p.close();
  });

  it('a page shown again asks the queue at once (visibilitychange), whatever its held timers', async () => {
    const p = await queuedAtHome('queue');
    // Time stands still, as in a hidden tab: no poll comes from a timer.
    await p.page.clock.pauseAt(await p.page.evaluate(() => Date.now() + 1_000));
    const before = await gameQueueCalls(p.session);
    for (let i = 1; i <= 2; i++) {
      const answered = p.page.waitForResponse((r) => r.url().includes('/game_queue'));
      await p.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const body = (await (await answered).json()) as { data?: { queue_pos2?: number } };
      expect(await gameQueueCalls(p.session)).toBe(before + i);
      await expect.poll(() => p.page.getByTestId('queue-bar-position').textContent()).toBe(`#${body.data?.queue_pos2 ?? '?'} in the queue`);
    }
    await p.close();
  });
});
