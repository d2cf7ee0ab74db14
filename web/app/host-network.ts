import type { NetworkState } from '../core/network.ts';

/** The host's network event `{isConnected, networkType}`; anything malformed is ignored. */
export function parseHostNetwork(data: unknown): NetworkState | null {
  if (!data || typeof data !== 'object') return null;
  const { isConnected, networkType } = data as Record<string, unknown>;
  if (typeof isConnected !== 'boolean') return null;
  return { isConnected, networkType: typeof networkType === 'string' ? networkType : isConnected ? 'unknown' : 'none' };
}
