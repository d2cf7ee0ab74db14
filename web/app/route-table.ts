/**
 * Every route of SPEC §2 with its meta, on the paths of web/core/paths.ts.
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
  title: string;
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
  title: string,
  isPublic: boolean,
  meta: Partial<RouteMeta> = {},
  path: string = PAGE_PATH[page],
): RouteDef => ({
  path,
  page,
  title,
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
  route('home', 'Home', true, home),
  route('home', 'Home', true, home, HOME_ALIAS),
  route('gameLibrary', 'Game Library', true, tab(1)),
  route('user', 'Mine', false, tab(2)),
  route('login', 'Log in', true, { isEntry: true }),
  route('download', 'Download', true, { isEntry: true }),
  route('error403', 'Forbidden', true),
  route('error404', 'Page not found', true),
  route('error500', 'Server error', true),
  route('error503', 'Service unavailable', true),
  route('protocol', 'Agreement', true),
  route('aboutus', 'About us', true),
  route('game', 'Game', false, { isEntry: true, disableScroll: true, fixed: true }),
  route('gameDetail', 'Game details', true, { isEntry: true }),
  route('played', 'Played games', false),
  route('gameList', 'Games', true),
  route('search', 'Search', true),
  route('questionnaire', 'Questionnaire', false),
  route('countryCodes', 'Country code', true),
  route('setting', 'Settings', false),
  route('auth', 'Real-name verification', false),
  route('property', 'My assets', false),
  route('member', 'Membership', false, { fixed: true }),
  route('memberPremium', 'Premium membership', false, { fixed: true }),
  route('memberCompare', 'Compare memberships', false),
  route('recharge', 'Top up', false, { fixed: true }),
  route('timelapse', 'Play time', false, { fixed: true }),
  route('invite', 'Invite friends', false),
  route('payLoading', 'Paying', false),
  route('payResult', 'Payment result', false),
  route('webviewDetail', 'Game details', true, overlay),
  route('webviewHome', 'Home', true, overlay),
  route('memberPopupPremium', 'Premium membership', false, overlay),
  route('memberPopupRecharge', 'Top up', false, overlay),
  route('recommendPopupProduct', 'Recommended', false, overlay),
];

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
