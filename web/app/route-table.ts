/**
 * Every route of SPEC §2 with its meta, on the paths of web/core/paths.ts
 * (titles, in the reader's language, are in route-titles.ts).
 * Pure data (no React) so `build.ts` can write an index.html per path and the
 * guard can be unit-tested.
 */
import { HOME_ALIAS, PAGE_PATH, type PageKey } from '../core/paths.ts';

export interface RouteMeta {
  /** Back from here leaves the app (closes the host webview). */
  isQuit: boolean;
  /** A page the app may be entered on directly. */
  isEntry: boolean;
  isTabBar: boolean;
  tabBarIndex: number | null;
  disableScroll: boolean;
  /** Fixed layout: the page fills the viewport and scrolls inside its own parts. */
  fixed: boolean;
  /** In px on the 750-rpx design (SPEC §9: 125 by default, 152 on home). */
  navigationBarHeight: number;
  pageBackgroundColor: string;
}

export interface RouteDef {
  path: string;
  /** Key of the page component in `web/app/pages.ts`. */
  page: PageKey;
  /** White-listed: no login needed. */
  public: boolean;
  meta: RouteMeta;
}

export const PAGE_BACKGROUND = '#121212';
export const NAV_BAR_HEIGHT = 125;
export const HOME_NAV_BAR_HEIGHT = 152;

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

/** A page's route; its path is the page's own (PAGE_PATH) unless another is given (home's alias). */
const route = (
  page: PageKey,
  isPublic: boolean,
  meta: Partial<RouteMeta> = {},
  path: string = PAGE_PATH[page],
): RouteDef => ({
  path,
  page,
  public: isPublic,
  meta: { ...base, ...meta },
});

const tab = (index: number): Partial<RouteMeta> => ({
  isQuit: true,
  isEntry: true,
  isTabBar: true,
  tabBarIndex: index,
  disableScroll: true,
});

const home: Partial<RouteMeta> = { ...tab(0), fixed: true, navigationBarHeight: HOME_NAV_BAR_HEIGHT };
const overlay: Partial<RouteMeta> = { pageBackgroundColor: 'transparent' };

export const ROUTES: readonly RouteDef[] = [
  route('home', true, home),
  route('home', true, home, HOME_ALIAS),
  route('gameLibrary', true, tab(1)),
  route('user', false, tab(2)),
  route('login', true, { isEntry: true }),
  route('download', true, { isEntry: true }),
  route('error403', true),
  route('error404', true),
  route('error500', true),
  route('error503', true),
  route('protocol', true),
  route('aboutus', true),
  route('game', false, { isEntry: true, disableScroll: true, fixed: true }),
  route('gameDetail', true, { isEntry: true }),
  route('played', false),
  route('gameList', true),
  route('search', true),
  route('questionnaire', false),
  route('countryCodes', true),
  route('setting', false),
  route('auth', false),
  route('property', false),
  route('member', false, { fixed: true }),
  route('memberPremium', false, { fixed: true }),
  route('memberCompare', false),
  route('recharge', false, { fixed: true }),
  route('timelapse', false, { fixed: true }),
  route('invite', false),
  route('payLoading', false),
  route('payResult', false),
  route('webviewDetail', true, overlay),
  route('webviewHome', true, overlay),
  route('memberPopupPremium', false, overlay),
  route('memberPopupRecharge', false, overlay),
  route('recommendPopupProduct', false, overlay),
];

/**
 * Pages whose first view calls the API: the API client loads with the app, not after the page's code (start.ts),
 * and their index.html announces its chunks (build.ts), issue 10.
 */
export const CALLS_FIRST: readonly PageKey[] = ['home', 'gameLibrary', 'gameDetail', 'gameList', 'search', 'played', 'user'];

/**
 * Of those, the pages whose first request (app/first-request.ts) names their largest paint, an image: the rest of the
 * art waits for it (ui/first-image.ts). The others' first answers name none, so nothing waits.
 */
export const FIRST_IMAGE: readonly PageKey[] = ['home', 'gameLibrary', 'gameDetail'];

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
