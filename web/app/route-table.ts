/**
 * Every route of SPEC §2 with its meta. Pure data (no React) so `build.ts`
 * can write an index.html per path and the guard can be unit-tested.
 */
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

export type PageKey =
  | 'home'
  | 'gameLibrary'
  | 'user'
  | 'login'
  | 'download'
  | 'error403'
  | 'error404'
  | 'error500'
  | 'error503'
  | 'protocol'
  | 'aboutus'
  | 'game'
  | 'gameDetail'
  | 'played'
  | 'gameList'
  | 'search'
  | 'questionnaire'
  | 'countryCodes'
  | 'setting'
  | 'auth'
  | 'property'
  | 'member'
  | 'memberPremium'
  | 'memberCompare'
  | 'recharge'
  | 'timelapse'
  | 'invite'
  | 'payLoading'
  | 'payResult'
  | 'webviewDetail'
  | 'webviewHome'
  | 'memberPopupPremium'
  | 'memberPopupRecharge'
  | 'recommendPopupProduct';

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

const route = (path: string, page: PageKey, title: string, isPublic: boolean, meta: Partial<RouteMeta> = {}): RouteDef => ({
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

const overlay: Partial<RouteMeta> = { pageBackgroundColor: 'transparent' };

export const HOME_PATH = '/';
export const HOME_ALIAS = '/main/index/index';
export const LOGIN_PATH = '/main/login/index';
export const GAME_PATH = '/submodules/game/game/index';
export const ERROR_PATHS = {
  403: '/main/error/403',
  404: '/main/error/404',
  500: '/main/error/500',
  503: '/main/error/503',
} as const;

export const ROUTES: readonly RouteDef[] = [
  route(HOME_PATH, 'home', 'Home', true, { ...tab(0), fixed: true, navigationBarHeight: HOME_NAV_BAR_HEIGHT }),
  route(HOME_ALIAS, 'home', 'Home', true, { ...tab(0), fixed: true, navigationBarHeight: HOME_NAV_BAR_HEIGHT }),
  route('/main/gameLibrary/index', 'gameLibrary', 'Game Library', true, tab(1)),
  route('/main/user/index', 'user', 'Mine', false, tab(2)),
  route(LOGIN_PATH, 'login', 'Log in', true, { isEntry: true }),
  route('/main/download/index', 'download', 'Download', true, { isEntry: true }),
  route(ERROR_PATHS[403], 'error403', 'Forbidden', true),
  route(ERROR_PATHS[404], 'error404', 'Page not found', true),
  route(ERROR_PATHS[500], 'error500', 'Server error', true),
  route(ERROR_PATHS[503], 'error503', 'Service unavailable', true),
  route('/submodules/system/protocol/index', 'protocol', 'Agreement', true),
  route('/submodules/system/aboutus/index', 'aboutus', 'About us', true),
  route(GAME_PATH, 'game', 'Game', false, { isEntry: true, disableScroll: true, fixed: true }),
  route('/submodules/game/detail/index', 'gameDetail', 'Game details', true, { isEntry: true }),
  route('/submodules/game/played/index', 'played', 'Played games', false),
  route('/submodules/game/list/index', 'gameList', 'Games', true),
  route('/submodules/game/search/index', 'search', 'Search', true),
  route('/submodules/game/guide/questionnaire', 'questionnaire', 'Questionnaire', false),
  route('/submodules/user/countryCodes/index', 'countryCodes', 'Country code', true),
  route('/submodules/user/setting/index', 'setting', 'Settings', false),
  route('/submodules/user/auth/index', 'auth', 'Real-name verification', false),
  route('/submodules/user/property/index', 'property', 'My assets', false),
  route('/submodules/user/member/index', 'member', 'Membership', false, { fixed: true }),
  route('/submodules/user/member/premium', 'memberPremium', 'Premium membership', false, { fixed: true }),
  route('/submodules/user/member/compare', 'memberCompare', 'Compare memberships', false),
  route('/submodules/user/recharge/index', 'recharge', 'Top up', false, { fixed: true }),
  route('/submodules/user/timelapse/index', 'timelapse', 'Play time', false, { fixed: true }),
  route('/submodules/user/invite/index', 'invite', 'Invite friends', false),
  route('/submodules/pay/loading/index', 'payLoading', 'Paying', false),
  route('/submodules/pay/result/index', 'payResult', 'Payment result', false),
  route('/submodules/webview/detail/index', 'webviewDetail', 'Game details', true, overlay),
  route('/submodules/webview/home/index', 'webviewHome', 'Home', true, overlay),
  route('/submodules/webview/memberPopup/premium', 'memberPopupPremium', 'Premium membership', false, overlay),
  route('/submodules/webview/memberPopup/recharge', 'memberPopupRecharge', 'Top up', false, overlay),
  route('/submodules/webview/recommendPopup/product', 'recommendPopupProduct', 'Recommended', false, overlay),
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
