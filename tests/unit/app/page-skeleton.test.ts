/** Decision 0014: the prerendered first view of each route — its frame, a wordless skeleton, the tab bar where it has one. */
import { describe, expect, it } from 'vitest';
import { prerenderRoute } from '../../../build/prerender.ts';
import { ROUTES } from '../../../web/app/route-table.ts';
import { PAGE_PATH } from '../../../web/core/paths.ts';

const text = (html: string): string => html.replace(/<[^>]*>/g, '').trim();

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

  it('home draws a feed shape under its taller header; login draws fields', () => {
    expect(prerenderRoute('/')).toContain('skeleton__header--home');
    expect(prerenderRoute('/')).toContain('skeleton__block--banner');
    expect(prerenderRoute(PAGE_PATH.login)).toContain('skeleton__block--field');
    expect(prerenderRoute(PAGE_PATH.login)).not.toContain('tabbar');
  });

  it('the game screen, an unknown path and 404.html get a bare frame', () => {
    for (const html of [prerenderRoute(PAGE_PATH.game), prerenderRoute('/no/such/page'), prerenderRoute(null)]) {
      expect(html).toMatch(/<main class="page__body"><\/main>/);
      expect(html).not.toContain('skeleton');
    }
  });
});
