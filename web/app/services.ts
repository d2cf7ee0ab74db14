/**
 * The composition root: the one place that builds the core runtime with the
 * browser's real clock, storage, fetch and host bridge, and wires the stores
 * to it. Everything below takes these as arguments, so tests build their own.
 */
import { navigate } from 'wouter/use-browser-location';
import { DEFAULT_RUNTIME_CONFIG, HEADER, type RuntimeConfig } from '../api/contract.ts';
import { createApi, type Api } from '../api/endpoints.ts';
import { systemClock } from '../core/clock.ts';
import { createHttpClient, type HttpClient } from '../core/http/request.ts';
import { createLocalStore } from '../core/storage/local.ts';
import { createSessionStore } from '../core/storage/session.ts';
import { getDeviceId } from '../core/device-id.ts';
import { createToaster } from '../core/toast.ts';
import { createBridge } from '../core/bridge.ts';
import { createNetworkStatus } from '../core/network.ts';
import { detectLang, type Lang } from '../core/i18n/lang.ts';
import { createAuthStore } from '../state/auth.ts';
import { createTabBarStore } from '../state/tabbar.ts';
import type { PayUrlPolicy } from '../state/cashier.ts';
import { MOCK_CLOUD } from '../core/build-flags.ts';
import { normalizePath } from './route-table.ts';
import { ERROR_PATHS, GAME_PATH } from '../core/paths.ts';
import { loginUrl } from './guard.ts';
import { MOCK_SESSION_KEY } from './channel.ts';

export const clock = systemClock;
/** The language of stock strings (SPEC §8), from the browser, once per visit. */
export const lang: Lang = detectLang(globalThis.navigator?.language ?? '');
export const config: Required<RuntimeConfig> = { ...DEFAULT_RUNTIME_CONFIG };
export const local = createLocalStore(globalThis.localStorage);
export const session = createSessionStore({ local, session: globalThis.sessionStorage });
export const toaster = createToaster(clock);
export const bridge = createBridge(window);
export const network = createNetworkStatus();
export const tabBar = createTabBarStore();
const wwwid = `${clock.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
let deviceId: string | null = null;
export const getAppDeviceId = (): string => (deviceId ??= getDeviceId(local, clock, Math.random));

type Listener = () => void;
const tokenExpiredListeners = new Set<Listener>();
/** SPEC §8: on the game screen a token-expired event is emitted instead of navigating. */
export function onTokenExpired(fn: Listener): () => void {
  tokenExpiredListeners.add(fn);
  return () => tokenExpiredListeners.delete(fn);
}

export const http: HttpClient = createHttpClient({
  config,
  clock,
  fetch: (...args) => globalThis.fetch(...args),
  getToken: () => session.getToken(),
  getDeviceId: getAppDeviceId,
  getAgentCode: () => session.getAgentCode(),
  wwwid,
  extraHeaders: (): Record<string, string> => {
    const mock = globalThis.sessionStorage?.getItem(MOCK_SESSION_KEY);
    return mock ? { [HEADER.mockSession]: mock } : {};
  },
  onHttpStatus: (status) => navigate(ERROR_PATHS[status]),
  onTokenExpired: (message) => {
    // Several calls in flight can all answer 30001: the first one clears the session, the rest have nothing left to do.
    if (!auth.isLoggedIn()) return;
    toaster.show({ title: message, icon: 'none' });
    const here = normalizePath(location.pathname);
    // The game screen ends its session and offers "Log in" (which logs out); logging out here would let the guard navigate away first.
    if (here === GAME_PATH && tokenExpiredListeners.size > 0) {
      for (const fn of tokenExpiredListeners) fn();
      return;
    }
    auth.logout();
    navigate(loginUrl(location.pathname + location.search), { replace: true });
  },
  toast: (message) => toaster.show({ title: message, icon: 'none' }),
});

export const api: Api = createApi(http);

/** Where a pay_url may lead (web/state/cashier.ts): a cashier host, or in a mock build the mock's own page on the API's origin. */
export function payUrlPolicy(): PayUrlPolicy {
  return { pageOrigin: location.origin, mockOrigin: MOCK_CLOUD ? new URL(config.apiBase, location.href).origin : null };
}
export const auth = createAuthStore({ session, api: () => api });
