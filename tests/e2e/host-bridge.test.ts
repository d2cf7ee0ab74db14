/**
 * The app inside a host app (docs/host-bridge.md), with the QA client's simulated host: the announcement decides
 * what the app asks, the host's back closes the webview outside the game screen (SPEC §2), and nothing a host
 * sends can break the app.
 */
import { describe, expect, it } from 'vitest';
import { installSimulatedHost } from '../../mock-server/client.ts';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { newPhonePage, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser();

// Each dropped host message is one warning by design; the test's error list holds errors, not warnings.
describe('the host bridge in Chromium (docs/host-bridge.md)', () => {
  it("the host's back on a page closes the webview (SPEC §2); a host that announced nothing is asked for nothing else", async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url);
    const host = await installSimulatedHost(page, { platform: 'ios', capabilities: null });
    await page.goto(PAGE_PATH.gameLibrary);
    await waitForAppShell(page);
    await host.send('back');
    const call = await host.waitForCall('closeWebview');
    expect(call.v).toBe(1);
    expect(host.calls().map((c) => c.method)).toEqual(['closeWebview']);
    expect(errors).toEqual([]);
    await close();
  });

  it('1,000 random messages from the host leave the app working: a page still opens and a tap still answers', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url);
    await installSimulatedHost(page, { platform: 'android' });
    await page.goto(PAGE_PATH.gameLibrary);
    await waitForAppShell(page);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' && m.text().startsWith('host bridge:')) warnings.push(m.text());
    });
    // Seeded, so every run sends the same thousand; sent from the page in one go, as a flooding host would.
    const thrown = await page.evaluate(() => {
      let seed = 987654;
      const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      const value = (): unknown =>
        pick([null, undefined, 0, -1, 1e308, '', 'x'.repeat(5000), true, [], {}, { isConnected: 'no' }, { top: 'a' }, { order_id: 1 }, 'zh', '<img src=x onerror=alert(1)>']);
      const events = ['network', 'payResult', 'safeArea', 'nope', '__proto__', 'constructor', 'toString', 7];
      const receive = (window as unknown as { cgBridgeReceive: (m: unknown) => void }).cgBridgeReceive;
      let failures = 0;
      for (let i = 0; i < 1000; i++) {
        const m = { event: pick(events), data: value() };
        try {
          receive(pick([m, JSON.stringify(m), value(), '{"event":']));
        } catch {
          failures++;
        }
      }
      return failures;
    });
    expect(thrown).toBe(0);
    await expect.poll(() => warnings.length).toBeGreaterThan(900);
    // Still a working app: a tab opens its page.
    await page.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((u) => u.pathname === PAGE_PATH.home);
    await waitForAppShell(page);
    await screenshot(page, 'host-after-fuzz');
    expect(errors).toEqual([]);
    await close();
  });
});
