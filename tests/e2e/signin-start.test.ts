/**
 * Daily sign-in at start (SPEC §4 Sign-in; docs/decisions/0013-daily-sign-in.md): after login the app signs
 * in once by itself, says what it granted in a toast and shows the grant on Home, Mine and Play time; the
 * Play-time page does not sign in a second time.
 */
import { describe, expect, it } from 'vitest';
import { logIn, newPhonePage, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser();

describe('sign-in at start (decision 0013)', () => {
  it('signs in once after login, with a toast, and the grant shows on Home, Mine and Play time', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url);
    const signIns: string[] = [];
    page.on('request', (r) => {
      if (/user\/sign_in(\?|$|\/)/.test(new URL(r.url()).pathname + '/')) signIns.push(r.url());
    });
    await page.goto('/main/login/index?mock_session=signin-start&targetUrl=%2F');
    await waitForAppShell(page);
    await logIn(page, '13800000001', { sendCode: false });
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText(/^Daily sign-in: \+/).waitFor();
    const home = page.getByTestId('signin-granted');
    await home.waitFor();
    expect(await home.textContent()).toMatch(/^Signed in today: \+/);
    await screenshot(page, 'signin-start-home');

    await page.locator('.tabbar__item').last().click();
    await page.waitForURL((u) => u.pathname === '/main/user/index');
    await page.getByTestId('signin-granted').waitFor();
    await screenshot(page, 'signin-start-mine');

    await page.goto('/submodules/user/timelapse/index');
    await page.locator('.signin-day--today[data-state="1"]').waitFor();
    await page.getByTestId('signin-granted').waitFor();
    await page.getByRole('button', { name: 'Signed in today' }).waitFor();
    await screenshot(page, 'signin-start-timelapse');
    expect(signIns).toHaveLength(1);
    expect(await page.getByText(/^Daily sign-in: \+/).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
