/**
 * Page chunks, one per route folder under web/pages (each its own lazy chunk).
 * Pages not built yet share one honest "not open yet" screen.
 */
import type { PageKey } from './route-table.ts';
import { createPageLoader, type PageImporter } from './page-loader.ts';

const unavailable: PageImporter = () => import('../pages/unavailable/index.tsx');

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
  game: unavailable,
  gameDetail: unavailable,
  played: unavailable,
  gameList: unavailable,
  search: unavailable,
  questionnaire: unavailable,
  auth: unavailable,
  property: unavailable,
  member: unavailable,
  memberPremium: unavailable,
  memberCompare: unavailable,
  recharge: unavailable,
  timelapse: unavailable,
  invite: unavailable,
  payLoading: unavailable,
  payResult: unavailable,
  webviewDetail: unavailable,
  webviewHome: unavailable,
  memberPopupPremium: unavailable,
  memberPopupRecharge: unavailable,
  recommendPopupProduct: unavailable,
};

export const pageLoader = createPageLoader(PAGE_IMPORTERS);

/** Tab pages and login first: they are what a person opens next. */
export const PRELOAD_ORDER: readonly PageKey[] = [
  'home',
  'gameLibrary',
  'user',
  'login',
  'countryCodes',
  'protocol',
  'setting',
  'error404',
  'download',
  'aboutus',
  'error500',
  'error403',
  'error503',
  'game',
];
