/**
 * The host simulator at /__mock/host/ (docs/decisions/0020-host-simulator.md) in Chromium, as QA uses it on a
 * laptop: a simulated Android host with some capabilities around the app in its frame; the announcement is there
 * before the app starts and stays through the app's own navigation; the game screen turns the frame sideways and
 * back, the game's rumble pulses it, the host's back opens the quit dialog there and closes the webview elsewhere,
 * "Offline" shows the app's offline bar, and every call is listed. Screenshots at 1280×800 and 390 px.
 */
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, gamePath, gameScreen, newPhonePage, personaState, screenshot, useServerAndBrowser } from './harness.ts';

// The socket-only stream: the simulator is about what the app asks of the host, not the picture.
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'host-sim');
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, locale: 'en-US' } as const;
const MEMBER = '13800000001';
const STARFALL = 1;
const CAPABILITIES = ['closeWebview', 'getNetworkType', 'setOrientation', 'vibrate', 'pay'];

/** The app's announcement in the frame, or null while the frame loads. */
const announced = (frame: Frame): Promise<unknown> =>
  frame.evaluate(() => (window as unknown as { cgHostInfo?: unknown }).cgHostInfo ?? null).catch(() => null);

/** The app's shell drawn in the frame (waitForAppShell, for a frame). */
const appShell = (frame: Frame): Promise<unknown> =>
  frame.waitForFunction(() => {
    const root = document.getElementById('root');
    return (root?.childElementCount ?? 0) > 0 && !root?.querySelector('[data-prerendered]');
  });

describe('the host simulator (decision 0020)', () => {
  it('simulates an Android host around the app: announcement, orientation, rumble, back, network, and the list of calls', async () => {
    const session = `host-sim-${process.pid}-${Date.now()}`;
    await gs.mock(session, 'scenario', { name: 'play-now' });
    const sim = await newPhonePage(e2e.browser, e2e.server.url, {
      context: { ...DESKTOP, storageState: await personaState(e2e, MEMBER, session) },
      // The frame's first page names the mock session; the app keeps it for the visit, as in a tab.
      path: `/__mock/host/?path=${encodeURIComponent(`/?mock_session=${session}`)}`,
      ignoreConsole: [/WebSocket/i, /Failed to load resource/],
    });
    const { page } = sim;
    try {
      const frameEl = page.locator('iframe[title="The app"]');
      const frame = await (await frameEl.elementHandle())?.contentFrame();
      if (!frame) throw new Error('the simulator shows no frame');
      const app = page.frameLocator('iframe[title="The app"]');
      const calls = page.getByTestId('sim-calls');

      // Android with some capabilities: every change reloads the frame with the new announcement.
      await page.getByRole('radio', { name: 'iOS' }).check();
      await expect.poll(() => announced(frame)).toMatchObject({ platform: 'ios' });
      await page.getByRole('radio', { name: 'Android' }).check();
      for (const m of ['openUrl', 'setClipboard', 'share']) await page.getByRole('checkbox', { name: m, exact: true }).uncheck();
      await expect.poll(() => announced(frame)).toEqual({ version: 1, platform: 'android', capabilities: CAPABILITIES });
      await appShell(frame);
      // A phone's webview, to the app: the injected script gave it the platform's user agent before it started.
      expect(await frame.evaluate(() => navigator.userAgent)).toMatch(/Android .*; wv\)/);
      expect(await frame.evaluate(() => typeof (window as unknown as { CGHostAndroid?: unknown }).CGHostAndroid)).toBe('object');
      await calls.locator('[data-dir="call"][data-name="getNetworkType"]').first().waitFor();
      await calls.locator('[data-dir="event"][data-name="network"]').first().waitFor();
      await screenshot(page, 'host-simulator-home');

      // The host's network: offline shows the app's offline bar, Wi-Fi takes it away.
      await page.getByRole('button', { name: 'Offline' }).click();
      const offline = app.getByRole('alert').filter({ hasText: 'You are offline' });
      await offline.waitFor();
      await page.getByRole('button', { name: 'Wi-Fi' }).click();
      await offline.waitFor({ state: 'detached' });

      // The app's own navigation inside the frame: the address follows, the announcement stays.
      await app.getByRole('link', { name: 'Game Library' }).click();
      await expect.poll(() => page.getByLabel('Address').inputValue()).toBe('/main/gameLibrary/index');
      expect(await announced(frame)).toMatchObject({ capabilities: CAPABILITIES });

      // The game screen asks for landscape: the frame turns.
      await page.getByLabel('Address').fill(gamePath(STARFALL));
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      await page.locator('[data-testid="sim-phone"][data-orientation="landscape"]').waitFor();
      await calls.locator('[data-name="setOrientation"]').filter({ hasText: '{"orientation":"landscape"}' }).waitFor();
      await frame.waitForFunction(() => document.querySelector('.gs')?.getAttribute('data-phase') === 'playing' && !document.querySelector('.gs-loading'), undefined, {
        timeout: 20_000,
      });

      // The game's rumble reaches the host's motor: the frame pulses.
      expect(await gs.mock(session, 'push', { socket: 'stream', message: { type: 'vibrate', duration_ms: 300, strong: 0.8, weak: 0.5 } })).toMatchObject({ delivered: 1 });
      await page.locator('[data-testid="sim-phone"][data-pulses="1"]').waitFor();
      await calls.locator('[data-name="vibrate"]').filter({ hasText: '"ms":300' }).waitFor();
      await screenshot(page, 'host-simulator-game');

      // The host's back on the game screen is the quit dialog, not closeWebview (SPEC §2); leaving turns the frame back.
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await app.getByRole('dialog', { name: 'Quit the game?' }).waitFor();
      expect(await calls.locator('[data-name="closeWebview"]').count()).toBe(0);
      await app.getByRole('button', { name: 'Quit', exact: true }).click();
      await app.getByTestId('end-reason').waitFor();
      await app.getByRole('button', { name: 'Back', exact: true }).click();
      await page.locator('[data-testid="sim-phone"][data-orientation="portrait"]').waitFor();
      await calls.locator('[data-name="setOrientation"]').filter({ hasText: '{"orientation":"portrait"}' }).waitFor();

      // The host's back on a page closes the webview: listed, and the frame says so until it is opened again.
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await calls.locator('[data-dir="call"][data-name="closeWebview"]').waitFor();
      await page.getByText('The app closed the webview.').waitFor();
      await animationsDone(page);
      await screenshot(page, 'host-simulator-closed');
      await page.getByRole('button', { name: 'Open again' }).click();
      await page.getByText('The app closed the webview.').waitFor({ state: 'detached' });
      await appShell(frame);

      // Newest first, each with its time: the list reads back from the webview's close to the app's first call.
      const names = await calls.locator('li[data-dir="call"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
      expect(names.indexOf('closeWebview')).toBeLessThan(names.indexOf('vibrate'));
      expect(names.lastIndexOf('setOrientation')).toBeLessThan(names.lastIndexOf('getNetworkType'));
      expect(await calls.locator('li').first().locator('.entry__seq').textContent()).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);

      // Not broken on a phone.
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'host-simulator-phone');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(sim.errors).toEqual([]);
    } finally {
      await sim.close();
    }
  }, 120_000);
});
