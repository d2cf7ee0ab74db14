/**
 * The service worker (docs/decisions/0021-service-worker.md) in Chromium, against a copy of the build served by its own
 * mock (the update case rewrites the copy, never dist/): it registers after the first paint and controls the page; with
 * the network cut, home opens from the precache with the offline bar and the library shows its failed state with a
 * retry that works once the network is back; no API answer, socket or console URL is ever in a cache; a new worker
 * (a changed precache revision, as a rebuild writes) is offered as "New version available — Reload", which reloads
 * into it; config.json's `serviceWorker: false` removes the worker and its caches. Workers are blocked in every
 * other e2e file (phone.ts): these contexts allow them.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, DIST_DIR, newPhonePage, screenshot, useServerAndBrowser, waitForAppShell, type PhonePage } from './harness.ts';

const COPY = mkdtempSync(path.join(os.tmpdir(), 'cg-sw-dist-'));
/** Offline, the browser logs every refused request; the page itself is what is checked. */
const OFFLINE_NOISE = [/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /Failed to fetch/];

beforeAll(async () => {
  await cp(DIST_DIR, COPY, { recursive: true });
});
afterAll(async () => {
  await rm(COPY, { recursive: true, force: true });
});

const e2e = useServerAndBrowser({ distDir: COPY });

async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The game library's prerendered page (the export writes each route's HTML under its path) and its precache entry. */
const LIBRARY_FILE = 'main/gameLibrary/index/index.html';
const LIBRARY_REVISION = /(\{url:"\/main\/gameLibrary\/index",revision:")[0-9a-z]+"/;

const hasWaiting = (page: Page): Promise<boolean> => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);

/**
 * Waits until no new worker is left waiting. Chromium activates a worker that skipped waiting once the old one has
 * stopped, and a browser stops an idle worker after 30 s; under DevTools (Playwright) an idle worker is never stopped,
 * so the test does what the browser would: it stops the idle workers (decision 0021).
 */
async function settled(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(
      async () => {
        if (!(await hasWaiting(page))) return true;
        await cdp.send('ServiceWorker.stopAllWorkers');
        return false;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  await cdp.detach();
}

/** Every URL in every cache of the page's origin. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
    return urls;
  });
}

/** Rewrites a file of the served copy; its precompressed twins go, so the mock sends the new bytes. */
async function rewrite(file: string, change: (text: string) => string): Promise<void> {
  const full = path.join(COPY, file);
  await writeFile(full, change(await readFile(full, 'utf8')));
  await rm(`${full}.br`, { force: true });
  await rm(`${full}.gz`, { force: true });
}

/**
 * Opens `path` with the network cut. The context is offline (setOffline), so every request the page or its worker
 * makes fails; but Chromium does not carry the emulated navigator.onLine over to a document a service worker answered
 * (it says online, where a phone with no network says offline), so the page's own emulation is set again, as the
 * phone's own state would be from the start.
 */
async function openOffline(page: Page, to: string): Promise<CDPSession> {
  await page.goto(to);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await emulateOffline(cdp, true);
  await waitForAppShell(page);
  return cdp;
}

const emulateOffline = (cdp: CDPSession, offline: boolean): Promise<unknown> =>
  cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

describe('service worker', () => {
  let phone: PhonePage;
  beforeAll(async () => {
    phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { serviceWorkers: 'allow' }, ignoreConsole: OFFLINE_NOISE });
  });
  afterAll(() => phone.close());

  it('registers after the first paint and controls the page', async () => {
    await phone.page.goto('/');
    await waitForAppShell(phone.page);
    await controlled(phone.page);
    const scope = await phone.page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(e2e.server.url);
    const urls = await cachedUrls(phone.page);
    expect(urls).toContain(new URL('/config.json', e2e.server.url).href);
    expect(urls.some((u) => new URL(u).pathname.startsWith('/assets/main-'))).toBe(true);
  });

  it('keeps no API answer, socket, console or other origin in its caches', async () => {
    // A data page under the worker, then the QA console: both ask the network through it.
    await phone.page.goto('/main/gameLibrary/index');
    await phone.page.getByRole('list', { name: 'Games' }).waitFor();
    await phone.page.goto('/__mock/');
    await phone.page.goto('/');
    await waitForAppShell(phone.page);
    const urls = await cachedUrls(phone.page);
    const bad = urls.filter((u) => new URL(u).origin !== new URL(e2e.server.url).origin || /^\/(api|socket|__mock|mock-media)\//.test(new URL(u).pathname));
    expect(bad).toEqual([]);
    expect(phone.errors).toEqual([]);
  });

  it('opens home offline from the cache and says it is offline', async () => {
    await phone.context.setOffline(true);
    const cdp = await openOffline(phone.page, '/');
    await phone.page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor();
    // Home's own frame and words, from the precache: not the browser's error page.
    await phone.page.getByText('Log in to start playing').waitFor();
    await animationsDone(phone.page);
    await screenshot(phone.page, 'service-worker-home-offline');
    // Its emulation would outlive the page: the next test's session is the only one saying offline.
    await cdp.detach();
  });

  it('shows a data page offline with its retry, never the browser error page, and the retry works online', async () => {
    const { page } = phone;
    const cdp = await openOffline(page, '/main/gameLibrary/index');
    const retries = page.getByRole('button', { name: 'Try again' });
    await retries.first().waitFor();
    await page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor();
    await animationsDone(page);
    await screenshot(page, 'service-worker-library-offline');
    await phone.context.setOffline(false);
    await emulateOffline(cdp, false);
    await page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor({ state: 'detached' });
    // Each failed section has its retry; one answered re-renders the page, so they are taken one at a time.
    for (let left = await retries.count(); left > 0; left = await retries.count()) {
      await retries.first().click();
      await expect.poll(() => retries.count()).toBeLessThan(left);
    }
    await page.getByRole('list', { name: 'Games' }).waitFor();
  });
});

/**
 * What a rebuild that changes the game library page writes — its HTML (with a stamp of its own) and its revision in the
 * worker's precache list — found by the page's own check for a new version (as when it is shown again, or a
 * navigation). Resolves with the stamp once "New version available" shows.
 */
async function rebuildLibrary(page: Page, revision: string): Promise<string> {
  const stamp = `rebuilt ${revision} ${Date.now()}`;
  await rewrite(LIBRARY_FILE, (html) => `${html}<!--${stamp}-->`);
  await rewrite('sw.js', (js) => js.replace(LIBRARY_REVISION, `$1${revision}"`));
  expect(await readFile(path.join(COPY, 'sw.js'), 'utf8')).toContain(revision);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await updateBar(page).waitFor({ timeout: 30_000 });
  return stamp;
}

const updateBar = (page: Page) => page.getByRole('status').filter({ hasText: 'New version available' });

/** Presses the bar's Reload; resolves once the page has loaded again, with the stamp its HTML ends with. */
async function reloadFromBar(page: Page): Promise<string> {
  const before = await page.evaluate(() => performance.timeOrigin);
  await updateBar(page).getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction((t) => performance.timeOrigin !== t, before, { timeout: 30_000 });
  await waitForAppShell(page);
  return page.evaluate(() => document.lastChild?.textContent ?? '');
}

describe('a new version and the switch', () => {
  let phone: PhonePage;
  beforeAll(async () => {
    phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { serviceWorkers: 'allow' } });
  });
  afterAll(() => phone.close());

  it('offers a new worker as "New version available" and reloads into it', async () => {
    const { page } = phone;
    await page.goto('/main/gameLibrary/index');
    await waitForAppShell(page);
    await controlled(page);
    const stamp = await rebuildLibrary(page, 'rebuilt0000000000');
    await screenshot(page, 'service-worker-update-prompt');
    expect(await reloadFromBar(page)).toBe(stamp);
    await controlled(page);
    expect(await updateBar(page).count()).toBe(0);
    await settled(page);
    await expect.poll(() => cachedUrls(page)).toContainEqual(expect.stringContaining('rebuilt0000000000'));
    expect(phone.errors).toEqual([]);
  });

  it('a new worker that does not take control within TAKEOVER_WAIT_MS: Reload still reloads, into the new version, and asks no more', async () => {
    const { page } = phone;
    // Chromium can hold a worker that skipped waiting for as long as the old one is kept busy (decision 0021): here the
    // page's first SKIP_WAITING is lost on its way, so nothing takes control after the player's Reload.
    await page.addInitScript(() => {
      const post = ServiceWorker.prototype.postMessage;
      ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: Parameters<typeof post>) {
        if ((args[0] as { type?: string } | null)?.type === 'SKIP_WAITING') {
          const sent = Number(sessionStorage.getItem('e2e-skip-sent') ?? '0') + 1;
          sessionStorage.setItem('e2e-skip-sent', String(sent));
          if (sent === 1) return;
        }
        post.apply(this, args);
      } as typeof post;
    });
    await page.reload();
    await waitForAppShell(page);
    await controlled(page);
    const stamp = await rebuildLibrary(page, 'rebuilt1111111111');
    // The new version's page, from the network, while the old worker still answers.
    expect(await reloadFromBar(page)).toBe(stamp);
    // It knows the Reload was accepted: it tells the worker still waiting to take over, and offers nothing.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('e2e-skip-sent'))).toBe('2');
    expect(await updateBar(page).count()).toBe(0);
    await settled(page);
    await expect.poll(() => cachedUrls(page)).toContainEqual(expect.stringContaining('rebuilt1111111111'));
    expect(await updateBar(page).count()).toBe(0);
    expect(phone.errors).toEqual([]);
  });

  it('config.json serviceWorker: false removes the worker and its caches, and registers none', async () => {
    const { page } = phone;
    await rewrite('config.json', (json) => JSON.stringify({ ...JSON.parse(json), serviceWorker: false }));
    // The config is network first: this load reads the new one, and the app takes its worker away.
    await page.reload();
    await waitForAppShell(page);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { timeout: 15_000 }).toBe(0);
    // The next load has no worker (the unregistered one went with the last page it controlled): the app's
    // service-worker chunk runs, registers nothing, and the caches are gone.
    const chunk = page.waitForResponse((r) => /\/service-worker-[A-Z0-9]+\.js$/.test(new URL(r.url()).pathname));
    await page.reload();
    await waitForAppShell(page);
    await chunk;
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 15_000 }).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await rewrite('config.json', (json) => JSON.stringify({ ...JSON.parse(json), serviceWorker: true }));
  });
});
