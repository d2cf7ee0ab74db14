/**
 * The pages' titles (the tab's document title), in the language showing; each route entry names the title it shows
 * (app/route-table.ts). Apart from the route table, which must not carry the English texts into the first load.
 */
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

/** A title's key: a page's own, or the one an overlay shares with its full page (app/route-table.ts `title`). */
export type TitleKey = keyof ReturnType<typeof routeTitles.get>;
