import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHOD, createBridge, createMemoryBridge, type BridgeWindow } from '../../../web/core/bridge';

function fakeWindow(extra: Partial<BridgeWindow> = {}, historyLength = 1) {
  const back = vi.fn();
  const close = vi.fn();
  const win: BridgeWindow = { history: { length: historyLength, back }, close, ...extra };
  return { win, back, close };
}

describe('host bridge (SPEC §2 host webview, §4 events)', () => {
  it('posts JSON strings to the Android host (SPEC §2)', () => {
    const posted: string[] = [];
    const { win } = fakeWindow({ CGHostAndroid: { postMessage: (m) => posted.push(m) } });
    const bridge = createBridge(win);
    expect(bridge.hasHost).toBe(true);
    bridge.call(BRIDGE_METHOD.vibrate, { ms: 20 });
    bridge.closeWebview();
    expect(posted.map((p) => JSON.parse(p) as unknown)).toEqual([
      { method: 'vibrate', params: { ms: 20 } },
      { method: 'closeWebview' },
    ]);
  });

  it('posts objects to the iOS host and strings to a generic host (SPEC §2)', () => {
    const ios: unknown[] = [];
    createBridge(fakeWindow({ webkit: { messageHandlers: { cgHost: { postMessage: (m) => ios.push(m) } } } }).win).call('a', 1);
    expect(ios).toEqual([{ method: 'a', params: 1 }]);
    const generic: string[] = [];
    createBridge(fakeWindow({ CGHost: { postMessage: (m) => generic.push(m) } }).win).call('b');
    expect(generic).toEqual(['{"method":"b"}']);
  });

  it('without a host, closeWebview goes back in history, or closes the window on the first page (SPEC §2)', () => {
    const deep = fakeWindow({}, 3);
    const bridge = createBridge(deep.win);
    expect(bridge.hasHost).toBe(false);
    bridge.call('ignored');
    bridge.closeWebview();
    expect(deep.back).toHaveBeenCalledOnce();
    expect(deep.close).not.toHaveBeenCalled();
    const first = fakeWindow({}, 1);
    createBridge(first.win).closeWebview();
    expect(first.close).toHaveBeenCalledOnce();
    expect(first.back).not.toHaveBeenCalled();
  });

  it('delivers host events back, network, resume and pause from JSON or objects (SPEC §2, §4)', () => {
    const { win } = fakeWindow();
    const bridge = createBridge(win);
    const got: Array<[string, unknown]> = [];
    for (const e of ['back', 'network', 'resume', 'pause'] as const) bridge.on(e, (d) => got.push([e, d]));
    win.cgBridgeReceive?.('{"event":"back"}');
    win.cgBridgeReceive?.({ event: 'network', data: { isConnected: false, networkType: 'none' } });
    win.cgBridgeReceive?.({ event: 'pause' });
    win.cgBridgeReceive?.({ event: 'resume', data: 1 });
    win.cgBridgeReceive?.('not json');
    win.cgBridgeReceive?.({ event: 'unknown' });
    win.cgBridgeReceive?.(null);
    expect(got).toEqual([
      ['back', undefined],
      ['network', { isConnected: false, networkType: 'none' }],
      ['pause', undefined],
      ['resume', 1],
    ]);
  });

  it('stops calling a listener after unsubscribe and uninstalls on dispose (SPEC §4)', () => {
    const { win } = fakeWindow();
    const bridge = createBridge(win);
    const fn = vi.fn();
    const off = bridge.on('back', fn);
    bridge.emit('back');
    off();
    bridge.emit('back');
    expect(fn).toHaveBeenCalledOnce();
    bridge.dispose();
    expect(win.cgBridgeReceive).toBeUndefined();
  });
});

describe('memory bridge (SPEC §2 host twin for tests)', () => {
  it('records calls and closeWebview, emits events (SPEC §2, §4)', () => {
    const bridge = createMemoryBridge();
    const backs = vi.fn();
    bridge.on('back', backs);
    bridge.call('vibrate', { ms: 1 });
    bridge.closeWebview();
    bridge.emit('back', { from: 'host' });
    expect(bridge.hasHost).toBe(true);
    expect(bridge.sent).toEqual([
      { method: 'vibrate', params: { ms: 1 } },
      { method: 'closeWebview' },
    ]);
    expect(backs).toHaveBeenCalledWith({ from: 'host' });
    expect(createMemoryBridge({ hasHost: false }).hasHost).toBe(false);
  });

  it('a page listener that throws does not stop the others hearing the event; the error surfaces on a microtask (SPEC §2)', () => {
    const queued: Array<() => void> = [];
    const spy = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((fn) => queued.push(fn));
    try {
      const bridge = createMemoryBridge();
      const heard: unknown[] = [];
      bridge.on('back', () => {
        throw new Error('page broke');
      });
      bridge.on('back', (d) => heard.push(d));
      expect(() => bridge.emit('back', 1)).not.toThrow();
      expect(heard).toEqual([1]);
      expect(() => queued[0]?.()).toThrow('page broke');
    } finally {
      spy.mockRestore();
    }
  });
});

