/**
 * The host webview bridge (SPEC §2 "closes the host webview", §4 network
 * events). The app runs inside an Android or iOS shell, or in a plain browser;
 * this is the one place that knows how to talk to each, so pages only see
 * `call`, `on` and `closeWebview`. Nothing the app asks the host waits for an
 * answer: the host speaks back only through events.
 *
 * Out: JSON `{ method, params }`, to `CGHostAndroid.postMessage(string)`,
 * `webkit.messageHandlers.cgHost.postMessage(object)` or `CGHost.postMessage(string)`.
 * In: the host calls `window.cgBridgeReceive(json | object)` with `{ event, data }`.
 */
import { createEmitter } from './emitter.ts';

export const BRIDGE_METHOD = {
  closeWebview: 'closeWebview',
  getNetworkType: 'getNetworkType',
  setOrientation: 'setOrientation',
  vibrate: 'vibrate',
  openUrl: 'openUrl',
  setClipboard: 'setClipboard',
  login: 'login',
  pay: 'pay',
  share: 'share',
} as const;

/** `language`: the host app says which language it shows (a BCP 47 tag), so the page matches it. */
export type BridgeEvent = 'back' | 'network' | 'resume' | 'pause' | 'language';
export const BRIDGE_EVENTS: readonly BridgeEvent[] = ['back', 'network', 'resume', 'pause', 'language'];

interface BridgeMessage {
  method: string;
  params?: unknown;
}

export interface Bridge {
  readonly hasHost: boolean;
  /** Fire and forget; ignored without a host. */
  call(method: string, params?: unknown): void;
  on(event: BridgeEvent, fn: (data: unknown) => void): () => void;
  closeWebview(): void;
  /** Delivers an event to listeners as if the host had sent it (browser fallbacks, tests). */
  emit(event: BridgeEvent, data?: unknown): void;
  /** Uninstalls the receiver from the window. */
  dispose(): void;
}

export interface BridgeWindow {
  CGHostAndroid?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { cgHost?: { postMessage(message: unknown): void } } };
  CGHost?: { postMessage(message: string): void };
  cgBridgeReceive?: ((message: unknown) => void) | undefined;
  history: { length: number; back(): void };
  close(): void;
}

/**
 * What the real and the memory bridge emit. One failing page listener must not
 * stop the others hearing "back" or "pause": the emitter rethrows it on a microtask.
 */
type BridgeEvents = Record<BridgeEvent, unknown>;

function parseIncoming(message: unknown): { event: string; data: unknown } | null {
  let m = message;
  if (typeof m === 'string') {
    try {
      m = JSON.parse(m) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof m !== 'object' || m === null) return null;
  const { event, data } = m as { event?: unknown; data?: unknown };
  return typeof event === 'string' ? { event, data } : null;
}

export function createBridge(win: BridgeWindow = globalThis.window): Bridge {
  const emitter = createEmitter<BridgeEvents>();

  // Looked up on every send: some shells inject their handler after the page has started.
  const post = (msg: BridgeMessage): boolean => {
    if (win.CGHostAndroid) win.CGHostAndroid.postMessage(JSON.stringify(msg));
    else if (win.webkit?.messageHandlers?.cgHost) win.webkit.messageHandlers.cgHost.postMessage(msg);
    else if (win.CGHost) win.CGHost.postMessage(JSON.stringify(msg));
    else return false;
    return true;
  };

  const receive = (message: unknown): void => {
    const m = parseIncoming(message);
    if (!m) return;
    if ((BRIDGE_EVENTS as readonly string[]).includes(m.event)) emitter.emit(m.event as BridgeEvent, m.data);
  };

  // Chain to a receiver already installed (another bridge instance) instead of cutting it off.
  const previous = win.cgBridgeReceive;
  const installed = (message: unknown): void => {
    receive(message);
    previous?.(message);
  };
  win.cgBridgeReceive = installed;

  const bridge: Bridge = {
    get hasHost() {
      return Boolean(win.CGHostAndroid || win.webkit?.messageHandlers?.cgHost || win.CGHost);
    },
    call(method, params) {
      post(params === undefined ? { method } : { method, params });
    },
    on: emitter.on,
    emit: emitter.emit,
    closeWebview() {
      if (post({ method: BRIDGE_METHOD.closeWebview })) return;
      // In a browser "close" means leave this app: go back if there is somewhere to go, else close the tab.
      if (win.history.length > 1) win.history.back();
      else win.close();
    },
    dispose() {
      if (win.cgBridgeReceive === installed) win.cgBridgeReceive = previous;
    },
  };
  return bridge;
}

export interface MemoryBridge extends Bridge {
  sent: Array<{ method: string; params?: unknown }>;
}

/** An in-memory host for tests and stories: records what the app sent, lets the test emit host events. */
export function createMemoryBridge(opts: { hasHost?: boolean } = {}): MemoryBridge {
  const emitter = createEmitter<BridgeEvents>();
  const sent: Array<{ method: string; params?: unknown }> = [];
  const record = (method: string, params?: unknown): void => {
    sent.push(params === undefined ? { method } : { method, params });
  };
  return {
    hasHost: opts.hasHost ?? true,
    sent,
    call: record,
    on: emitter.on,
    emit: emitter.emit,
    closeWebview: () => record(BRIDGE_METHOD.closeWebview),
    dispose: () => undefined,
  };
}
