/**
 * Prerendered first views (docs/decisions/0014-prerender.md): every exported index.html carries its route's prerendered frame
 * and a skeleton that shows no words; it paints with JavaScript off; and the app's take-over shifts nothing (CLS 0), logs no
 * hydration error and never shows English to a zh-CN browser.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES } from '../../web/app/route-table.ts';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { encodeEntry } from '../../web/core/storage/local.ts';
import { networkWatch, newPhonePage, PHONE_2X, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser();

/** The pages decision 0018's Lighthouse budget is measured on: the first views a visitor lands on. */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'login', path: PAGE_PATH.login },
  { name: 'gameLibrary', path: PAGE_PATH.gameLibrary },
  { name: 'gameDetail', path: `${PAGE_PATH.gameDetail}?game_id=1` },
] as const;

const rootOf = (html: string): string => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

describe('prerendered static export', () => {
  it.each([...new Set(ROUTES.map((r) => r.path)), '/404.html'])('%s: index.html holds the frame, no words', async (routePath) => {
    const res = await fetch(new URL(routePath, e2e.server.url));
    expect(res.status).toBe(200);
    const root = rootOf(await res.text());
    expect(root).toMatch(/<div class="page[^"]*"[^>]*data-prerendered=""/);
    // The build cannot know the reader's language: the markup shows no text for everyone; the tab links' unseen names
    // and login's words are there in every language, each for its own readers (decision 0014).
    const shown = root
      .replace(/<span class="skeleton__names">(<span lang="[^"]+">[^<]*<\/span>)*<\/span>/g, '')
      .replace(/<span class="skeleton__words[^"]*" lang="[^"]+">[^<]*<\/span>/g, '');
    expect(shown.replace(/<[^>]*>/g, '').trim()).toBe('');
    // A style attribute would be refused by the page's CSP (style-src by hash only).
    expect(root).not.toContain('style=');
    const route = ROUTES.find((r) => r.path === routePath);
    if (route?.meta.isTabBar) {
      expect(root).toContain('<nav class="tabbar">');
      expect(root.match(/tabbar__text--placeholder/g)).toHaveLength(3);
    }
  });

  it.each(PAGES)('$name paints its skeleton with JavaScript disabled', async ({ name, path }) => {
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...PHONE_2X, javaScriptEnabled: false } });
    try {
      await phone.page.goto(new URL(path, e2e.server.url).href, { waitUntil: 'load' });
      const frame = phone.page.locator('[data-prerendered]');
      await expect.poll(() => frame.count()).toBe(1);
      const box = await frame.boundingBox();
      expect(box?.width).toBe(390);
      expect(box?.height).toBeGreaterThanOrEqual(844);
      // Shapes, not a blank page: the frame's inline rules drew them without the app's stylesheet.
      const shapes = phone.page.locator('.skeleton__block, .skeleton__line, .skeleton__field-row');
      const block = await shapes.first().boundingBox();
      expect(block?.height ?? 0).toBeGreaterThan(0);
      const bg = await shapes.first().evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bg).toBe('rgb(28, 28, 30)');
      if (name === 'home' || name === 'gameLibrary') {
        const bar = await phone.page.locator('nav.tabbar').boundingBox();
        expect(bar && Math.round(bar.y + bar.height)).toBe(844);
        // Working links with names a screen reader says in the reader's language, none of them seen.
        for (const [en, hans, hant] of [['Home', '首页', '首頁'], ['Game Library', '游戏库', '遊戲庫'], ['Mine', '我的', '我的']] as const) {
          const link = phone.page.getByRole('link', { name: `${en} ${hans} ${hant}`, exact: true });
          await expect.poll(() => link.count()).toBe(1);
          await expect.poll(() => link.locator('.skeleton__names').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
        }
      } else {
        // With no script to name the reader's language, login shows none of its words rather than the wrong ones.
        if (name === 'login') expect(await phone.page.locator('.skeleton__words').evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).length)).toBe(0);
        // The page's real back button drawn where the app puts it: a contentful first paint, not a grey box.
        const arrow = await phone.page.locator('.skeleton__back svg').boundingBox();
        expect(arrow && [Math.round(arrow.x), Math.round(arrow.width)]).toEqual([18, 24]);
      }
      await screenshot(phone.page, `prerender-nojs-${name}`);
    } finally {
      await phone.close();
    }
  });

  it.each([
    { locale: 'en-US', names: ['Home', 'Game Library', 'Mine'] },
    { locale: 'zh-CN', names: ['首页', '游戏库', '我的'] },
  ])("with its first script, the skeleton's tab links are named in the $locale reader's language alone", async ({ locale, names }) => {
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...PHONE_2X, locale }, ignoreConsole: [/Failed to load resource/] });
    try {
      // The HTML and its inline first script, none of the app's code.
      await phone.page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await phone.page.goto(new URL(PAGE_PATH.gameLibrary, e2e.server.url).href, { waitUntil: 'load' });
      const links = phone.page.locator('nav.tabbar a');
      await expect.poll(() => links.count()).toBe(3);
      // Named in every language, a link's name would be "Home 首页 首頁".
      for (const name of names) expect(await phone.page.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    } finally {
      await phone.close();
    }
  });
});

/** Records layout shifts from the first paint and any English that ever shows in a tab label. */
const WATCH = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
  window.__tabTexts = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.tabbar__text')) {
      const t = el.textContent || '';
      if (t && !window.__tabTexts.includes(t)) window.__tabTexts.push(t);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

async function takenOver(page: Page): Promise<void> {
  await waitForAppShell(page);
  await page.waitForFunction(() => !document.querySelector('.spinner, .page-loading'), undefined, { timeout: 20_000 });
}

describe.each([
  { locale: 'en-US', tabs: ['Home', 'Game Library', 'Mine'] },
  { locale: 'zh-CN', tabs: ['首页', '游戏库', '我的'] },
])('take-over in $locale', ({ locale, tabs }) => {
  it.each(PAGES)('$name: no layout shift, no hydration error, labels only in the language', async ({ name, path }) => {
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...PHONE_2X, locale } });
    try {
      await phone.page.addInitScript(WATCH);
      const network = networkWatch(phone.page);
      await phone.page.goto(new URL(path, e2e.server.url).href, { waitUntil: 'load' });
      await takenOver(phone.page);
      // A settled frame: the data the first view asked for has arrived (the feed, the detail, the list).
      await network.quiet();
      const shifts = await phone.page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      expect(shifts, `layout shifts on ${path}`).toEqual([]);
      expect(phone.errors.filter((e) => /hydrat|did not match|mismatch/i.test(e.text))).toEqual([]);
      const seen = await phone.page.evaluate(() => (window as unknown as { __tabTexts: string[] }).__tabTexts);
      if (name === 'home' || name === 'gameLibrary') expect(seen.sort()).toEqual([...tabs].sort());
      else expect(seen).toEqual([]);
      expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe(locale === 'zh-CN' ? 'zh-Hans' : 'en');
      if (name === 'login' || name === 'gameDetail') {
        // The app's back arrow sits where the skeleton drew it (18 px in, 24 px wide).
        const arrow = await phone.page.locator('.navbar__back svg').first().boundingBox();
        expect(arrow && [Math.round(arrow.x), Math.round(arrow.width)]).toEqual([18, 24]);
      }
      await screenshot(phone.page, `prerender-${locale}-${name}`);
    } finally {
      await phone.close();
    }
  });
});

describe("login's first paint says its words in the reader's language, before any of the app's code (LCP, decision 0014)", () => {
  it.each([
    { reader: 'an en-US browser', locale: 'en-US', title: 'Log in with your phone', tab: 'Log in' },
    { reader: 'a zh-CN browser', locale: 'zh-CN', title: '手机号登录', tab: '登录' },
    { reader: 'a fr-FR browser (no French words: English, as in the app)', locale: 'fr-FR', title: 'Log in with your phone', tab: 'Log in' },
    { reader: 'Traditional chosen in settings', locale: 'en-US', stored: 'zh-Hant', title: '手機號碼登入', tab: '登入' },
    { reader: 'a host asking for English in a zh-CN webview', locale: 'zh-CN', query: '?lang=en', title: 'Log in with your phone', tab: 'Log in' },
  ])('$reader: "$title", in a tab titled "$tab"', async ({ locale, stored, query, title, tab }) => {
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...PHONE_2X, locale }, ignoreConsole: [/Failed to load resource/] });
    try {
      if (stored) await phone.page.addInitScript((entry) => localStorage.setItem('language', entry), encodeEntry(stored));
      // The app's code never arrives: what shows is the HTML and its first script alone.
      await phone.page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await phone.page.goto(new URL(`${PAGE_PATH.login}${query ?? ''}`, e2e.server.url).href, { waitUntil: 'load' });
      const shown = await phone.page.locator('.skeleton__words').evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).map((e) => e.getAttribute('lang')));
      expect(new Set(shown).size).toBe(1);
      expect(await phone.page.locator('.skeleton__login-title').innerText()).toBe(title);
      // The tab's title too, as the app will set it (app/route-titles.ts), not a language-neutral default.
      expect(await phone.page.title()).toBe(tab);
      await screenshot(phone.page, `prerender-login-words-${locale}${stored ? `-${stored}` : ''}${query ? '-query' : ''}`);
    } finally {
      await phone.close();
    }
  });

  it("its largest paint is the skeleton's words: the app drawing the same form adds no larger one", async () => {
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...PHONE_2X, locale: 'en-US' } });
    try {
      await phone.page.addInitScript(() => {
        const w = window as unknown as { __lcp: number[]; __appAt: number };
        w.__lcp = [];
        w.__appAt = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp.push(e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new MutationObserver(() => {
          if (!w.__appAt && document.querySelector('form.login')) w.__appAt = performance.now();
        }).observe(document, { subtree: true, childList: true });
      });
      await phone.page.goto(new URL(PAGE_PATH.login, e2e.server.url).href, { waitUntil: 'load' });
      await phone.page.locator('form.login .checkbox').waitFor();
      // Two frames after the app's form: a larger paint of it would have been reported by then.
      await phone.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
      const { lcp, appAt } = await phone.page.evaluate(() => {
        const w = window as unknown as { __lcp: number[]; __appAt: number };
        return { lcp: w.__lcp, appAt: w.__appAt };
      });
      expect(appAt).toBeGreaterThan(0);
      expect(lcp.length).toBeGreaterThan(0);
      expect(Math.max(...lcp)).toBeLessThan(appAt);
    } finally {
      await phone.close();
    }
  });
});
