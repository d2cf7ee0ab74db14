/**
 * The host app's powers outside the game screen (docs/host-bridge.md), with the QA client's simulated host: invite
 * shares and copies through the host, the download page's store link and the site registry open through openUrl,
 * a membership is paid at the host's cashier and its payResult ends where a player expects, and the host's network
 * status drives the offline bar (SPEC §4).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installSimulatedHost, type SimulatedHostOptions } from '../../mock-server/client.ts';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { REGISTRY_URL } from '../../web/state/registration.ts';
import { newPhonePage, personaState, ROOT, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser();
const downurl = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/downurl.json'), 'utf8')) as { android_url: string; ios_url: string };

/** A phone page inside a simulated host, logged in as `persona` when one is named, on `path`. */
async function inHost(o: { persona?: string; path: string; host: SimulatedHostOptions }) {
  const context = o.persona === undefined ? {} : { context: { storageState: await personaState(e2e, o.persona) } };
  const phone = await newPhonePage(e2e.browser, e2e.server.url, context);
  // Before the first document: the host announces itself before the app's scripts run.
  const host = await installSimulatedHost(phone.page, o.host);
  const visited: string[] = [];
  phone.page.on('framenavigated', (f) => {
    if (f === phone.page.mainFrame()) visited.push(new URL(f.url()).pathname);
  });
  await phone.page.goto(o.path);
  await waitForAppShell(phone.page);
  return { ...phone, host, visited };
}

describe('invite through the host (docs/host-bridge.md share, setClipboard)', () => {
  it("Share opens the host's sheet with the code and link; Copy goes through setClipboard with the toast", async () => {
    const { page, host, errors, close } = await inHost({ persona: '13800000001', path: PAGE_PATH.invite, host: { capabilities: ['share', 'setClipboard'] } });
    const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
    expect(code).not.toBe('');
    await page.getByRole('button', { name: 'Share invitation' }).click();
    const share = await host.waitForCall('share');
    const params = share.params as { title: string; text: string; url: string };
    expect(params.title).toBe('Play with me on Cloud Play');
    expect(params.text).toContain(code);
    expect(params.url).toMatch(new RegExp(`/main/login/index\\?invite_code=${code}$`));
    await page.getByRole('button', { name: 'Copy code' }).click();
    expect((await host.waitForCall('setClipboard')).params).toEqual({ text: code });
    await page.getByText('Content copied').waitFor();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await host.waitForCall('setClipboard', { match: (c) => (c.params as { text?: string }).text === params.url });
    // Tidy at 390 px: the three actions sit inside the card, none cut off.
    for (const name of ['Share invitation', 'Copy code', 'Copy link']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, name).toBe(true);
    }
    await screenshot(page, 'host-app-invite');
    expect(errors).toEqual([]);
    await close();
  });

  it('in a plain browser with no share sheet, Share copies the link and says so', async () => {
    const { page, context, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, {
      context: { storageState: await personaState(e2e, '13800000001') },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(e2e.server.url).origin });
    // Whatever this Chromium build has: the browser without a Web Share sheet is what is under test.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await page.goto(PAGE_PATH.invite);
    await waitForAppShell(page);
    await page.getByRole('button', { name: 'Share invitation' }).click();
    await page.getByText('Content copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/main\/login\/index\?invite_code=/);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('links that leave the app (docs/host-bridge.md openUrl)', () => {
  it("the download page's app link and its share go to the host; the page stays", async () => {
    const { page, host, visited, errors, close } = await inHost({ path: PAGE_PATH.download, host: { platform: 'ios', capabilities: ['openUrl', 'share'] } });
    await page.getByRole('link', { name: 'Android' }).click();
    expect((await host.waitForCall('openUrl')).params).toEqual({ url: downurl.android_url });
    await page.getByRole('link', { name: 'iPhone and iPad' }).click();
    await host.waitForCall('openUrl', { match: (c) => (c.params as { url?: string }).url === downurl.ios_url });
    await page.getByRole('button', { name: 'Share the download link' }).click();
    const share = await host.waitForCall('share');
    expect((share.params as { url: string }).url).toBe(new URL(PAGE_PATH.download, e2e.server.url).href);
    expect(visited).toEqual([PAGE_PATH.download]);
    expect(new URL(page.url()).pathname).toBe(PAGE_PATH.download);
    expect(errors).toEqual([]);
    await close();
  });

  it('the site registry link on About us goes to the host', async () => {
    const { page, host, errors, close } = await inHost({ path: PAGE_PATH.aboutus, host: { capabilities: ['openUrl'] } });
    const pages = page.context().pages().length;
    await page.getByRole('link', { name: /ICP/ }).click();
    expect((await host.waitForCall('openUrl')).params).toEqual({ url: REGISTRY_URL });
    expect(page.context().pages()).toHaveLength(pages);
    expect(errors).toEqual([]);
    await close();
  });
});

/** Buys the member page's default plan inside the host and returns the order the host was asked to pay. */
async function buyInHost(persona: string) {
  const phone = await inHost({ persona, path: PAGE_PATH.member, host: { capabilities: ['pay'] } });
  await phone.page.getByRole('radiogroup', { name: 'Membership plan' }).getByRole('radio').first().waitFor({ state: 'attached' });
  await phone.page.getByRole('button', { name: 'Pay', exact: true }).click();
  const call = await phone.host.waitForCall('pay');
  const order = call.params as { order_id: string; product_id: number; amount: string; title: string };
  expect(order).toEqual({ order_id: expect.stringMatching(/^CG\d+$/), product_id: expect.any(Number), amount: expect.stringMatching(/^\d+\.\d\d$/), title: expect.any(String) });
  await phone.page.getByRole('heading', { name: 'Waiting for payment' }).waitFor();
  return { ...phone, order };
}

describe('paying at the host app’s cashier (docs/host-bridge.md pay, payResult)', () => {
  it('success: the order is paid, the result says so, and Mine shows Member', async () => {
    const { page, host, order, visited, errors, close } = await buyInHost('13800000000');
    await screenshot(page, 'host-app-paying');
    // The host's cashier settles the order with the server before it answers, as a real payment does.
    const settled = await fetch(new URL(`/mock-pay/${order.order_id}/pay`, e2e.server.url), { method: 'POST', redirect: 'manual' });
    expect(settled.status).toBe(303);
    await host.send('payResult', { order_id: order.order_id, status: 'success' });
    await page.getByText('Payment successful').waitFor();
    await screenshot(page, 'host-app-pay-success');
    expect(visited.some((p) => p.startsWith('/mock-pay/'))).toBe(false);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((u) => u.pathname === PAGE_PATH.user);
    await page.getByText('Member', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('cancel: an answer for another order changes nothing; this order’s cancel shows the failure with Try again', async () => {
    const { page, host, order, errors, close } = await buyInHost('13900000031');
    await host.send('payResult', { order_id: 'CG2025030110000000099999', status: 'success' });
    // The app hears an event within the send, and would have left for the result page by now.
    expect(new URL(page.url()).pathname).toBe(PAGE_PATH.payLoading);
    await host.send('payResult', { order_id: order.order_id, status: 'cancel' });
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await page.getByText('Payment successful').count()).toBe(0);
    await screenshot(page, 'host-app-pay-cancelled');
    expect(errors).toEqual([]);
    await close();
  });

  it("fail: the failure with the host's message, and Try again takes a new order to the host", async () => {
    const { page, host, order, errors, close } = await buyInHost('13900000032');
    await host.send('payResult', { order_id: order.order_id, status: 'fail', message: 'The card was declined.' });
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    await page.getByText('The card was declined.').waitFor();
    await screenshot(page, 'host-app-pay-failed');
    const before = host.calls().length;
    await page.getByRole('button', { name: 'Try again' }).click();
    const again = await host.waitForCall('pay', { since: before });
    expect((again.params as { order_id: string }).order_id).not.toBe(order.order_id);
    await page.getByRole('heading', { name: 'Waiting for payment' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the host's network (SPEC §4, docs/host-bridge.md getNetworkType, network)", () => {
  it("asks at start; the host's offline shows the bar, the browser's online does not hide it, the host's online does", async () => {
    const { page, host, errors, close } = await inHost({ path: '/', host: { capabilities: ['getNetworkType'] } });
    await host.waitForCall('getNetworkType');
    await host.send('network', { isConnected: false, networkType: 'none' });
    await page.getByText('You are offline').waitFor();
    // The browser says online: the host's word stands. Two frames let React draw whatever the status now says.
    const barAfterBrowserOnline = await page.evaluate(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return document.querySelector('.offline-bar') !== null;
    });
    expect(barAfterBrowserOnline).toBe(true);
    await host.send('network', { isConnected: true, networkType: 'wifi' });
    await page.getByText('You are offline').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });
});
