/**
 * The QA console at /__mock/ (decision 0011) in Chromium: opened beside the app, it sees the app's
 * session appear and its journal fill live (pushed over /__mock/feed), adds a fault from its form that
 * the app then shows as a toast (SPEC §8 error paths), and moves the session's virtual clock so the
 * queue's ready seat runs out (SPEC §4 Queue, seat expiry §9). Screenshots at 1280×800 and 390×844.
 */
import { describe, expect, it } from 'vitest';
import { gamePath, LANDSCAPE, logIn, newPhonePage, pollUntilSeat, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser({ admin: true });
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, locale: 'en-US' } as const;
const STARFALL = 1;

describe('QA console (decision 0011)', () => {
  it('sees the app arrive, fills its journal live, faults a call the app toasts, and runs the seat out with the clock', async () => {
    const session = `console-${process.pid}-${Date.now()}`;
    const qa = await newPhonePage(e2e.browser, e2e.server.url, { context: DESKTOP, path: '/__mock/' });
    const app = await newPhonePage(e2e.browser, e2e.server.url, { context: LANDSCAPE, ignoreConsole: [/WebSocket/i, /Failed to load resource/] });
    try {
      const c = qa.page;
      await c.getByTestId('feed-status').filter({ hasText: 'Live' }).waitFor();

      // The app opens in a second tab: its session appears in the console's list, pushed, not polled.
      await app.page.clock.install();
      await app.page.goto(new URL(`/?mock_session=${session}`, e2e.server.url).href);
      await waitForAppShell(app.page);
      const row = c.getByRole('button', { name: new RegExp(session) });
      await row.waitFor();
      await row.click();
      await c.getByTestId('session-name').filter({ hasText: session }).waitFor();
      await c.locator('[data-testid="journal"] [data-kind="http"]').first().waitFor();

      // A fault from the form: the next send_code answers the form's envelope, and the app shows its message.
      await app.page.goto(new URL(`/main/login/index?mock_session=${session}&targetUrl=${encodeURIComponent(gamePath(STARFALL))}`, e2e.server.url).href);
      await waitForAppShell(app.page);
      await c.getByLabel('Match path').fill('user/send_code');
      await c.getByRole('button', { name: 'Add fault' }).click();
      await c.getByTestId('faults-pending').getByText('user/send_code').waitFor();
      await app.page.getByLabel('Phone number').fill('13800000001');
      await app.page.getByRole('button', { name: 'Send code' }).click();
      await app.page.getByRole('status').filter({ hasText: 'Fault from the QA console' }).waitFor();
      await screenshot(app.page, 'console-app-fault-toast');
      await c.getByTestId('faults-used').getByText('user/send_code').waitFor();
      await c.getByTestId('faults-pending').getByText('None.').waitFor();
      await c.locator('[data-testid="journal"] li').filter({ hasText: 'fault: body' }).first().waitFor();
      await screenshot(c, 'console-desktop-fault');

      // The queue scenario and virtual time, from the console.
      await c.getByLabel('Named scenario').selectOption('queue');
      await c.getByRole('button', { name: 'Apply', exact: true }).click();
      await c.getByTestId('session-scenario').filter({ hasText: 'queue' }).waitFor();
      await c.getByRole('button', { name: 'Switch to virtual clock' }).click();
      await c.getByTestId('session-clock').filter({ hasText: /^virtual/ }).waitFor();
      await logIn(app.page, '13800000001', { sendCode: false });
      await app.page.getByTestId('queue-position').waitFor();
      // Each journal entry opens to its body: the login's, as the app sent it.
      const login = c.locator('[data-testid="journal"] li').filter({ hasText: 'user/web_login' }).first();
      await login.getByRole('button').click();
      await login.locator('pre').filter({ hasText: '"mobile": "13800000001"' }).waitFor();
      // The journal filter: only the queue polls, live as the app makes them.
      await c.getByLabel('Filter').fill('game_queue');
      const seen = await pollUntilSeat(app.page);
      expect(seen.length).toBeGreaterThan(0);
      await expect.poll(() => c.locator('[data-testid="journal"] [data-kind="http"]').count()).toBeGreaterThanOrEqual(seen.length + 1);
      await screenshot(c, 'console-desktop-queue');

      // +40 s on the session clock: the seat's 40 s run out on the server, so taking it now is refused.
      const before = await c.getByTestId('session-clock').textContent();
      await c.getByRole('button', { name: '+40 s' }).click();
      await expect.poll(() => c.getByTestId('session-clock').textContent()).not.toBe(before);
      await app.page.getByRole('button', { name: 'Play now' }).click();
      // The server's 4006 (failure seatExpired), not the page's own 40 s: the page's clock stands still.
      await app.page.getByText('The game could not start.').waitFor();
      await app.page.getByText('Seat expired', { exact: true }).waitFor();
      await screenshot(app.page, 'console-app-seat-expired');

      // The same console on a phone.
      await c.setViewportSize({ width: 390, height: 844 });
      await c.getByLabel('Filter').fill('');
      await screenshot(c, 'console-phone-journal');
      await c.evaluate(() => window.scrollTo(0, 0));
      await screenshot(c, 'console-phone-top');
      expect(qa.errors).toEqual([]);
    } finally {
      await app.close();
      await qa.close();
    }
  }, 120_000);
});
