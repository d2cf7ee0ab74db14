import { describe, expect, it, vi } from 'vitest';
import { createNetworkStatus, networkTypeOf, type NetworkState } from '../../../web/core/network';

function fakeEnv(onLine: boolean, connection?: { type?: string; effectiveType?: string }) {
  const win = new EventTarget();
  const conn = Object.assign(new EventTarget(), connection ?? {});
  const nav = { onLine, connection: connection ? conn : undefined };
  return { win, conn, nav, env: { window: win, navigator: nav } };
}

describe('network status (SPEC §4 Network status change event)', () => {
  it('starts from navigator.onLine and the connection type (SPEC §4)', () => {
    expect(createNetworkStatus(fakeEnv(true, { type: 'wifi' }).env).state.get()).toEqual({ isConnected: true, networkType: 'wifi' });
    expect(createNetworkStatus(fakeEnv(false).env).state.get()).toEqual({ isConnected: false, networkType: 'none' });
    expect(createNetworkStatus(fakeEnv(true).env).state.get()).toEqual({ isConnected: true, networkType: 'unknown' });
  });

  it('maps connection types to the platform vocabulary (SPEC §4 networkType)', () => {
    expect(networkTypeOf(true, { type: 'ethernet' })).toBe('ethernet');
    expect(networkTypeOf(true, { type: 'cellular', effectiveType: '4g' })).toBe('4g');
    expect(networkTypeOf(true, { effectiveType: 'slow-2g' })).toBe('2g');
    expect(networkTypeOf(true, { type: 'bluetooth', effectiveType: '4g' })).toBe('unknown');
    expect(networkTypeOf(false, { type: 'wifi' })).toBe('none');
  });

  it('reports browser offline and online events with isConnected and networkType (SPEC §4)', () => {
    const f = fakeEnv(true, { type: 'wifi' });
    const net = createNetworkStatus(f.env);
    const seen: NetworkState[] = [];
    net.onChange((s) => seen.push(s));
    f.nav.onLine = false;
    f.win.dispatchEvent(new Event('offline'));
    f.nav.onLine = true;
    f.win.dispatchEvent(new Event('online'));
    expect(seen).toEqual([
      { isConnected: false, networkType: 'none' },
      { isConnected: true, networkType: 'wifi' },
    ]);
    expect(net.state.get()).toEqual({ isConnected: true, networkType: 'wifi' });
  });

  it('follows connection type changes (SPEC §4)', () => {
    const f = fakeEnv(true, { type: 'wifi' });
    const net = createNetworkStatus(f.env);
    Object.assign(f.conn, { type: 'cellular', effectiveType: '3g' });
    f.conn.dispatchEvent(new Event('change'));
    expect(net.state.get().networkType).toBe('3g');
  });

  it('takes a status pushed by the host bridge through set, notifying only on change (SPEC §4)', () => {
    const net = createNetworkStatus(fakeEnv(true).env);
    const seen: NetworkState[] = [];
    const off = net.onChange((s) => seen.push(s));
    net.set({ isConnected: true, networkType: '5g' });
    net.set({ isConnected: true, networkType: '5g' });
    off();
    net.set({ isConnected: false, networkType: 'none' });
    expect(seen).toEqual([{ isConnected: true, networkType: '5g' }]);
    expect(net.state.get().isConnected).toBe(false);
  });

  it("after a status set by the host the browser's events no longer count (docs/host-bridge.md network)", () => {
    const f = fakeEnv(true, { type: 'wifi' });
    const net = createNetworkStatus(f.env);
    f.nav.onLine = false;
    f.win.dispatchEvent(new Event('offline'));
    expect(net.state.get().isConnected).toBe(false);
    net.set({ isConnected: true, networkType: '4g' });
    f.win.dispatchEvent(new Event('offline'));
    Object.assign(f.conn, { type: 'none' });
    f.conn.dispatchEvent(new Event('change'));
    expect(net.state.get()).toEqual({ isConnected: true, networkType: '4g' });
  });

  it('stops listening after dispose (SPEC §4)', () => {
    const f = fakeEnv(true);
    const net = createNetworkStatus(f.env);
    net.dispose();
    f.nav.onLine = false;
    f.win.dispatchEvent(new Event('offline'));
    expect(net.state.get().isConnected).toBe(true);
  });

  it('a listener that throws does not stop the others; the error surfaces on a microtask', () => {
    const queued: Array<() => void> = [];
    const spy = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((fn) => queued.push(fn));
    try {
      const net = createNetworkStatus(fakeEnv(true).env);
      const seen: string[] = [];
      net.onChange(() => {
        throw new Error('bar broke');
      });
      net.onChange((s) => seen.push(s.networkType));
      expect(() => net.set({ isConnected: true, networkType: '4g' })).not.toThrow();
      expect(seen).toEqual(['4g']);
      expect(queued).toHaveLength(1);
      expect(() => queued[0]?.()).toThrow('bar broke');
    } finally {
      spy.mockRestore();
    }
  });
});
