/**
 * Each page's chunk, the module its route entry names (route-table.ts `source`; tests/unit/app/page-entries.test.ts
 * checks the two agree). Apart from the table because esbuild makes a chunk only of an `import()` that names its file
 * literally, and because the pages import the shell (navigation, the guard) that reads the table: imported from the
 * table, every page would close an import cycle through it.
 */
import type { PageKey } from '../core/paths.ts';
import { createPageLoader, type PageImporter } from './page-loader.ts';

export const PAGE_IMPORTERS: Record<PageKey, PageImporter> = {
  home: () => import('../pages/main/home/index.tsx'),
  gameLibrary: () => import('../pages/main/gameLibrary/index.tsx'),
  user: () => import('../pages/main/user/index.tsx'),
  login: () => import('../pages/main/login/index.tsx'),
  download: () => import('../pages/main/download/index.tsx'),
  error403: () => import('../pages/main/error/403.tsx'),
  error404: () => import('../pages/main/error/404.tsx'),
  error500: () => import('../pages/main/error/500.tsx'),
  error503: () => import('../pages/main/error/503.tsx'),
  protocol: () => import('../pages/submodules/system/protocol/index.tsx'),
  aboutus: () => import('../pages/submodules/system/aboutus/index.tsx'),
  countryCodes: () => import('../pages/submodules/user/countryCodes/index.tsx'),
  setting: () => import('../pages/submodules/user/setting/index.tsx'),
  game: () => import('../pages/submodules/game/game/index.tsx'),
  gameDetail: () => import('../pages/submodules/game/detail/index.tsx'),
  played: () => import('../pages/submodules/game/played/index.tsx'),
  gameList: () => import('../pages/submodules/game/list/index.tsx'),
  search: () => import('../pages/submodules/game/search/index.tsx'),
  questionnaire: () => import('../pages/submodules/game/guide/questionnaire.tsx'),
  auth: () => import('../pages/submodules/user/auth/index.tsx'),
  property: () => import('../pages/submodules/user/property/index.tsx'),
  member: () => import('../pages/submodules/user/member/index.tsx'),
  memberPremium: () => import('../pages/submodules/user/member/premium.tsx'),
  memberCompare: () => import('../pages/submodules/user/member/compare.tsx'),
  recharge: () => import('../pages/submodules/user/recharge/index.tsx'),
  timelapse: () => import('../pages/submodules/user/timelapse/index.tsx'),
  invite: () => import('../pages/submodules/user/invite/index.tsx'),
  payLoading: () => import('../pages/submodules/pay/loading/index.tsx'),
  payResult: () => import('../pages/submodules/pay/result/index.tsx'),
  webviewDetail: () => import('../pages/submodules/webview/detail/index.tsx'),
  webviewHome: () => import('../pages/submodules/webview/home/index.tsx'),
  memberPopupPremium: () => import('../pages/submodules/webview/memberPopup/premium.tsx'),
  memberPopupRecharge: () => import('../pages/submodules/webview/memberPopup/recharge.tsx'),
  recommendPopupProduct: () => import('../pages/submodules/webview/recommendPopup/product.tsx'),
};

/** A retry that failed too, online: the page loads anew (page-loader.ts `stuck`); offline, the placeholder stays. */
export const pageLoader = createPageLoader(PAGE_IMPORTERS, () => navigator.onLine && location.reload());
