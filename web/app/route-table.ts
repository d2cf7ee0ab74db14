/**
 * Every page of SPEC §2 in one entry each, on the paths of web/core/paths.ts: its meta, and every other fact the app and
 * the build need about it, so a page is added in one place (tests/unit/app/page-entries.test.ts holds each entry whole).
 * Pure data: the build (Node) reads this table to write and prerender an index.html per path, and the guard is
 * unit-tested on it. The titles' texts, in the reader's language, are in route-titles.ts; the import of each page's
 * chunk, which must name its file literally, is in pages.ts, checked against the entry's `source`.
 */
import { HOME_ALIAS, PAGE_PATH, type PageKey } from '../core/paths.ts';
import type { TitleKey } from './route-titles.ts';
import type { BuildFacts, PageDef, PageEntry, PageTable, RouteDef, RouteMeta } from './route-types.ts';

export type { RouteDef } from './route-types.ts';

export const PAGE_BACKGROUND = '#121212';
export const NAV_BAR_HEIGHT = 125;
export const HOME_NAV_BAR_HEIGHT = 152;

declare global {
  interface ImportMeta {
    /**
     * True in the browser's bundle (build/esbuild-options.ts `define`), absent in Node (the build, the tests). Each
     * entry's `...(!import.meta.BROWSER_BUNDLE && { build })` is then a spread of `false`, which esbuild drops whole:
     * the skeletons and the build's file names would be first-load bytes no browser reads. Written out in each entry:
     * esbuild keeps a constant of a module that imports anything as a variable, facts and all, and folds an imported
     * one only as far as `build: false`.
     */
    readonly BROWSER_BUNDLE?: true;
  }
}

const base: RouteMeta = {
  isQuit: false,
  isEntry: false,
  isTabBar: false,
  tabBarIndex: null,
  disableScroll: false,
  fixed: false,
  navigationBarHeight: NAV_BAR_HEIGHT,
  pageBackgroundColor: PAGE_BACKGROUND,
};

const tab = (index: number): Partial<RouteMeta> => ({
  isQuit: true,
  isEntry: true,
  isTabBar: true,
  tabBarIndex: index,
  disableScroll: true,
});

const overlay: Partial<RouteMeta> = { pageBackgroundColor: 'transparent' };

const TABLE: PageTable = {
  home: {
    public: true, meta: { ...tab(0), fixed: true, navigationBarHeight: HOME_NAV_BAR_HEIGHT }, alias: HOME_ALIAS,
    callsFirst: true, firstImage: true, preload: 0,
    ...(!import.meta.BROWSER_BUNDLE && {
      build: { source: 'main/home/index.tsx', skeleton: 'feed', back: false, firstView: ['main/home/feed.tsx'] },
    }),
  },
  gameLibrary: {
    public: true, meta: tab(1), callsFirst: true, firstImage: true, preload: 1,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'main/gameLibrary/index.tsx', skeleton: 'library', back: false } }),
  },
  user: {
    public: false, meta: tab(2), callsFirst: true, preload: 2,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'main/user/index.tsx', skeleton: 'profile', back: false } }),
  },
  login: {
    public: true, meta: { isEntry: true }, preload: 3,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'main/login/index.tsx', skeleton: 'login', back: true } }),
  },
  download: {
    public: true, meta: { isEntry: true }, preload: 8,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'main/download/index.tsx', skeleton: 'text', back: true } }),
  },
  error403: {
    public: true, preload: 11,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'main/error/403.tsx', skeleton: 'text', back: false } }),
  },
  error404: {
    public: true, preload: 7,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'main/error/404.tsx', skeleton: 'text', back: false } }),
  },
  error500: {
    public: true, preload: 10,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'main/error/500.tsx', skeleton: 'text', back: false } }),
  },
  error503: {
    public: true, preload: 12,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'main/error/503.tsx', skeleton: 'text', back: false } }),
  },
  protocol: {
    public: true, preload: 5,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/system/protocol/index.tsx', skeleton: 'text', back: true } }),
  },
  aboutus: {
    public: true, preload: 9,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/system/aboutus/index.tsx', skeleton: 'text', back: true } }),
  },
  game: {
    public: false, meta: { isEntry: true, disableScroll: true, fixed: true }, preload: 13,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/game/game/index.tsx', skeleton: 'none', back: false } }),
  },
  gameDetail: {
    public: true, meta: { isEntry: true }, callsFirst: true, firstImage: true,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/game/detail/index.tsx', skeleton: 'detail', back: true } }),
  },
  played: {
    public: false, callsFirst: true,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/game/played/index.tsx', skeleton: 'grid', back: true } }),
  },
  gameList: {
    public: true, callsFirst: true,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/game/list/index.tsx', skeleton: 'grid', back: true } }),
  },
  search: {
    public: true, callsFirst: true,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/game/search/index.tsx', skeleton: 'grid', back: false } }),
  },
  questionnaire: {
    public: false,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/game/guide/questionnaire.tsx', skeleton: 'text', back: false } }),
  },
  countryCodes: {
    public: true, preload: 4,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/countryCodes/index.tsx', skeleton: 'text', back: true } }),
  },
  setting: {
    public: false, preload: 6,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/setting/index.tsx', skeleton: 'form', back: true } }),
  },
  auth: {
    public: false,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/auth/index.tsx', skeleton: 'form', back: true } }),
  },
  property: {
    public: false,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/property/index.tsx', skeleton: 'text', back: true } }),
  },
  member: {
    public: false, meta: { fixed: true },
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/member/index.tsx', skeleton: 'text', back: false } }),
  },
  memberPremium: {
    public: false, meta: { fixed: true },
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/member/premium.tsx', skeleton: 'text', back: false } }),
  },
  memberCompare: {
    public: false,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/member/compare.tsx', skeleton: 'text', back: true } }),
  },
  recharge: {
    public: false, meta: { fixed: true },
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/recharge/index.tsx', skeleton: 'text', back: false } }),
  },
  timelapse: {
    public: false, meta: { fixed: true },
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/timelapse/index.tsx', skeleton: 'text', back: true } }),
  },
  invite: {
    public: false,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/user/invite/index.tsx', skeleton: 'text', back: true } }),
  },
  payLoading: {
    public: false,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/pay/loading/index.tsx', skeleton: 'text', back: true } }),
  },
  payResult: {
    public: false,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/pay/result/index.tsx', skeleton: 'text', back: true } }),
  },
  webviewDetail: {
    public: true, meta: overlay, title: 'gameDetail',
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/webview/detail/index.tsx', skeleton: 'none', back: false } }),
  },
  webviewHome: {
    public: true, meta: overlay, title: 'home',
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/webview/home/index.tsx', skeleton: 'none', back: false } }),
  },
  memberPopupPremium: {
    public: false, meta: overlay, title: 'memberPremium',
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/webview/memberPopup/premium.tsx', skeleton: 'none', back: false } }),
  },
  memberPopupRecharge: {
    public: false, meta: overlay, title: 'recharge',
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/webview/memberPopup/recharge.tsx', skeleton: 'none', back: false } }),
  },
  recommendPopupProduct: {
    public: false, meta: overlay,
    ...(!import.meta.BROWSER_BUNDLE && { build: { source: 'submodules/webview/recommendPopup/product.tsx', skeleton: 'none', back: false } }),
  },
};

const resolved = (Object.keys(TABLE) as PageKey[]).map((page): PageDef => {
  const entry: PageEntry = TABLE[page];
  // PageTable makes every page whose key is no title key name one.
  return { ...entry, page, meta: { ...base, ...entry.meta }, title: entry.title ?? (page as TitleKey) };
});

/** Every page by its key. */
export const PAGES = Object.fromEntries(resolved.map((p) => [p.page, p])) as Readonly<Record<PageKey, PageDef>>;

/** Every path of every page: its own, and its alias (home's second path). */
export const ROUTES: readonly RouteDef[] = resolved.flatMap((p) => [PAGE_PATH[p.page], ...(p.alias ? [p.alias] : [])].map((path) => ({ ...p, path })));

/** The pages preloaded on idle after the first paint (start.ts), by rank. */
export const PRELOAD_ORDER: readonly PageKey[] = resolved
  .filter((p) => p.preload !== undefined)
  .sort((a, b) => (a.preload ?? 0) - (b.preload ?? 0))
  .map((p) => p.page);

/** A page's build facts, which only the build (Node) has. */
export function buildFacts(page: PageDef): BuildFacts {
  if (!page.build) throw new Error(`${page.page}: no build facts in the browser's bundle`);
  return page.build;
}

/** Paths, without a trailing slash; "/" is the home page. */
export const ROUTE_PATHS: readonly string[] = ROUTES.map((r) => r.path);

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/index\.html$/, '').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function findRoute(pathname: string): RouteDef | undefined {
  const path = normalizePath(pathname);
  return ROUTES.find((r) => r.path === path);
}
