/**
 * The host webview bridge (SPEC §2 "closes the host webview", §4 network
 * events). The app runs inside an Android or iOS shell, or in a plain browser;
 * this is the one place that knows how to talk to each, so pages only see
 * `call`, `on` and `closeWebview`.
 *
 * Out: JSON `{ method, params, callbackId? }`, to `CGHostAndroid.postMessage(string)`,
 * `webkit.messageHandlers.cgHost.postMessage(object)` or `CGHost.postMessage(string)`.
 * In: the host calls `window.cgBridgeReceive(json | object)` with `{ event, data }`.
 */
import { RUNTIME_DEFAULT_TIMEOUT_MS } from '../api/contract';
import { systemClock, type Clock, type TimerId } from './clock';

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

export type BridgeEvent = 'back' | 'network' | 'resume' | 'pause';
export const BRIDGE_EVENTS: readonly BridgeEvent[] = ['back', 'network', 'resume', 'pause'];

export interface BridgeMessage {
  method: string;
  params?: unknown;
  callbackId?: string;
}

/** What the host sends back for an `invoke`: `{ event: 'callback', data: BridgeCallback }`. */
export interface BridgeCallback {
  callbackId: string;
  result?: unknown;
  /** Set when the host could not do it. */
  error?: string;
}

export interface Bridge {
  readonly hasHost: boolean;
  /** Fire and forget; ignored without a host. */
  call(method: string, params?: unknown): void;
  /** Call and wait for the host's callback; rejects without a host, on host error or on timeout. */
  invoke<T = unknown>(method: string, params?: unknown): Promise<T>;
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

export interface BridgeOptions {
  clock?: Clock;
  callbackTimeoutMs?: number;
}

export const NO_HOST = 'bridge: no host';

/** Listener registry shared by the real and the memory bridge. */
function createEmitter() {
  const listeners = new Map<BridgeEvent, Set<(data: unknown) => void>>();
  return {
    on(event: BridgeEvent, fn: (data: unknown) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
      };
    },
    emit(event: BridgeEvent, data?: unknown): void {
      for (const fn of [...(listeners.get(event) ?? [])]) {
        try {
          fn(data);
        } catch (e) {
          // One failing page listener must not stop the others hearing "back" or "pause".
          queueMicrotask(() => {
            throw e;
          });
        }
      }
    },
  };
}

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

function isCallback(v: unknown): v is BridgeCallback {
  return typeof v === 'object' && v !== null && typeof (v as { callbackId?: unknown }).callbackId === 'string';
}

export function createBridge(win: BridgeWindow = globalThis.window, opts: BridgeOptions = {}): Bridge {
  const clock = opts.clock ?? systemClock;
  const timeoutMs = opts.callbackTimeoutMs ?? RUNTIME_DEFAULT_TIMEOUT_MS;
  const emitter = createEmitter();
  const pending = new Map<string, { resolve(v: unknown): void; reject(e: Error): void; timer: TimerId }>();
  let seq = 0;

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
    if (m.event === 'callback') {
      if (!isCallback(m.data)) return;
      const p = pending.get(m.data.callbackId);
      if (!p) return;
      pending.delete(m.data.callbackId);
      clock.clearTimeout(p.timer);
      if (m.data.error) p.reject(new Error(m.data.error));
      else p.resolve(m.data.result);
      return;
    }
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
    invoke<T>(method: string, params?: unknown): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const callbackId = `cb${++seq}`;
        const timer = clock.setTimeout(() => {
          pending.delete(callbackId);
          reject(new Error(`bridge: ${method} timed out`));
        }, timeoutMs);
        pending.set(callbackId, { resolve: (v) => resolve(v as T), reject, timer });
        if (!post({ method, params, callbackId })) {
          pending.delete(callbackId);
          clock.clearTimeout(timer);
          reject(new Error(NO_HOST));
        }
      });
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
      for (const p of pending.values()) clock.clearTimeout(p.timer);
      pending.clear();
    },
  };
  return bridge;
}

export interface MemoryBridge extends Bridge {
  sent: Array<{ method: string; params?: unknown }>;
  /** Answers `invoke(method)`; without a handler invoke rejects. */
  handle(method: string, fn: (params: unknown) => unknown): void;
}

/** An in-memory host for tests and stories: records what the app sent, lets the test emit host events. */
export function createMemoryBridge(opts: { hasHost?: boolean } = {}): MemoryBridge {
  const emitter = createEmitter();
  const sent: Array<{ method: string; params?: unknown }> = [];
  const handlers = new Map<string, (params: unknown) => unknown>();
  const record = (method: string, params?: unknown): void => {
    sent.push(params === undefined ? { method } : { method, params });
  };
  return {
    hasHost: opts.hasHost ?? true,
    sent,
    call: record,
    async invoke<T>(method: string, params?: unknown): Promise<T> {
      record(method, params);
      const fn = handlers.get(method);
      if (!fn) throw new Error(NO_HOST);
      return (await fn(params)) as T;
    },
    handle(method, fn) {
      handlers.set(method, fn);
    },
    on: emitter.on,
    emit: emitter.emit,
    closeWebview: () => record(BRIDGE_METHOD.closeWebview),
    dispose: () => undefined,
  };
}
