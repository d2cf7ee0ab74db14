/**
 * The host bridge (SPEC §2 host webview, §4 events; docs/host-bridge.md): the announcement decides what the app
 * asks, every message from the host is checked, and nothing a host sends can throw into it or break a listener.
 */
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_PROTOCOL_VERSION, type HostInfo } from '../../../web/api/contract/bridge';
import { createBridge, createMemoryBridge, type BridgeWindow } from '../../../web/core/bridge';
import { checkHostInfo } from '../../../web/core/bridge-announce';
import { checkMessage } from '../../../web/core/bridge-check';

function fakeWindow(extra: Partial<BridgeWindow> = {}, historyLength = 1) {
  const back = vi.fn();
  const close = vi.fn();
  const win: BridgeWindow = { history: { length: historyLength, back }, close, ...extra };
  return { win, back, close };
}

const announced = (capabilities: string[], more: Partial<HostInfo> = {}): HostInfo => ({ version: 1, platform: 'android', capabilities, ...more });

function androidHost(info: unknown) {
  const posted: string[] = [];
  const warnings: string[] = [];
  const { win } = fakeWindow({ CGHostAndroid: { postMessage: (m) => posted.push(m) }, cgHostInfo: info });
  const bridge = createBridge(win, { check: checkMessage, warn: (m) => warnings.push(m) });
  return { win, bridge, posted, sent: () => posted.map((p) => JSON.parse(p) as unknown), warnings };
}

describe('host bridge: what the app asks (SPEC §2, docs/host-bridge.md)', () => {
  it('asks an announcing Android host only for what it announced, with the protocol version', () => {
    const h = androidHost(announced(['vibrate', 'share', 'someNewerMethod']));
    expect(h.bridge.can('vibrate')).toBe(true);
    expect(h.bridge.can('pay')).toBe(false);
    expect(h.bridge.call('vibrate', { ms: 20 })).toBe(true);
    expect(h.bridge.call('pay', { order_id: 'o1', product_id: 1, amount: '6.00', title: 'x' })).toBe(false);
    h.bridge.closeWebview();
    expect(h.sent()).toEqual([
      { v: BRIDGE_PROTOCOL_VERSION, method: 'vibrate', params: { ms: 20 } },
      { v: BRIDGE_PROTOCOL_VERSION, method: 'closeWebview' },
    ]);
    expect(h.bridge.host?.platform).toBe('android');
  });

  it('a host that announces nothing gets closeWebview only: everything else falls back to the browser', () => {
    const h = androidHost(undefined);
    expect(h.bridge.hasHost).toBe(true);
    expect(h.bridge.host).toBeNull();
    expect(h.bridge.call('vibrate', { ms: 20 })).toBe(false);
    expect(h.bridge.can('closeWebview')).toBe(true);
    h.bridge.closeWebview();
    expect(h.sent()).toEqual([{ v: 1, method: 'closeWebview' }]);
    expect(h.warnings).toEqual([]);
  });

  it('a malformed announcement is one warning, and the app acts as if none was made', () => {
    for (const bad of [42, 'android', { version: 0, platform: 'android', capabilities: [] }, { version: 1, platform: 'ios', capabilities: 'pay' }, { version: 1, platform: 'ios', capabilities: [], safeArea: { top: -1 } }]) {
      const h = androidHost(bad);
      expect(h.bridge.host).toBeNull();
      expect(h.bridge.call('pay', { order_id: 'o', product_id: 1, amount: '1.00', title: 't' })).toBe(false);
      expect(h.bridge.can('share')).toBe(false);
      expect(h.warnings).toHaveLength(1);
    }
  });

  it('a newer protocol version is tolerated: known methods work, unknown capability names are ignored', () => {
    const info = checkHostInfo({ version: 7, platform: 'harmony', capabilities: ['share', 'teleport', 3], safeArea: { top: 24, right: 0, bottom: 16, left: 0 }, extra: true });
    expect(info).toEqual({ version: 7, platform: 'harmony', capabilities: ['share', 'teleport'], safeArea: { top: 24, right: 0, bottom: 16, left: 0 } });
    const h = androidHost(info);
    expect(h.bridge.call('share', { title: 't', text: 'x' })).toBe(true);
  });

  it('posts objects to the iOS host and strings to a generic host', () => {
    const ios: unknown[] = [];
    const info = announced(['openUrl']);
    createBridge(fakeWindow({ cgHostInfo: info, webkit: { messageHandlers: { cgHost: { postMessage: (m) => ios.push(m) } } } }).win, { check: checkMessage }).call('openUrl', { url: 'https://x.test/' });
    expect(ios).toEqual([{ v: 1, method: 'openUrl', params: { url: 'https://x.test/' } }]);
    const generic: string[] = [];
    createBridge(fakeWindow({ cgHostInfo: info, CGHost: { postMessage: (m) => generic.push(m) } }).win, { check: checkMessage }).call('openUrl', { url: 'u' });
    expect(generic).toEqual(['{"v":1,"method":"openUrl","params":{"url":"u"}}']);
  });

  it('without a host nothing is sent; closeWebview goes back in history, or closes the window on the first page (SPEC §2)', () => {
    const deep = fakeWindow({ cgHostInfo: announced(['vibrate']) }, 3);
    const bridge = createBridge(deep.win, { check: checkMessage });
    expect(bridge.hasHost).toBe(false);
    expect(bridge.call('vibrate', { ms: 1 })).toBe(false);
    bridge.closeWebview();
    expect(deep.back).toHaveBeenCalledOnce();
    expect(deep.close).not.toHaveBeenCalled();
    const first = fakeWindow({}, 1);
    createBridge(first.win, { check: checkMessage }).closeWebview();
    expect(first.close).toHaveBeenCalledOnce();
  });

  it('a host handler that throws is a warning and a false, and the page goes on', () => {
    const warnings: string[] = [];
    const { win } = fakeWindow({ cgHostInfo: announced(['vibrate']), CGHostAndroid: { postMessage: () => { throw new Error('native gone'); } } });
    const bridge = createBridge(win, { check: checkMessage, warn: (m) => warnings.push(m) });
    expect(bridge.call('vibrate', { ms: 5 })).toBe(false);
    expect(warnings[0]).toMatch(/native gone/);
  });
});

describe('host bridge: what the host tells (SPEC §4 network, hang-up; docs/host-bridge.md)', () => {
  it('delivers checked events from JSON or objects; data an event does not carry is ignored', () => {
    const h = androidHost(undefined);
    const got: Array<[string, unknown]> = [];
    for (const e of ['back', 'network', 'resume', 'pause', 'language', 'payResult', 'safeArea'] as const) h.bridge.on(e, (d) => got.push([e, d]));
    h.win.cgBridgeReceive?.('{"event":"back"}');
    h.win.cgBridgeReceive?.({ event: 'network', data: { isConnected: false, networkType: 'none' } });
    h.win.cgBridgeReceive?.({ event: 'network', data: { isConnected: true, networkType: '6g' } });
    h.win.cgBridgeReceive?.({ event: 'pause' });
    h.win.cgBridgeReceive?.({ event: 'resume', data: 1 });
    h.win.cgBridgeReceive?.({ event: 'language', data: 'zh-HK' });
    h.win.cgBridgeReceive?.({ event: 'payResult', data: { order_id: 'o1', status: 'cancel' } });
    h.win.cgBridgeReceive?.({ event: 'safeArea', data: { top: 0, right: 44, bottom: 21, left: 44 } });
    expect(got).toEqual([
      ['back', undefined],
      ['network', { isConnected: false, networkType: 'none' }],
      ['network', { isConnected: true, networkType: 'unknown' }],
      ['pause', undefined],
      ['resume', undefined],
      ['language', 'zh-HK'],
      ['payResult', { order_id: 'o1', status: 'cancel' }],
      ['safeArea', { top: 0, right: 44, bottom: 21, left: 44 }],
    ]);
    expect(h.warnings).toEqual([]);
  });

  it('drops a malformed message with one warning each, and hears the next good one', () => {
    const h = androidHost(undefined);
    const heard = vi.fn();
    h.bridge.on('network', heard);
    const bad: unknown[] = ['not json', null, 7, [], { event: 'unknown' }, { event: 3 }, { event: 'network', data: { isConnected: 'yes' } }, { event: 'payResult', data: { order_id: 'o', status: 'maybe' } }, { event: 'language', data: 42 }];
    for (const m of bad) expect(() => h.win.cgBridgeReceive?.(m)).not.toThrow();
    expect(h.warnings).toHaveLength(bad.length);
    expect(heard).not.toHaveBeenCalled();
    h.win.cgBridgeReceive?.({ event: 'network', data: { isConnected: true, networkType: 'wifi' } });
    expect(heard).toHaveBeenCalledWith({ isConnected: true, networkType: 'wifi' });
  });

  it('1,000 random messages never throw into the host, and only well-formed events reach listeners', () => {
    // A seeded generator: the same messages on every run.
    let seed = 12345;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const values = (): unknown => pick([null, undefined, 0, -1, 1e308, NaN, '', 'x'.repeat(70_000), true, [], {}, [1, 2], { isConnected: true }, { isConnected: false, networkType: 'wifi' }, { order_id: 'o', status: 'success' }, { top: 1, right: 2, bottom: 3, left: 4 }, 'zh-CN']);
    const message = (): unknown => {
      const m = { event: pick(['back', 'network', 'pause', 'resume', 'language', 'payResult', 'safeArea', 'nope', '__proto__', 'constructor', 5]), data: values() };
      return pick([m, JSON.stringify(m), values(), `{"event":${String(rnd())}`]);
    };
    const h = androidHost(undefined);
    const got: Array<[string, unknown]> = [];
    for (const e of ['back', 'network', 'resume', 'pause', 'language', 'payResult', 'safeArea'] as const) h.bridge.on(e, (d) => got.push([e, d]));
    for (let i = 0; i < 1000; i++) expect(() => h.win.cgBridgeReceive?.(message())).not.toThrow();
    expect(got.length).toBeGreaterThan(50);
    for (const [event, data] of got) {
      if (event === 'network') expect(typeof (data as { isConnected: unknown }).isConnected).toBe('boolean');
      else if (event === 'language') expect(typeof data).toBe('string');
      else if (event === 'payResult') expect((data as { status: string }).status).toBe('success');
      else if (event === 'safeArea') expect(data).toEqual({ top: 1, right: 2, bottom: 3, left: 4 });
      else expect(data).toBeUndefined();
    }
    expect(h.warnings.length + got.length).toBe(1000);
  });

  it('stops calling a listener after unsubscribe and uninstalls on dispose', () => {
    const { win } = fakeWindow();
    const bridge = createBridge(win, { check: checkMessage });
    const fn = vi.fn();
    const off = bridge.on('back', fn);
    bridge.emit('back');
    off();
    bridge.emit('back');
    expect(fn).toHaveBeenCalledOnce();
    bridge.dispose();
    expect(win.cgBridgeReceive).toBeUndefined();
  });

  it('a page listener that throws does not stop the others hearing the event, nor throw into the host', () => {
    const queued: Array<() => void> = [];
    const spy = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((fn) => queued.push(fn));
    try {
      const h = androidHost(undefined);
      const heard: unknown[] = [];
      h.bridge.on('back', () => {
        throw new Error('page broke');
      });
      h.bridge.on('back', () => heard.push('second'));
      expect(() => h.win.cgBridgeReceive?.({ event: 'back' })).not.toThrow();
      expect(heard).toEqual(['second']);
      expect(() => queued[0]?.()).toThrow('page broke');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('host bridge: the message check loads after the first view', () => {
  it('messages that arrive before the check has loaded wait, in order, and are then checked and delivered', async () => {
    let loaded: (c: typeof checkMessage) => void = () => undefined;
    const { win } = fakeWindow();
    const warnings: string[] = [];
    const bridge = createBridge(win, { check: new Promise((resolve) => (loaded = resolve)), warn: (m) => warnings.push(m) });
    const got: string[] = [];
    bridge.on('pause', () => got.push('pause'));
    bridge.on('resume', () => got.push('resume'));
    win.cgBridgeReceive?.({ event: 'pause' });
    win.cgBridgeReceive?.('garbage');
    win.cgBridgeReceive?.({ event: 'resume' });
    expect(got).toEqual([]);
    loaded(checkMessage);
    await Promise.resolve();
    await Promise.resolve();
    expect(got).toEqual(['pause', 'resume']);
    expect(warnings).toHaveLength(1);
  });

  it('a check that fails to load leaves the bridge deaf, with a warning, rather than passing unchecked data', async () => {
    const { win } = fakeWindow();
    const warnings: string[] = [];
    const bridge = createBridge(win, { check: Promise.reject(new Error('chunk')), warn: (m) => warnings.push(m) });
    const heard = vi.fn();
    bridge.on('back', heard);
    win.cgBridgeReceive?.({ event: 'back' });
    await vi.waitFor(() => expect(warnings[0]).toMatch(/failed to load/));
    win.cgBridgeReceive?.({ event: 'back' });
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('memory bridge (the host twin for tests)', () => {
  it('records what was announced and sent, refuses the rest, emits events', () => {
    const bridge = createMemoryBridge({ capabilities: ['vibrate'] });
    const backs = vi.fn();
    bridge.on('back', backs);
    expect(bridge.call('vibrate', { ms: 1 })).toBe(true);
    expect(bridge.call('share', { title: 't', text: 'x' })).toBe(false);
    bridge.closeWebview();
    bridge.emit('back');
    expect(bridge.sent).toEqual([{ method: 'vibrate', params: { ms: 1 } }, { method: 'closeWebview' }]);
    expect(backs).toHaveBeenCalledOnce();
    const browser = createMemoryBridge({ hasHost: false });
    expect(browser.hasHost).toBe(false);
    expect(browser.call('vibrate', { ms: 1 })).toBe(false);
  });
});
