/**
 * Each page's title (the tab's document title), in the language showing. Apart from the route table, which stays
 * pure data for the build.
 */
import type { PageKey } from '../core/paths.ts';
import { messages } from '../core/i18n/messages.ts';

export const routeTitles = messages('app/routes', {
  home: 'Home',
  gameLibrary: 'Game Library',
  user: 'Mine',
  login: 'Log in',
  download: 'Download',
  error403: 'Forbidden',
  error404: 'Page not found',
  error500: 'Server error',
  error503: 'Service unavailable',
  protocol: 'Agreement',
  aboutus: 'About us',
  game: 'Game',
  gameDetail: 'Game details',
  played: 'Played games',
  gameList: 'Games',
  search: 'Search',
  questionnaire: 'Questionnaire',
  countryCodes: 'Country code',
  setting: 'Settings',
  auth: 'Real-name verification',
  property: 'My assets',
  member: 'Membership',
  memberPremium: 'Premium membership',
  memberCompare: 'Compare memberships',
  recharge: 'Top up',
  timelapse: 'Play time',
  invite: 'Invite friends',
  payLoading: 'Paying',
  payResult: 'Payment result',
  recommendPopupProduct: 'Recommended',
});

type Titles = ReturnType<typeof routeTitles.get>;

/** A page's title; the webview and pop-up pages share their full pages' titles. */
export function routeTitle(page: PageKey, t: Titles): string {
  const titles: Record<PageKey, string> = {
    home: t.home,
    gameLibrary: t.gameLibrary,
    user: t.user,
    login: t.login,
    download: t.download,
    error403: t.error403,
    error404: t.error404,
    error500: t.error500,
    error503: t.error503,
    protocol: t.protocol,
    aboutus: t.aboutus,
    game: t.game,
    gameDetail: t.gameDetail,
    played: t.played,
    gameList: t.gameList,
    search: t.search,
    questionnaire: t.questionnaire,
    countryCodes: t.countryCodes,
    setting: t.setting,
    auth: t.auth,
    property: t.property,
    member: t.member,
    memberPremium: t.memberPremium,
    memberCompare: t.memberCompare,
    recharge: t.recharge,
    timelapse: t.timelapse,
    invite: t.invite,
    payLoading: t.payLoading,
    payResult: t.payResult,
    webviewDetail: t.gameDetail,
    webviewHome: t.home,
    memberPopupPremium: t.memberPremium,
    memberPopupRecharge: t.recharge,
    recommendPopupProduct: t.recommendPopupProduct,
  };
  return titles[page];
}
