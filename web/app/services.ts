/**
 * The composition root: the one place that builds the core runtime with the
 * browser's real clock, storage, fetch and host bridge, and wires the stores
 * to it. Everything below takes these as arguments, so tests build their own.
 */
// From the area file, not the contract's barrel: esbuild follows every re-export of a barrel into the first load (decision 0015).
import { DEFAULT_RUNTIME_CONFIG } from '../api/contract/runtime-config.ts';
import type { RuntimeConfig } from '../api/contract.ts';
import type { Api } from '../api/endpoints.ts';
import { systemClock } from '../core/clock.ts';
import { lazyMethods } from '../core/lazy.ts';
import { createLocalStore } from '../core/storage/local.ts';
import { openBrowserStorage } from '../core/storage/browser.ts';
import { createSessionStore } from '../core/storage/session.ts';
import { getDeviceId } from '../core/device-id.ts';
import { createToaster } from '../core/toast.ts';
import { createBridge } from '../core/bridge.ts';
import { createNetworkStatus } from '../core/network.ts';
import { createAuthStore } from '../state/auth.ts';
import { createTabBarStore } from '../state/tabbar.ts';

export const clock = systemClock;
export const config: Required<RuntimeConfig> = { ...DEFAULT_RUNTIME_CONFIG };
/** The browser's storage, or memory for the visit when the browser refuses it (site data off: core/storage/browser.ts). */
export const storage = openBrowserStorage(globalThis);
/** Nothing will outlive this page: the shell says so once (ui/StorageBar.tsx). */
export const storageBlocked = storage.blocked.length > 0;
export const local = createLocalStore(storage.local);
export const session = createSessionStore({ local, session: storage.session });
export const toaster = createToaster(clock);
// The host's messages are checked by a chunk of their own, loading now: what arrives first waits for it (web/core/bridge.ts).
export const bridge = createBridge(window, { check: import('../core/bridge-check.ts').then((m) => m.checkMessage) });
export const network = createNetworkStatus();
export const tabBar = createTabBarStore();
/** This page load's id, sent with every request (SPEC §7 headers). */
export const wwwid = `${clock.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
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

/** Whether a live game session took a 30001 in hand (the HTTP client's token-expired step, api-client.ts). */
export const gameTookTokenExpiry = (): boolean => [...tokenExpiredListeners].map((fn) => fn()).some(Boolean);

/** The app's API. Its code (HTTP client, endpoint table, shield) loads with the first call: api-client.ts. */
export const api: Api = lazyMethods<Api>(() => import('./api-client.ts').then((m) => m.api));

export const auth = createAuthStore({ session, api: () => api });
