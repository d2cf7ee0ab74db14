/**
 * The host app's network status (SPEC §4 Network status change event, docs/host-bridge.md getNetworkType and
 * network): asked at start and on resume when announced, fed into the network status the offline bar reads, and
 * never overwritten by the browser's own events once the host has spoken.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryBridge } from '../../../web/core/bridge.ts';
import { createNetworkStatus } from '../../../web/core/network.ts';
import { wireHostNetwork } from '../../../web/app/host-network.ts';

function browser(onLine = true) {
  const win = new EventTarget();
  const nav = { onLine, connection: undefined };
  return { win, nav, network: createNetworkStatus({ window: win, navigator: nav }) };
}

describe('host network (docs/host-bridge.md getNetworkType, network)', () => {
  it('asks the host for the network at start when it announced getNetworkType', () => {
    const bridge = createMemoryBridge({ capabilities: ['getNetworkType'] });
    wireHostNetwork(bridge, browser().network);
    expect(bridge.sent).toEqual([{ method: 'getNetworkType' }]);
  });

  it('asks nothing of a host that did not announce it, or of no host', () => {
    for (const bridge of [createMemoryBridge({ capabilities: ['share'] }), createMemoryBridge({ hasHost: false })]) {
      wireHostNetwork(bridge, browser().network);
      expect(bridge.sent).toEqual([]);
    }
  });

  it("feeds the host's answer and later changes into the network status (the offline bar's)", () => {
    const bridge = createMemoryBridge({ capabilities: ['getNetworkType'] });
    const { network } = browser();
    wireHostNetwork(bridge, network);
    bridge.emit('network', { isConnected: true, networkType: '4g' });
    expect(network.state.get()).toEqual({ isConnected: true, networkType: '4g' });
    bridge.emit('network', { isConnected: false, networkType: 'none' });
    expect(network.state.get()).toEqual({ isConnected: false, networkType: 'none' });
  });

  it('takes the events of a host that never announced getNetworkType too', () => {
    const bridge = createMemoryBridge({ capabilities: [] });
    const { network } = browser();
    wireHostNetwork(bridge, network);
    bridge.emit('network', { isConnected: false, networkType: 'none' });
    expect(network.state.get().isConnected).toBe(false);
  });

  it("asks again when the host app comes back from the background (a frozen page missed the host's changes)", () => {
    const bridge = createMemoryBridge({ capabilities: ['getNetworkType'] });
    wireHostNetwork(bridge, browser().network);
    bridge.emit('resume');
    expect(bridge.sent.map((c) => c.method)).toEqual(['getNetworkType', 'getNetworkType']);
  });

  it("once the host has spoken the browser's online and offline events no longer change the status", () => {
    const bridge = createMemoryBridge({ capabilities: ['getNetworkType'] });
    const { win, nav, network } = browser(true);
    wireHostNetwork(bridge, network);
    // Before the host answers, the browser's word is all there is.
    nav.onLine = false;
    win.dispatchEvent(new Event('offline'));
    expect(network.state.get().isConnected).toBe(false);
    bridge.emit('network', { isConnected: true, networkType: 'wifi' });
    expect(network.state.get()).toEqual({ isConnected: true, networkType: 'wifi' });
    win.dispatchEvent(new Event('offline'));
    expect(network.state.get()).toEqual({ isConnected: true, networkType: 'wifi' });
    bridge.emit('network', { isConnected: false, networkType: 'none' });
    nav.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(network.state.get()).toEqual({ isConnected: false, networkType: 'none' });
  });

  it('stops listening when unwired', () => {
    const bridge = createMemoryBridge({ capabilities: ['getNetworkType'] });
    const { network } = browser();
    const off = wireHostNetwork(bridge, network);
    off();
    bridge.emit('network', { isConnected: false, networkType: 'none' });
    bridge.emit('resume');
    expect(network.state.get().isConnected).toBe(true);
    expect(bridge.sent).toHaveLength(1);
  });
});
