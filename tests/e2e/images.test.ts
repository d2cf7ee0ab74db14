/**
 * Home loads only the art a player can see or is about to (LCP; docs/decisions/0017-images.md): at
 * 390×844 a visitor's first view asks for the first banner and the covers of the first screen and about half a
 * screen more, not the rows far below nor the carousel's far slides; scrolling, sideways or down, brings the rest.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPhonePage, PHONE_2X, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';
import { HOLD_MS } from '../../web/ui/first-image.ts';

const e2e = useServerAndBrowser();

const isMedia = (url: string): boolean => new URL(url).pathname.startsWith('/mock-media/');

/** Every `/mock-media/` URL the page asked for, in order (the network log, not the page's timing buffer). */
function mediaRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (isMedia(r.url())) urls.push(r.url());
  });
  return urls;
}

/**
 * Resolves once every `/mock-media/` request asked for so far has finished (or failed). A cold mock draws each
 * image on request (WebP encodes on both of CI's cores), so the screenshot waits for that work to be over: CI's
 * run once timed out in page.screenshot right after a scroll had asked for a dozen covers at once.
 */
function mediaSettled(page: Page): () => Promise<void> {
  let open = 0;
  let idle: (() => void) | null = null;
  page.on('request', (r) => void (isMedia(r.url()) && open++));
  const done = (r: { url(): string }) => {
    if (!isMedia(r.url())) return;
    open--;
    if (open === 0) idle?.();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve)));
}

interface Art {
  src: string | null;
  /** Loaded and decoded. */
  done: boolean;
  top: number;
  left: number;
  wide: boolean;
}

/** Each card's and banner's image as laid out now, in viewport pixels. */
const art = (page: Page, selector: string): Promise<Art[]> =>
  page.locator(selector).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => {
      const r = img.getBoundingClientRect();
      return { src: img.getAttribute('src'), done: img.complete && img.naturalWidth > 0, top: r.top, left: r.left, wide: img.closest('.gcard--wide') !== null };
    }),
  );

/** Waits until every card image on screen has its art drawn: the observer has decided for every card by then. */
async function onScreenDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>('.gcard__img')];
    const shown = imgs.filter((img) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    });
    return shown.length > 0 && shown.every((img) => img.complete && img.naturalWidth > 0);
  });
}

const SCREEN = 844;

describe('home at 390×844 loads the art of the first screen only', () => {
  it('the first banner and the near covers; not the rows far below nor the carousel’s far slides', async () => {
    // A player who asked for reduced motion gets no auto-advance (ui/Carousel.tsx), so the slide the checks below
    // count from stays the first however slow the machine: CI's loaded run once saw the carousel move on first.
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...PHONE_2X, reducedMotion: 'reduce' } });
    const requested = mediaRequests(page);
    const settled = mediaSettled(page);
    await page.goto('/');
    await waitForAppShell(page);
    await page.locator('.hbanner img').first().evaluate((img: HTMLImageElement) => img.decode());
    await onScreenDrawn(page);
    await settled();
    await screenshot(page, 'images-home-top');

    const banners = await art(page, '.hbanner img');
    expect(await page.locator('.carousel__dot[aria-current="true"]').getAttribute('aria-label')).toBe('Slide 1');
    const first = banners[0];
    expect(first?.src).toBeTruthy();
    expect(requested).toContain(first?.src);
    // The carousel: the shown slide and its neighbours (next, and the last one a swipe back reaches) only.
    expect(banners.map((b) => b.src !== null)).toEqual(banners.map((_, k) => k === 0 || k === 1 || k === banners.length - 1));
    for (const b of banners.filter((b) => b.src === null)) expect(b.done).toBe(false);

    const cards = await art(page, '.gcard__img');
    const far = cards.filter((c) => c.top > SCREEN * 2);
    const near = cards.filter((c) => c.top < SCREEN && c.left < 390);
    expect(far.length).toBeGreaterThan(0);
    expect(near.length).toBeGreaterThan(0);
    for (const c of near) expect(c.src).toBeTruthy();
    for (const c of far) expect(c.src).toBeNull();
    // Nothing the page did not show was fetched: every art request is an image that has its src.
    const given = new Set([...banners, ...cards].map((c) => c.src).filter((s) => s !== null));
    expect(new Set(requested)).toEqual(given);
    expect(requested.length).toBeLessThan(cards.length / 2 + banners.length);

    // A horizontal row loads the covers just past its right edge (IntersectionObserver scrollMargin), not its end.
    const row = page.locator('.hsection__row').first();
    const rowArt = await art(page, '.hsection__row >> nth=0 >> .gcard__img');
    // The row holds covers just past the edge and covers far beyond it (asserted first, so the checks below check something).
    const justPast = rowArt.filter((c) => c.left >= 390 && c.left < 390 + 300);
    const farPast = rowArt.filter((c) => c.left > 390 * 2.5);
    expect(justPast.length).toBeGreaterThan(0);
    expect(farPast.length).toBeGreaterThan(0);
    for (const c of justPast) expect(c.src).not.toBeNull();
    for (const c of farPast) expect(c.src).toBeNull();
    await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(async () => (await art(page, '.hsection__row >> nth=0 >> .gcard__img')).every((c) => c.src !== null)).toBe(true);

    // A dot brings its slide's banner: one slide's art is not loaded yet (asserted first: the check below needs one).
    const hidden = banners.findIndex((b) => b.src === null);
    expect(hidden).toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: `Slide ${hidden + 1}`, exact: true }).click();
    await expect.poll(async () => (await art(page, '.hbanner img'))[hidden]?.src ?? null).toBeTruthy();
    const src = (await art(page, '.hbanner img'))[hidden]?.src;
    await expect.poll(() => requested.includes(src ?? '')).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('scrolling to the bottom loads the covers below, with no layout shift', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { context: PHONE_2X });
    const requested = mediaRequests(page);
    const settled = mediaSettled(page);
    // Layout shifts from the start (CLS), as web-vitals counts them: none caused by the player's own input.
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { hadRecentInput: boolean; value: number }[]) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await waitForAppShell(page);
    await onScreenDrawn(page);
    const before = await art(page, '.gcard__img');
    const far = before.filter((c) => c.src === null);
    expect(far.length).toBeGreaterThan(0);
    const countBefore = requested.length;

    // Scroll as a player would, a screen at a time, so every row passes the viewport.
    const scroller = page.locator('.scroll').first();
    for (;;) {
      const atEnd = await scroller.evaluate((el) => {
        el.scrollTo({ top: el.scrollTop + el.clientHeight, behavior: 'instant' });
        return el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      });
      await onScreenDrawn(page);
      if (atEnd) break;
    }
    await settled();
    await screenshot(page, 'images-home-bottom');
    const after = await art(page, '.gcard__img');
    // Every card's place is unchanged by its art arriving (the box was reserved).
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
    expect(requested.length).toBeGreaterThan(countBefore);
    // The rows' first covers (the ones a player scrolled past) all came.
    const leftmost = after.filter((c) => c.left < 390);
    for (const c of leftmost) expect(c.src).toBeTruthy();
    expect(after.filter((c) => c.src !== null).length).toBeGreaterThan(before.filter((c) => c.src !== null).length);
    expect(errors).toEqual([]);
    await close();
  });
});

/** Where the page is, what its largest paint is, and what must come after it. */
const FIRST_IMAGE_PAGES = [
  { name: 'home', path: '/', largest: '.hbanner img', after: /\/mock-media\/|ShellLayers-/ },
  { name: 'library', path: '/main/gameLibrary/index', largest: '.gcard__img', after: /\/mock-media\/|get_tag_list|ShellLayers-/ },
  { name: 'detail', path: '/submodules/game/detail/index?game_id=1', largest: '.detail__banner', after: /\/mock-media\/|similar_list|ShellLayers-/ },
] as const;

describe("the first view's largest image goes first (LCP, decision 0017; ui/first-image.ts)", () => {
  for (const { name, path, largest, after } of FIRST_IMAGE_PAGES) {
    it(`${name}: the other art, the page's later data and the shell's layers are asked for once it is on screen`, async () => {
      const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { context: PHONE_2X });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: { url: string; at: number }[] };
        w.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { url: string; startTime: number }[]) w.__lcp.push({ url: e.url, at: e.startTime });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(path);
      await waitForAppShell(page);
      const src = await page.locator(largest).first().evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return img.currentSrc;
      });
      // The largest paint is that image, and the rest has come after it.
      await expect.poll(() => page.evaluate((url) => (window as unknown as { __lcp: { url: string }[] }).__lcp.some((e) => e.url === url), src)).toBe(true);
      await expect.poll(() => page.evaluate((re) => performance.getEntriesByType('resource').filter((r) => new RegExp(re).test(r.name)).length, after.source)).toBeGreaterThan(1);
      const { lcp, starts } = await page.evaluate(
        ([url, re]) => ({
          lcp: (window as unknown as { __lcp: { url: string; at: number }[] }).__lcp.find((e) => e.url === url)?.at ?? NaN,
          starts: performance
            .getEntriesByType('resource')
            .filter((r) => new RegExp(re).test(r.name) && r.name !== url)
            .map((r) => ({ name: r.name, at: r.startTime })),
        }),
        [src, after.source] as const,
      );
      expect(lcp).toBeGreaterThan(0);
      // Each started after the paint, or once the hold gave up waiting (HOLD_MS from the app's start, a slow machine).
      const early = starts.filter((s) => s.at < lcp && s.at < HOLD_MS);
      expect(early, `painted at ${Math.round(lcp)} ms`).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
