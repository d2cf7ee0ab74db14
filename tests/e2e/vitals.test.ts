/**
 * Field Core Web Vitals (decision 0018): the app measures its own LCP, CLS,
 * INP and TTFB and reports them in batches through event_report (SPEC §7),
 * including when the page is hidden; the mock keeps them for QA
 * (GET /__mock/events, docs/qa-guide.md "Field vitals").
 */
import { describe, expect, it } from 'vitest';
import { gameScreen, PHONE, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser();
const gs = gameScreen(e2e, 'vitals');

interface ReportedEvent {
  event: string;
  data: { metrics?: Array<{ name: string; value: number; rating: string; page: string }> };
}

/** Every vitals sample the app reported in `session`, from the mock's record of event_report calls. */
async function vitalsIn(session: string): Promise<Array<{ name: string; value: number; rating: string; page: string }>> {
  const events = (await gs.mock(session, 'events?event=web_vitals'))['events'] as ReportedEvent[];
  return events.flatMap((e) => e.data.metrics ?? []);
}

async function waitForVitals(session: string, names: readonly string[], timeoutMs = 20_000): Promise<Array<{ name: string; value: number; rating: string; page: string }>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await vitalsIn(session);
    if (names.every((n) => got.some((m) => m.name === n))) return got;
    if (Date.now() > until) throw new Error(`vitals ${names.join(', ')} not reported within ${timeoutMs} ms; got ${JSON.stringify(got)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('field vitals', () => {
  it('reports TTFB and CLS in a batch while the page is open, then LCP once the player taps, also when the page is hidden', async () => {
    const p = await gs.open('default', { context: PHONE, clock: false });
    try {
      await p.page.goto(`/?mock_session=${p.session}`);
      await waitForAppShell(p.page);
      await p.page.locator('.hbanner img').first().waitFor();
      await screenshot(p.page, 'vitals-home');

      const early = await waitForVitals(p.session, ['TTFB']);
      const ttfb = early.find((m) => m.name === 'TTFB');
      expect(ttfb?.page).toBe('/');
      expect(ttfb?.value).toBeGreaterThanOrEqual(0);
      expect(['good', 'needs-improvement', 'poor']).toContain(ttfb?.rating);

      // What a tab switch or closing the app does: the page becomes hidden (headless Chromium never hides a page by itself).
      await p.page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      // LCP is final at the first real input (web-vitals ignores synthetic events); hidden, it goes out at once.
      await p.page.locator('.brand').click();
      const all = await waitForVitals(p.session, ['TTFB', 'LCP', 'CLS']);
      const lcp = all.find((m) => m.name === 'LCP');
      expect(lcp?.value).toBeGreaterThan(0);
      expect(all.find((m) => m.name === 'CLS')?.value).toBeLessThanOrEqual(0.02);
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  }, 60_000);
});
