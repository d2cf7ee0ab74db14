/**
 * Every screen reachable (SPEC §2 routes): the questionnaire offered once to a new player
 * (SPEC §3 balance is_new_user) shapes home; Mine links real-name verification with its status and
 * My assets; the download page counts a game's download (SPEC §7 update_down). 390×844.
 */
import { describe, expect, it } from 'vitest';
import { gameScreen, PHONE, screenshot, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
const gs = gameScreen(e2e, 'screens');
const NEW_PLAYER = '13800000003';

const httpPaths = async (session: string): Promise<string[]> => (await gs.journal(session)).map((e) => e.path);

describe('every screen reachable (SPEC §2 routes)', () => {
  it('a new player meets the questionnaire once on home; the chosen genre leads the recommendations', async () => {
    const p = await gs.open({ name: 'play-now' }, { context: PHONE, clock: false });
    try {
      const { page } = p;
      await gs.enter(p, '/', NEW_PLAYER);
      await page.waitForURL(/guide\/questionnaire/);
      // The options are labels styled as chips (the inputs are hidden): tap the label, as a player does.
      await page.locator('label', { hasText: /^Racing$/ }).click();
      await screenshot(page, 'questionnaire');
      await page.getByRole('button', { name: 'Next' }).click();
      for (const pick of ['Controller', 'Under 30 minutes']) {
        await page.locator('label', { hasText: pick }).click();
        await page.getByRole('button', { name: 'Next' }).click();
      }
      await page.locator('label', { hasText: 'Home Wi-Fi' }).click();
      await page.getByRole('button', { name: 'Start playing' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      // Racing's own section now comes right after "continue playing" (none yet for a new player).
      const headings = page.locator('.hsection h2');
      await headings.first().waitFor();
      await expect.poll(() => headings.first().textContent()).toBe('Racing');
      // Answered once: home does not offer it again.
      await page.reload();
      await headings.first().waitFor();
      expect(page.url()).not.toMatch(/questionnaire/);
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('a new player may skip the questionnaire, and it is not offered again', async () => {
    const p = await gs.open({ name: 'play-now' }, { context: PHONE, clock: false });
    try {
      const { page } = p;
      await gs.enter(p, '/', NEW_PLAYER);
      await page.waitForURL(/guide\/questionnaire/);
      await page.getByRole('button', { name: 'Skip' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.reload();
      await page.locator('.hsection h2').first().waitFor();
      expect(page.url()).not.toMatch(/questionnaire/);
    } finally {
      await p.close();
    }
  });

  it('Mine links real-name verification, showing its status, and My assets', async () => {
    const p = await gs.open({ name: 'play-now' }, { context: PHONE, clock: false });
    try {
      const { page } = p;
      await gs.enter(p, '/main/user/index', NEW_PLAYER);
      const realName = page.getByRole('button', { name: /Real-name verification/ });
      await expect.poll(() => realName.textContent()).toMatch(/Not verified$/);
      await page.getByRole('button', { name: 'My assets' }).waitFor();
      await screenshot(page, 'mine-links');
      await realName.click();
      await page.getByRole('button', { name: 'Verify' }).waitFor();
      await page.goBack();
      await page.getByRole('button', { name: 'My assets' }).click();
      await page.getByRole('heading', { name: 'Latest changes' }).waitFor();
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it("the download page opened from a game's detail counts its download (update_down)", async () => {
    const p = await gs.open({ name: 'play-now' }, { context: PHONE, clock: false });
    try {
      const { page } = p;
      await gs.enter(p, '/submodules/game/detail/index?game_id=1');
      await page.getByRole('button', { name: 'Get the app' }).click();
      await page.waitForURL(/download\/index\?game_id=1/);
      const android = page.getByRole('link', { name: 'Android' });
      // The store page itself is not part of this test: answer it locally.
      await page.route(await android.getAttribute('href').then((h) => h ?? ''), (route) => route.fulfill({ body: 'store', contentType: 'text/plain' }));
      await android.click();
      await expect.poll(async () => (await httpPaths(p.session)).filter((x) => x.endsWith('/update_down')).length).toBe(1);
    } finally {
      await p.close();
    }
  });
});
