/**
 * Every page's path (SPEC §2), one name per page, and the links that carry a
 * query: the route table builds on these, and pages and stores link with
 * them, so no URL is written twice.
 * Pure data in core, the lowest layer every user of a path may import
 * (stores link too, and state may not import the shell). It imports nothing,
 * so the mock server takes the pay result page from here (decision 0004).
 */
/** Keyed by the page's name in the route table (`PageKey`). */
export const PAGE_PATH = {
  home: '/',
  gameLibrary: '/main/gameLibrary/index',
  user: '/main/user/index',
  login: '/main/login/index',
  download: '/main/download/index',
  error403: '/main/error/403',
  error404: '/main/error/404',
  error500: '/main/error/500',
  error503: '/main/error/503',
  protocol: '/submodules/system/protocol/index',
  aboutus: '/submodules/system/aboutus/index',
  game: '/submodules/game/game/index',
  gameDetail: '/submodules/game/detail/index',
  played: '/submodules/game/played/index',
  gameList: '/submodules/game/list/index',
  search: '/submodules/game/search/index',
  questionnaire: '/submodules/game/guide/questionnaire',
  countryCodes: '/submodules/user/countryCodes/index',
  setting: '/submodules/user/setting/index',
  auth: '/submodules/user/auth/index',
  property: '/submodules/user/property/index',
  member: '/submodules/user/member/index',
  memberPremium: '/submodules/user/member/premium',
  memberCompare: '/submodules/user/member/compare',
  recharge: '/submodules/user/recharge/index',
  timelapse: '/submodules/user/timelapse/index',
  invite: '/submodules/user/invite/index',
  payLoading: '/submodules/pay/loading/index',
  /** The mock's payment page sends the user back here (mock-server/content/orders.ts). */
  payResult: '/submodules/pay/result/index',
  webviewDetail: '/submodules/webview/detail/index',
  webviewHome: '/submodules/webview/home/index',
  memberPopupPremium: '/submodules/webview/memberPopup/premium',
  memberPopupRecharge: '/submodules/webview/memberPopup/recharge',
  recommendPopupProduct: '/submodules/webview/recommendPopup/product',
} as const;

export type PageKey = keyof typeof PAGE_PATH;

export const HOME_PATH = PAGE_PATH.home;
/** The home page's second path (SPEC §2). */
export const HOME_ALIAS = '/main/index/index';
export const LOGIN_PATH = PAGE_PATH.login;
export const GAME_PATH = PAGE_PATH.game;
/** The error page of each HTTP status the app shows a page for. */
export const ERROR_PATHS = {
  403: PAGE_PATH.error403,
  404: PAGE_PATH.error404,
  500: PAGE_PATH.error500,
  503: PAGE_PATH.error503,
} as const;

// ---- links that carry a query

export const detailUrl = (gameId: number): string => `${PAGE_PATH.gameDetail}?game_id=${gameId}`;
/** The game screen of SPEC §2 ("may carry game_id"). */
export const gameScreenUrl = (gameId: number): string => `${PAGE_PATH.game}?game_id=${gameId}`;
/** The detail sheet over a host page (webview). */
export const overlayDetailUrl = (gameId: number): string => `${PAGE_PATH.webviewDetail}?game_id=${gameId}`;
/** The download page for one game, so the download is counted for it (SPEC §7 update_down). */
export const downloadUrl = (gameId: number): string => `${PAGE_PATH.download}?game_id=${gameId}`;
/** `type` is the agreement's (the contract's ProtocolType), which core does not import: it is not wire protocol (decision 0004). */
export const protocolUrl = (type: string): string => `${PAGE_PATH.protocol}?type=${type}`;

/** A game list: one tag's games or one sort order, under a title. */
export function listUrl(opts: { tagId?: number; sort?: string; title: string }): string {
  const q = new URLSearchParams();
  if (opts.tagId) q.set('tag_id', String(opts.tagId));
  if (opts.sort) q.set('sort', opts.sort);
  q.set('title', opts.title);
  return `${PAGE_PATH.gameList}?${q.toString()}`;
}

/** Where the pay loading page opens an order. */
export const payLoadingUrl = (orderId: string): string => `${PAGE_PATH.payLoading}?order_id=${encodeURIComponent(orderId)}`;
export const payResultUrl = (orderId: string): string => `${PAGE_PATH.payResult}?order_id=${encodeURIComponent(orderId)}`;
