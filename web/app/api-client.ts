/**
 * The HTTP client and the app's API, wired to the shell's services. Not in the first load (services.ts holds a lazy
 * stand-in): start.ts loads it at once for a page whose first view calls the API, else the first request does
 * (docs/decisions/0015).
 */
import { navigate } from 'wouter/use-browser-location';
import { HEADER } from '../api/contract.ts';
import { createApi, type Api } from '../api/endpoints.ts';
import { createHttpClient, type HttpClient } from '../core/http/request.ts';
import { locale } from '../core/i18n/locale.ts';
import { ERROR_PATHS, type PageKey } from '../core/paths.ts';
import { shieldApi } from '../state/shield-api.ts';
import { createEarlyCalls, withEarlyCalls } from '../core/early-call.ts';
import { FIRST_REQUEST, startEarly } from './first-request.ts';
import { mockSessionOf } from './channel.ts';
import { loginUrl } from './guard.ts';
import { httpWording } from './http-wording.ts';
import { normalizePath } from './route-table.ts';
import { auth, clock, config, getAppDeviceId, session, storage, gameTookTokenExpiry, toaster, wwwid } from './services.ts';
import { expiryStep } from './token-expiry.ts';
import { watchFirstImage } from '../ui/first-image-shown.ts';
import { releaseFirstImage } from '../ui/first-image.ts';

export const http: HttpClient = createHttpClient({
  config,
  clock,
  fetch: (...args) => globalThis.fetch(...args),
  getToken: () => session.getToken(),
  getDeviceId: getAppDeviceId,
  getAgentCode: () => session.getAgentCode(),
  wwwid,
  extraHeaders: (): Record<string, string> => {
    const mock = mockSessionOf(storage.session);
    // The mock cloud answers player-read content in this language (decision 0010); a real cloud may too.
    const lang = { [HEADER.acceptLanguage]: locale.get() };
    return mock ? { ...lang, [HEADER.mockSession]: mock } : lang;
  },
  onHttpStatus: (status) => navigate(ERROR_PATHS[status]),
  onTokenExpired: (message) => {
    // The game screen ends a live session and offers "Log in" (which logs out); logging out here would let the guard navigate away first.
    const step = expiryStep(normalizePath(location.pathname), auth.isLoggedIn(), gameTookTokenExpiry);
    if (step === 'nothing') return;
    toaster.show({ title: message, icon: 'none' });
    if (step === 'game-session') return;
    auth.logout();
    navigate(loginUrl(location.pathname + location.search), { replace: true });
  },
  toast: (message) => toaster.show({ title: message, icon: 'none' }),
  wording: httpWording,
});

const early = createEarlyCalls(() => `${location.pathname}${location.search} ${locale.get()} ${session.getToken() ?? ''}`);
/** Every game list and game_info the app reads passes the ps_shield list (SPEC §5), whatever the list endpoint answered. */
const shielded = shieldApi(createApi(http));
/** The app's API; a page's first call may find its answer already on the way (startFirstRequest). */
export const api: Api = withEarlyCalls(shielded, early);

/**
 * Starts the first request of `page` (first-request.ts) if the app is still where it started (`where`: path and
 * query): the page's own call takes the answer, once (core/early-call.ts). The rest of the art waits for the image
 * that answer names (start.ts holds it, ui/first-image.ts); no request, no image: it waits for nothing.
 */
export function startFirstRequest(page: PageKey, where: string): void {
  const still = (): boolean => `${location.pathname}${location.search}` === where;
  const first = still() ? FIRST_REQUEST[page]?.(new URLSearchParams(location.search)) : null;
  if (!first) return releaseFirstImage();
  startEarly(early, shielded, first, (image) => (image && still() ? putFirstImageFirst(image) : releaseFirstImage()));
}

/**
 * The first view's largest image, as soon as the first answer names it: fetched at the priority its `<img>` will ask
 * for, and the hold on the rest ends once it is on screen (ui/first-image-shown.ts).
 */
function putFirstImageFirst(href: string): void {
  const reports = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  watchFirstImage({ clock, largestPaints: reports ? largestPaints : undefined });
  // Leaving the first view before its image showed: the next page's art waits for nothing (wouter's history events).
  for (const event of ['popstate', 'pushState', 'replaceState']) addEventListener(event, releaseFirstImage, { once: true });
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** The URL of each largest paint the browser reports, from the first, until `seen` has seen enough (first-image-shown.ts). */
function largestPaints(seen: (url: string) => boolean): void {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (seen((entry as PerformanceEntry & { url: string }).url)) return observer.disconnect();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}
