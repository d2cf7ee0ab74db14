/**
 * The first view's request starts with the app (LCP; docs/decisions/0015 "First request"): opened cold,
 * home, the library and a game's detail each make their first call once (the page takes the early answer, it does
 * not ask again), and ps_shield is out before that list answered (SPEC §5: every list passes the shield, without
 * a round trip of its own). Timings are the browser's own (Resource Timing), not the test's clock.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPhonePage, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser();

interface Timing {
  name: string;
  startTime: number;
  responseStart: number;
}

/** Whether `pathname` is a call of `name` (a GET carries its fields as path pairs: …/game_list/page/1/…). */
const isCall = (pathname: string, name: string): boolean => pathname.endsWith(`/${name}`) || pathname.includes(`/${name}/`);

/** Every API request the page made so far, with when it left and when its answer began to arrive. */
const apiTimings = (page: Page): Promise<Timing[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/'))
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        return { name: new URL(r.name).pathname, startTime: r.startTime, responseStart: r.responseStart };
      }),
  );

/** Counts the app's calls of `name` (the network log: every one, whatever the page's timing buffer holds). */
function countRequests(page: Page, name: string): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (isCall(new URL(r.url()).pathname, name)) n += 1;
  });
  return () => n;
}

/**
 * Holds the page's code (`chunk`) back until the app asked for `name`, so the call seen cannot be the one the page
 * makes once its code ran. Answers whether it came while the code was held (bounded, so a miss fails clearly).
 */
async function holdCodeUntilCall(page: Page, chunk: RegExp, name: string): Promise<() => boolean> {
  let asked = false;
  let heldMiss = false;
  let release: () => void = () => undefined;
  const called = new Promise<void>((resolve) => (release = resolve));
  page.on('request', (r) => {
    if (!isCall(new URL(r.url()).pathname, name)) return;
    asked = true;
    release();
  });
  await page.route(chunk, async (route) => {
    let bound: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([called, new Promise<void>((resolve) => (bound = setTimeout(resolve, 10_000)))]);
    clearTimeout(bound);
    if (!asked) heldMiss = true;
    await route.continue();
  });
  return () => asked && !heldMiss;
}

async function expectShieldAlongside(page: Page, list: string): Promise<void> {
  const timings = await apiTimings(page);
  const shield = timings.find((t) => isCall(t.name, 'ps_shield'));
  const first = timings.find((t) => isCall(t.name, list));
  expect(shield, JSON.stringify(timings)).toBeDefined();
  expect(first, JSON.stringify(timings)).toBeDefined();
  if (!shield || !first) return;
  // ps_shield left before the list's answer began to arrive: the shield does not wait for it.
  expect(shield.startTime).toBeLessThan(first.responseStart);
}

describe('the first view\'s request, started with the app (decision 0015)', () => {
  it('the API client\'s code is announced by the HTML of pages whose first view calls the API, not by login\'s', async () => {
    const announces = async (path: string): Promise<boolean> =>
      /<link rel="modulepreload" href="\/assets\/chunks\/api-client-[^"]+\.js">/.test(await (await fetch(new URL(path, e2e.server.url))).text());
    expect(await announces('/')).toBe(true);
    expect(await announces('/main/gameLibrary/index')).toBe(true);
    expect(await announces('/submodules/game/detail/index')).toBe(true);
    expect(await announces('/main/login/index')).toBe(false);
  });

  it('home\'s HTML also announces the feed\'s code (its first banner is home\'s largest paint); other pages\' does not', async () => {
    const feedAnnounced = async (path: string): Promise<boolean> =>
      /<link rel="modulepreload" href="\/assets\/chunks\/feed-[^"]+\.js">/.test(await (await fetch(new URL(path, e2e.server.url))).text());
    expect(await feedAnnounced('/')).toBe(true);
    expect(await feedAnnounced('/main/gameLibrary/index')).toBe(false);
    expect(await feedAnnounced('/main/login/index')).toBe(false);
  });

  it('home: home_list once, ps_shield alongside; a later visit of home asks again', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url);
    const homeLists = countRequests(page, 'home_list');
    const early = await holdCodeUntilCall(page, /\/assets\/chunks\/feed-[^/]+\.js$/, 'home_list');
    await page.goto('/');
    await waitForAppShell(page);
    await page.locator('.hbanner img').first().waitFor();
    await page.locator('.hsection .gcard').first().waitFor();
    await screenshot(page, 'first-request-home');
    expect(homeLists()).toBe(1);
    // home_list left while the feed's code was still held back: the app's early call, taken by the feed.
    expect(early()).toBe(true);
    await expectShieldAlongside(page, 'home_list');

    // Another tab, then home again: the early answer was taken once, this visit asks anew.
    await page.getByRole('link', { name: 'Game Library' }).click();
    await page.locator('.ggrid .gcard').first().waitFor();
    await page.getByRole('link', { name: 'Home' }).click();
    await expect.poll(homeLists).toBe(2);
    await page.locator('.hbanner img').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('library: its first game_list (every tag, hottest first) once, ps_shield alongside', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url);
    const lists = countRequests(page, 'game_list');
    const early = await holdCodeUntilCall(page, /\/assets\/chunks\/gameLibrary-[^/]+\.js$/, 'game_list');
    await page.goto('/main/gameLibrary/index');
    await waitForAppShell(page);
    await page.locator('.ggrid .gcard img').first().waitFor();
    await screenshot(page, 'first-request-library');
    expect(lists()).toBe(1);
    expect(early()).toBe(true);
    await expectShieldAlongside(page, 'game_list');
    expect(errors).toEqual([]);
    await close();
  });

  it('detail: game_info of ?game_id= once, ps_shield alongside; another game asks for its own', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url);
    const infos = countRequests(page, 'game_info');
    let bannerFetches = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/games/1/banner.webp')) bannerFetches += 1;
    });
    const early = await holdCodeUntilCall(page, /\/assets\/chunks\/detail-[^/]+\.js$/, 'game_info');
    await page.goto('/submodules/game/detail/index?game_id=1');
    await waitForAppShell(page);
    await page.locator('.detail__banner').waitFor();
    await page.waitForFunction(() => (document.querySelector('.detail__banner') as HTMLImageElement | null)?.complete === true);
    await screenshot(page, 'first-request-detail');
    expect(infos()).toBe(1);
    expect(early()).toBe(true);
    // The banner was hinted as soon as game_info answered (a preload the <img> then uses: fetched once).
    expect(await page.locator('link[rel="preload"][as="image"]').getAttribute('href')).toMatch(/\/games\/1\/banner\.webp$/);
    expect(bannerFetches).toBe(1);
    await expectShieldAlongside(page, 'game_info');

    // A similar game opened from here is another page's call: asked for, never answered by the early one.
    await page.locator('.hsection__row .gcard').first().click();
    await expect.poll(infos).toBe(2);
    await page.locator('.detail__banner').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
