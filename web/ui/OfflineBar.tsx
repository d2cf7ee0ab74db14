import { useSignals } from '@preact/signals-react/runtime';
import type { ReadonlySignal } from '@preact/signals-core';
import type { NetworkState } from '../core/network.ts';

/** Tells the player the connection is gone, so a stalled screen is not a mystery. */
export function OfflineBar({ state }: { state: ReadonlySignal<NetworkState> }) {
  useSignals();
  if (state.value.isConnected) return null;
  return (
    <div className="offline-bar" role="alert">
      You are offline. Check your connection.
    </div>
  );
}
