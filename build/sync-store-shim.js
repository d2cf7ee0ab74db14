// React 18+ has useSyncExternalStore; see sync-store-shim.ts.
export { useSyncExternalStore } from 'react';
