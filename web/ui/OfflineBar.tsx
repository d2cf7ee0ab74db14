import { useEffect } from 'react';
import type { ReadableAtom } from 'nanostores';
import type { NetworkState } from '../core/network.ts';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/offline-bar', { offline: 'You are offline. Check your connection.' });

/** Tells the player the connection is gone, so a stalled screen is not a mystery. */
export function OfflineBar({ state }: { state: ReadableAtom<NetworkState> }) {
  const t = useStore(msgs);
  const offline = !useStore(state).isConnected;
  // The bar is fixed at the top: pages move down under it instead of hiding their header (styles.css --offline-h).
  useEffect(() => {
    document.documentElement.classList.toggle('is-offline', offline);
    return () => document.documentElement.classList.remove('is-offline');
  }, [offline]);
  if (!offline) return null;
  return (
    <div className="offline-bar" role="alert">
      {t.offline}
    </div>
  );
}
