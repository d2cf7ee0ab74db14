/**
 * Shielded games (SPEC §6 "Some games are hidden via a shield list", §7 ps_shield): with the mock's lists
 * carrying them (scenario shielded-in-lists), the app still hides games 3 and 17 from home and answers their
 * detail page and overlay detail "Game not found", from ps_shield alone.
 */
import { describe, expect, it } from 'vitest';
import { newPhonePage, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';
import { applyScenario } from './e2e-control.ts';

const e2e = useServerAndBrowser();

describe('shielded games (SPEC §6)', () => {
  it('a shielded game a list answers is hidden on home, and its detail page says it is not found', async () => {
    const session = 'shield-e2e';
    await applyScenario(e2e.server.url, session, 'shielded-in-lists');
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url);
    const shieldCall = page.waitForResponse((r) => r.url().includes('ps_shield'));
    await page.goto(`/?mock_session=${session}`);
    await waitForAppShell(page);
    await page.locator('.hsection').first().waitFor();
    await shieldCall;
    // The mock's home_list answered Ironclad Tactics (id 3); the app left it out.
    expect(await page.locator('.hsection').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Ironclad Tactics').count()).toBe(0);
    expect(await page.getByText('Abyssal Depths').count()).toBe(0);
    await screenshot(page, 'shield-home');

    await page.goto(new URL('/submodules/game/detail/index?game_id=3', e2e.server.url).href);
    await page.getByText('Game not found').waitFor();
    await screenshot(page, 'shield-detail');
    // The overlay detail over a host app gives the same answer, not a retry.
    await page.goto(new URL('/submodules/webview/detail/index?game_id=3', e2e.server.url).href);
    await page.getByRole('dialog').getByRole('heading', { name: 'Game not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await screenshot(page, 'shield-webview-detail');
    expect(errors).toEqual([]);
    await close();
  });
});
