/**
 * The host app's network status (SPEC §4 "Network status change event", docs/host-bridge.md `getNetworkType` and
 * `network`): better than the browser's inside a webview, so once the host speaks it is the only voice the network
 * status hears (web/core/network.ts). The offline bar reads that status.
 */
import type { Bridge } from '../core/bridge.ts';
import type { NetworkStatus } from '../core/network.ts';
import type { Unsubscribe } from '../core/emitter.ts';

/**
 * Feeds the host's `network` events (answers and changes alike) into `network`, asks the host once at start when it
 * announced getNetworkType, and again whenever the host app comes back from the background: a webview's page is
 * often frozen there and misses the changes the host sent meanwhile.
 */
export function wireHostNetwork(bridge: Pick<Bridge, 'on' | 'call'>, network: Pick<NetworkStatus, 'set'>): Unsubscribe {
  const offNetwork = bridge.on('network', (data) => network.set({ isConnected: data.isConnected, networkType: data.networkType }));
  const ask = (): void => void bridge.call('getNetworkType');
  const offResume = bridge.on('resume', ask);
  ask();
  return () => {
    offNetwork();
    offResume();
  };
}
