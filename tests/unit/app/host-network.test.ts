import { describe, expect, it } from 'vitest';
import { parseHostNetwork } from '../../../web/app/host-network.ts';

describe('host network events (SPEC §4 Network status change event)', () => {
  it('reads isConnected and networkType', () => {
    expect(parseHostNetwork({ isConnected: true, networkType: 'wifi' })).toEqual({ isConnected: true, networkType: 'wifi' });
    expect(parseHostNetwork({ isConnected: false })).toEqual({ isConnected: false, networkType: 'none' });
  });
  it('ignores malformed events', () => {
    expect(parseHostNetwork(null)).toBeNull();
    expect(parseHostNetwork('offline')).toBeNull();
    expect(parseHostNetwork({ isConnected: 'no' })).toBeNull();
  });
});
