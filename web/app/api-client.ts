/**
 * The HTTP client and the app's API, wired to the shell's services. Loaded with the first request (services.ts holds
 * a lazy stand-in), so a visitor's home paints without the request code (issue 10; docs/decisions/0015).
 */
import { navigate } from 'wouter/use-browser-location';
import { HEADER } from '../api/contract.ts';
import { createApi, type Api } from '../api/endpoints.ts';
import { createHttpClient, type HttpClient } from '../core/http/request.ts';
import { locale } from '../core/i18n/locale.ts';
import { ERROR_PATHS } from '../core/paths.ts';
import { shieldApi } from '../state/shield-api.ts';
import { mockSessionOf } from './channel.ts';
import { loginUrl } from './guard.ts';
import { httpWording } from './http-wording.ts';
import { normalizePath } from './route-table.ts';
import { auth, clock, config, getAppDeviceId, session, storage, gameTookTokenExpiry, toaster, wwwid } from './services.ts';
import { expiryStep } from './token-expiry.ts';

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
    // The mock cloud answers player-read content in this language (issue 9); a real cloud may too.
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

/** Every game list and game_info the app reads passes the ps_shield list (SPEC §5), whatever the list endpoint answered. */
export const api: Api = shieldApi(createApi(http));
