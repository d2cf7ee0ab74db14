/**
 * Decision 0008, the app's hardening: an insecure origin (§2), storage the browser
 * refuses (§3), a pay_url it must not follow (§5), and the errors SPEC §2 and §8 name (§1, §6) — each in
 * Chromium against the mock.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePath, gameScreen, LANDSCAPE, launchBrowser, logIn, newPhonePage, PHONE, reach100, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

// The socket-only stream: these check what the app does around a game, not its picture.
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'harden');

/** Only the mock's own expected noise: sockets closed on purpose, a fault's refused resource. */
const NOISE = [/WebSocket/i, /Failed to load resource/];

describe('an insecure origin: no crypto.subtle (decision 0008 §2)', () => {
  const HOST = 'insecure.test';
  let browser: Browser | undefined;
  beforeAll(async () => {
    // A name that is not localhost but still resolves to this machine: http:// on it is not a secure context.
    browser = await launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
  });
  afterAll(() => browser?.close());

  it('on http://insecure.test the app signs with the JavaScript SHA-256, logs in, keeps the login over a reload and plays a game', async () => {
    if (!browser) throw new Error('no browser');
    const session = `harden-insecure-${process.pid}-${Date.now()}`;
    await gs.mock(session, 'scenario', { name: 'play-now' });
    const origin = `http://${HOST}:${e2e.server.port}`;
    // At 1× like the stream tests: software-decoded video at 2× can starve a busy machine's screenshots.
    const { page, errors, close } = await newPhonePage(browser, origin, { context: LANDSCAPE, ignoreConsole: NOISE });
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/chunks/')) chunks.push(new URL(r.url()).pathname);
    });
    await page.goto(`${origin}/main/login/index?mock_session=${session}&targetUrl=${encodeURIComponent(gamePath(1))}`);
    await waitForAppShell(page);
    expect(await page.evaluate(() => ({ secure: isSecureContext, subtle: typeof crypto.subtle }))).toEqual({ secure: false, subtle: 'undefined' });
    await logIn(page, '13800000001', { sendCode: false });
    await reach100(page);
    await screenshot(page, 'insecure-origin-playing');
    // Signed calls passed the mock's signature check: login, then the game flow.
    const journal = await gs.journal(session);
    expect(journal.some((e) => e.path.includes('web_login'))).toBe(true);
    expect(journal.some((e) => e.path.includes('play_game'))).toBe(true);
    expect(chunks.some((c) => /\/sha2-[A-Z0-9]+\.js$/.test(c))).toBe(true);

    // The login info was encrypted by the JavaScript AES-GCM; after a reload it is read back the same way.
    await page.goto(`${origin}/main/user/index`);
    await page.getByText('138****0001').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

/** Site data off: the storage getters throw and IndexedDB refuses, from before the app's first script. */
async function blockStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const deny = (what: string) => () => {
      throw new DOMException(`Failed to read the '${what}' property from 'Window': Access is denied for this document.`, 'SecurityError');
    };
    for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) Object.defineProperty(window, name, { configurable: true, get: deny(name) });
  });
}

describe('a pay_url the app must not follow (decision 0008 §5)', () => {
  it('an order whose pay_url is javascript: is not opened; the page says so and nothing runs', async () => {
    const session = `harden-pay-${process.pid}-${Date.now()}`;
    await gs.mock(session, 'scenario', { name: 'default' });
    const orderId = 'CG2025030110000000010042';
    const order = { order_id: orderId, product_id: 101, product_type: 'member', title: 'Monthly membership', amount: '30.00', pay_type: 'wxpay', status: 'pending', pay_url: 'javascript:window.__paid=true', created_at: 0, paid_at: 0, expire_at: 0 };
    await gs.mock(session, 'faults', { match: { path: 'h5_pay/order_status' }, body: { code: 1, msg: '', data: order } });
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { ignoreConsole: NOISE });
    const pay = `/submodules/pay/loading/index?order_id=${orderId}`;
    await page.goto(new URL(`/main/login/index?mock_session=${session}&targetUrl=${encodeURIComponent(pay)}`, e2e.server.url).href);
    await waitForAppShell(page);
    await logIn(page, '13800000000', { sendCode: false });
    await page.getByRole('heading', { name: 'Payment page blocked' }).waitFor();
    await screenshot(page, 'pay-url-refused');
    expect(new URL(page.url()).pathname).toBe('/submodules/pay/loading/index');
    expect(await page.evaluate(() => (window as unknown as { __paid?: boolean }).__paid)).toBeUndefined();
    expect(errors).toEqual([]);
    await close();
  });
});

describe('storage the browser refuses (decision 0008 §3)', () => {
  it('with site data off the app still renders, says once that nothing is remembered, logs in and plays', async () => {
    const session = `harden-nostorage-${process.pid}-${Date.now()}`;
    await gs.mock(session, 'scenario', { name: 'play-now' });
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { context: PHONE, ignoreConsole: NOISE });
    await blockStorage(page);
    await page.goto(new URL(`/?mock_session=${session}`, e2e.server.url).href);
    await waitForAppShell(page);
    const bar = page.getByRole('status').filter({ hasText: 'Site data is off in this browser' });
    await bar.waitFor();
    await page.getByText(/Hot|Continue|New/).first().waitFor();
    await screenshot(page, 'storage-blocked-home');
    await bar.getByRole('button', { name: 'Dismiss' }).click();
    await bar.waitFor({ state: 'detached' });

    // Logging in works for the visit (in memory), and the game runs on default settings.
    await page.evaluate((path) => {
      history.pushState(null, '', `/main/login/index?targetUrl=${encodeURIComponent(path)}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, gamePath(1));
    await page.getByLabel('Phone number').waitFor();
    await logIn(page, '13800000001', { sendCode: false });
    await reach100(page);
    await screenshot(page, 'storage-blocked-playing');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('errors the spec names (decision 0008 §6)', () => {
  it('a slow page chunk shows the loading placeholder (SPEC §2, read in decision 0008 §1), then the page', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { ignoreConsole: NOISE });
    // Idle preloading is held back, so the download chunk is first asked for when the page opens.
    await page.addInitScript(() => {
      (window as unknown as { requestIdleCallback(fn: () => void): number }).requestIdleCallback = () => 1;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chunks\/download-[A-Z0-9]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(new URL('/', e2e.server.url).href);
    await waitForAppShell(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/main/download/index');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator('.page__body').getByRole('status').filter({ hasText: 'Loading' }).waitFor({ timeout: 5_000 });
    await screenshot(page, 'page-chunk-loading');
    release();
    await page.getByText('Android').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('a 30001 on a game screen with no game session under way ends on the login page (SPEC §8)', async () => {
    const first = await newPhonePage(e2e.browser, e2e.server.url, { path: '/main/login/index?targetUrl=%2Fmain%2Fuser%2Findex' });
    await waitForAppShell(first.page);
    await logIn(first.page, '13800000003', { sendCode: false });
    await first.page.waitForURL(/\/main\/user\/index$/);
    // As in login.test.ts: the server stops knowing the token, in a copy of the stored state.
    const state = await first.context.storageState();
    await first.close();
    for (const o of state.origins) {
      for (const item of o.localStorage) if (item.name === 'token') item.value = JSON.stringify({ type: 'string', data: 'expired-token' });
    }
    const { page, close } = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...LANDSCAPE, storageState: state }, ignoreConsole: NOISE });
    // A game link that names no game: the screen starts no session, and the app's background calls meet 30001.
    await page.goto(new URL(gamePath(987654), e2e.server.url).href);
    await page.waitForURL(/\/main\/login\/index\?targetUrl=%2Fsubmodules%2Fgame%2Fgame%2Findex%3Fgame_id%3D987654$/, { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await close();
  });

  it('HTTP 500 from a background call (display_grade while playing) keeps the game screen (SPEC §8 navigation is for page calls)', async () => {
    const p = await gs.playing('play-now', 1, { clock: false });
    await gs.mock(p.session, 'faults', { match: { path: 'display_grade' }, status: 500 });
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('dialog', { name: 'Game menu' }).waitFor();
    const answered = p.page.waitForResponse((r) => r.url().includes('/display_grade'));
    await p.page.getByRole('button', { name: 'Standard' }).click();
    expect((await answered).status()).toBe(500);
    await p.page.getByRole('button', { name: 'Close menu' }).click();
    // Still this screen, still playing: no error page.
    await reach100(p.page);
    expect(new URL(p.page.url()).pathname).toBe('/submodules/game/game/index');
    await screenshot(p.page, 'background-500-still-playing');
    await p.close();
  });
});
