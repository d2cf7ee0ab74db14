/**
 * wouter and @preact/signals-react import `use-sync-external-store/shim`, a React 16/17 fallback that React 19
 * never runs but that still ships in home's first load. The app's React has the hook built in, so the shim's
 * imports resolve to React's own (build/sync-store-shim.js).
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';

export function syncStoreShim(buildDir: string): Plugin {
  return {
    name: 'sync-store-shim',
    setup(b) {
      b.onResolve({ filter: /^use-sync-external-store\/shim(\/index(\.js)?)?$/ }, () => ({ path: path.join(buildDir, 'sync-store-shim.js') }));
    },
  };
}
