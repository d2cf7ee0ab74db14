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
import { httpWording } from './http-wording.ts';
import { createLocalStore } from '../core/storage/local.ts';
import { openBrowserStorage } from '../core/storage/browser.ts';
import { createSessionStore } from '../core/storage/session.ts';
import { getDeviceId } from '../core/device-id.ts';
import { createToaster } from '../core/toast.ts';
import { createBridge } from '../core/bridge.ts';
import { createNetworkStatus } from '../core/network.ts';
import { locale } from '../core/i18n/locale.ts';
import { createAuthStore } from '../state/auth.ts';
import { createTabBarStore } from '../state/tabbar.ts';
import { shieldApi } from '../state/shield-api.ts';
import type { ShieldList } from '../state/shield.ts';
import { normalizePath } from './route-table.ts';
import { ERROR_PATHS } from '../core/paths.ts';
import { expiryStep } from './token-expiry.ts';
import { loginUrl } from './guard.ts';
import { mockSessionOf } from './channel.ts';

export const clock = systemClock;
export const config: Required<RuntimeConfig> = { ...DEFAULT_RUNTIME_CONFIG };
/** The browser's storage, or memory for the visit when the browser refuses it (site data off: core/storage/browser.ts). */
export const storage = openBrowserStorage(globalThis);
/** Nothing will outlive this page: the shell says so once (ui/StorageBar.tsx). */
export const storageBlocked = storage.blocked.length > 0;
export const local = createLocalStore(storage.local);
export const session = createSessionStore({ local, session: storage.session });
export const toaster = createToaster(clock);
export const bridge = createBridge(window);
export const network = createNetworkStatus();
export const tabBar = createTabBarStore();
const wwwid = `${clock.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
let deviceId: string | null = null;
export const getAppDeviceId = (): string => (deviceId ??= getDeviceId(local, clock, Math.random));

/** Answers whether it took the 30001 in hand (a live game session); false lets the app log out and go to login. */
type Listener = () => boolean;
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
    const mock = mockSessionOf(storage.session);
    // The mock cloud answers player-read content in this language (issue 9); a real cloud may too.
    const lang = { [HEADER.acceptLanguage]: locale.get() };
    return mock ? { ...lang, [HEADER.mockSession]: mock } : lang;
  },
  onHttpStatus: (status) => navigate(ERROR_PATHS[status]),
  onTokenExpired: (message) => {
    // The game screen ends a live session and offers "Log in" (which logs out); logging out here would let the guard navigate away first.
    const step = expiryStep(normalizePath(location.pathname), auth.isLoggedIn(), () => [...tokenExpiredListeners].map((fn) => fn()).some(Boolean));
    if (step === 'nothing') return;
    toaster.show({ title: message, icon: 'none' });
    if (step === 'game-session') return;
    auth.logout();
    navigate(loginUrl(location.pathname + location.search), { replace: true });
  },
  toast: (message) => toaster.show({ title: message, icon: 'none' }),
  wording: httpWording,
});

const rawApi = createApi(http);
let shieldList: (() => Promise<ShieldList>) | null = null;
/** Every game list and game_info the app reads passes the ps_shield list (SPEC §5), whatever the list endpoint answered; the filter loads with the first list. */
export const api: Api = shieldApi(rawApi, async (call, answer) => {
  const m = await import('../state/shield.ts');
  shieldList ??= m.createShieldSource(() => rawApi.psShield({}, { silent: true, background: true }));
  return m.applyShield(call, answer, await shieldList());
});

export const auth = createAuthStore({ session, api: () => api });
