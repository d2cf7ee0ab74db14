/**
 * SPEC §7 playgame: a game started without a Play button — a direct link to
 * the game screen, home's ?game_id=, a session found after login resumed —
 * is recorded once per start and listed in "Played games".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gamePath, gameScreen, reach100, screenshot, useServerAndBrowser } from './harness.ts';

// The socket-only stream: what is checked is the record of the play, not the picture.
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'played');

/** The game ids the session's playgame calls recorded, in order. */
async function recorded(session: string): Promise<number[]> {
  const entries = (await gs.mock(session, 'journal?kind=http'))['entries'] as Array<{ path?: string; body?: { game_id?: number } }>;
  return entries.filter((e) => e.path?.includes('index/game/playgame')).map((e) => Number(e.body?.game_id));
}

/** The titles "Played games" lists, latest first. */
async function playedTitles(page: Page, count: number): Promise<string[]> {
  await page.goto('/submodules/game/played/index');
  const cards = page.locator('.ggrid .gcard');
  await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(count);
  return page.locator('.ggrid .gcard__title').allTextContents();
}

describe('"Played games" lists every game started, however it was started (SPEC §7 playgame)', () => {
  it('a direct link to the game screen and home\'s ?game_id= each record their game once', async () => {
    const p = await gs.open('play-now');
    // The login's targetUrl is the direct link: the game screen is the first page the player sees.
    await gs.enter(p, gamePath(2));
    await reach100(p.page);
    await expect.poll(() => recorded(p.session)).toEqual([2]);

    // Another visit opened from a link to home with the game's id (SPEC §2).
    await p.page.goto('/?game_id=4');
    await p.page.waitForURL(/\/submodules\/game\/game\/index\?game_id=4$/);
    await reach100(p.page);
    await expect.poll(() => recorded(p.session)).toEqual([2, 4]);

    expect(await playedTitles(p.page, 2)).toEqual(['Whispering Pines', 'Neon Drift Circuit']);
    await screenshot(p.page, 'played-games-direct-and-home-link');
    // Leaving the list went through no new start: still one record each.
    expect(await recorded(p.session)).toEqual([2, 4]);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('an able_recon session found after login is recorded when it resumes, once', async () => {
    const p = await gs.open('reconnect-able-session');
    await gs.enter(p, '/');
    await p.page.getByText('Your game is still running').waitFor();
    expect(await recorded(p.session)).toEqual([]);
    await p.page.getByRole('button', { name: 'Return', exact: true }).click();
    await p.page.waitForURL(/game_id=1/);
    await reach100(p.page);
    await expect.poll(() => recorded(p.session)).toEqual([1]);
    expect(await playedTitles(p.page, 1)).toEqual(['Starfall Odyssey']);
    expect(p.errors).toEqual([]);
    await p.close();
  });
});
