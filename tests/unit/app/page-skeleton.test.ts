/** Decision 0014: the prerendered first view of each route — its frame, a wordless skeleton, the tab bar where it has one. */
import { describe, expect, it } from 'vitest';
import { prerenderRoute } from '../../../build/prerender.ts';
import { buildFacts, ROUTES } from '../../../web/app/route-table.ts';
import { PAGE_PATH } from '../../../web/core/paths.ts';

/**
 * The words a reader sees whatever their language: the tab links' unseen names (one span of spans per link) and
 * login's words (each in its language, shown only for its readers, decision 0014) are left out.
 */
const text = (html: string): string =>
  html
    .replace(/<span class="skeleton__names">(<span lang="[^"]+">[^<]*<\/span>)*<\/span>/g, '')
    .replace(/<span class="skeleton__words[^"]*" lang="[^"]+">[^<]*<\/span>/g, '')
    .replace(/<[^>]*>/g, '')
    .trim();

describe('prerendered pages', () => {
  it.each(ROUTES.map((r) => [r.path, r] as const))('%s: its frame, no words, no style attribute', (path, route) => {
    const html = prerenderRoute(path);
    expect(html).toContain(`data-page="${route.page}"`);
    expect(text(html)).toBe('');
    expect(html).not.toContain('style=');
    expect(html.includes('page--tabbar')).toBe(route.meta.isTabBar);
    expect(html.includes('page--contained')).toBe(route.meta.fixed || route.meta.disableScroll);
  });

  it('a tab page marks its own tab, with a placeholder for every label', () => {
    const html = prerenderRoute(PAGE_PATH.gameLibrary);
    expect(html.match(/tabbar__text--placeholder/g)).toHaveLength(3);
    expect(html).toMatch(new RegExp(`<a href="${PAGE_PATH.gameLibrary}" class="tabbar__item tabbar__item--selected" aria-current="page">`));
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });

  it('each tab link is named, unseen, in English, Simplified and Traditional Chinese, each tagged with its language', () => {
    const html = prerenderRoute(PAGE_PATH.user);
    const names = [...html.matchAll(/<span class="skeleton__names">(.*?)<\/span><\/a>/g)].map((m) => m[1]);
    expect(names).toEqual([
      '<span lang="en"> Home</span><span lang="zh-Hans"> 首页</span><span lang="zh-Hant"> 首頁</span>',
      '<span lang="en"> Game Library</span><span lang="zh-Hans"> 游戏库</span><span lang="zh-Hant"> 遊戲庫</span>',
      '<span lang="en"> Mine</span><span lang="zh-Hans"> 我的</span><span lang="zh-Hant"> 我的</span>',
    ]);
  });

  it('tab icons are drawn inline from their files, each tagged with its path for the app, and never requested', () => {
    const html = prerenderRoute(PAGE_PATH.gameLibrary);
    expect(html).not.toContain('<img');
    // No preload either: the app's bar shows the drawn copies (ui/drawn-icons.ts), so a file asked for early would be
    // a request sharing the slow link with the page's code and data for nothing.
    expect(html).not.toContain('rel="preload"');
    const icons = [...html.matchAll(/<span class="tabbar__icon" data-icon="([^"]+)"><svg aria-hidden="true" focusable="false" xmlns="http:\/\/www.w3.org\/2000\/svg"/g)];
    expect(icons.map((m) => m[1])).toEqual(['/icons/tab-home.svg', '/icons/tab-library-active.svg', '/icons/tab-user.svg']);
    // The selected tab's icon is the active (green) one.
    expect(html).toMatch(/aria-current="page"><span class="tabbar__icon" data-icon="[^"]+"><svg [^>]*stroke="#6AFE7E"/);
  });

  it("login says its first view's words in English, Simplified and Traditional Chinese, each tagged with its language", () => {
    const html = prerenderRoute(PAGE_PATH.login);
    const title = [...html.matchAll(/<div class="skeleton__login-title">(.*?)<\/div>/g)].map((m) => m[1]);
    expect(title).toEqual([
      '<span class="skeleton__words" lang="en">Log in with your phone</span><span class="skeleton__words" lang="zh-Hans">手机号登录</span>' +
        '<span class="skeleton__words" lang="zh-Hant">手機號碼登入</span>',
    ]);
    // The links of the consent line, and the button, in each language too.
    expect(html.match(/<span class="skeleton__words skeleton__link" lang="[^"]+">/g)).toHaveLength(6);
    expect(html).toMatch(/<div class="skeleton__block skeleton__block--login"><span class="skeleton__words" lang="en">Log in<\/span>/);
    // No other page has words of its own.
    for (const path of ['/', PAGE_PATH.gameLibrary, PAGE_PATH.setting, PAGE_PATH.gameDetail]) expect(prerenderRoute(path)).not.toContain('skeleton__words');
  });

  it('pages that open with a back button draw its arrow in the header band; tab pages do not', () => {
    for (const path of [PAGE_PATH.login, PAGE_PATH.gameDetail, PAGE_PATH.setting]) {
      expect(prerenderRoute(path)).toMatch(/<div class="skeleton__header"><span class="skeleton__back"><svg [^>]*aria-hidden="true"/);
    }
    for (const path of ['/', PAGE_PATH.gameLibrary, PAGE_PATH.user, PAGE_PATH.search]) expect(prerenderRoute(path)).not.toContain('skeleton__back');
  });

  it.each(ROUTES.map((r) => [r.path, r] as const))('%s: the back arrow exactly where its route entry says', (path, route) => {
    expect(prerenderRoute(path).includes('skeleton__back')).toBe(buildFacts(route).back);
  });

  it('home draws a feed shape under its taller header; login draws fields', () => {
    expect(prerenderRoute('/')).toContain('skeleton__header--home');
    expect(prerenderRoute('/')).toContain('skeleton__block--carousel');
    expect(prerenderRoute(PAGE_PATH.login)).toContain('skeleton__field-row');
    expect(prerenderRoute(PAGE_PATH.setting)).toContain('skeleton__block--field');
    expect(prerenderRoute(PAGE_PATH.login)).not.toContain('tabbar');
  });

  it('the game screen, an unknown path and 404.html get a bare frame', () => {
    for (const html of [prerenderRoute(PAGE_PATH.game), prerenderRoute('/no/such/page'), prerenderRoute(null)]) {
      expect(html).toMatch(/<main class="page__body"><\/main>/);
      expect(html).not.toContain('skeleton');
    }
  });
});
