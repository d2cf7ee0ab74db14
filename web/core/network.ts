/**
 * Network status (SPEC §4 "Network status change event": isConnected and
 * networkType). The browser's online/offline events and Network Information
 * API feed it until a better source speaks: inside the host app the bridge
 * pushes the host's own status through `set` (docs/host-bridge.md `network`),
 * and from then on the browser's events are ignored. A webview's
 * navigator.onLine and connection type describe the webview, not the phone
 * (an app with a VPN, a cellular-only webview policy, a captive Wi-Fi), and
 * letting both write would make the offline bar flicker between two opinions.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { createEmitter } from './emitter.ts';

export interface NetworkState {
  isConnected: boolean;
  /** wifi, ethernet, 2g, 3g, 4g, 5g, none or unknown, as the platform API reported it. */
  networkType: string;
}

interface ConnectionLike {
  type?: string;
  effectiveType?: string;
  addEventListener?(type: 'change', fn: () => void): void;
  removeEventListener?(type: 'change', fn: () => void): void;
}

export interface NetworkEnv {
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  navigator?: { onLine?: boolean; connection?: ConnectionLike };
}

export interface NetworkStatus {
  state: ReadableAtom<NetworkState>;
  /** Called on every change (not with the current value); returns the unsubscribe. */
  onChange(fn: (state: NetworkState) => void): () => void;
  /** The status from a better source than the browser (the host app): the browser's events no longer count. */
  set(state: NetworkState): void;
  /** Stops listening to the browser. */
  dispose(): void;
}

/** Browser values → the platform API's vocabulary. */
export function networkTypeOf(online: boolean, connection: ConnectionLike | undefined): string {
  if (!online) return 'none';
  const type = connection?.type;
  if (type === 'wifi' || type === 'ethernet') return type;
  if (type === 'none') return 'none';
  const eff = connection?.effectiveType;
  if (eff && (type === undefined || type === 'cellular')) return eff === 'slow-2g' ? '2g' : eff;
  return 'unknown';
}

function navigatorWithConnection(): NetworkEnv['navigator'] {
  return globalThis.navigator as NetworkEnv['navigator'];
}

export function createNetworkStatus(env: NetworkEnv = { window: globalThis.window, navigator: navigatorWithConnection() }): NetworkStatus {
  const nav = env.navigator;
  const read = (): NetworkState => {
    const online = nav?.onLine ?? true;
    return { isConnected: online, networkType: networkTypeOf(online, nav?.connection) };
  };
  const state = atom<NetworkState>(read());
  // A listener that throws is rethrown on a microtask: the offline bar still hears the change.
  const events = createEmitter<{ change: NetworkState }>();

  let browserCounts = true;
  const apply = (next: NetworkState): void => {
    const cur = state.get();
    if (cur.isConnected === next.isConnected && cur.networkType === next.networkType) return;
    state.set({ isConnected: next.isConnected, networkType: next.networkType });
    events.emit('change', state.get());
  };
  const refresh = (): void => {
    if (browserCounts) apply(read());
  };

  env.window?.addEventListener('online', refresh);
  env.window?.addEventListener('offline', refresh);
  nav?.connection?.addEventListener?.('change', refresh);

  return {
    state,
    onChange: (fn) => events.on('change', fn),
    set(next) {
      browserCounts = false;
      apply(next);
    },
    dispose() {
      env.window?.removeEventListener('online', refresh);
      env.window?.removeEventListener('offline', refresh);
      nav?.connection?.removeEventListener?.('change', refresh);
      events.clear();
    },
  };
}
