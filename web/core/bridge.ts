/**
 * The host webview bridge (SPEC §2 "closes the host webview", §4 network events; the protocol is
 * web/api/contract/bridge.ts and docs/host-bridge.md). The app runs inside an Android or iOS shell, or in a plain
 * browser; this is the one place that knows how to talk to each. Pages ask `can(method)` and fall back to the web
 * platform when the host did not announce it; `call` sends only what was announced.
 */
import {
  BRIDGE_METHODS,
  BRIDGE_PROTOCOL_VERSION,
  type BridgeCall,
  type BridgeEvent,
  type BridgeEventData,
  type BridgeMethod,
  type BridgeMethodParams,
  type HostInfo,
} from '../api/contract/bridge.ts';
import { checkHostInfo } from './bridge-announce.ts';
import type { CheckedMessage } from './bridge-check.ts';
import { createEmitter, type PayloadArg, type Unsubscribe } from './emitter.ts';

export type { BridgeEvent, BridgeEventData, BridgeMethod, HostInfo } from '../api/contract/bridge.ts';

/** The params argument of `call`: none for methods that carry none. */
export type ParamsArg<M extends BridgeMethod> = BridgeMethodParams[M] extends undefined ? [] : [params: BridgeMethodParams[M]];

export interface Bridge {
  /** A host transport is present (announced or not). */
  readonly hasHost: boolean;
  /** The host's checked announcement, or null. */
  readonly host: HostInfo | null;
  /** The host announced `method` (closeWebview: any host). */
  can(method: BridgeMethod): boolean;
  /** Sends `method` when the host announced it; false when it was not sent (then the caller falls back). */
  call<M extends BridgeMethod>(method: M, ...params: ParamsArg<M>): boolean;
  on<E extends BridgeEvent>(event: E, fn: (data: BridgeEventData[E]) => void): Unsubscribe;
  closeWebview(): void;
  /** Delivers an event to listeners as if the host had sent it (browser fallbacks, tests). */
  emit<E extends BridgeEvent>(event: E, ...data: PayloadArg<BridgeEventData[E]>): void;
  /** Uninstalls the receiver from the window. */
  dispose(): void;
}

export interface BridgeWindow {
  CGHostAndroid?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { cgHost?: { postMessage(message: unknown): void } } };
  CGHost?: { postMessage(message: string): void };
  cgHostInfo?: unknown;
  cgBridgeReceive?: ((message: unknown) => void) | undefined;
  history: { length: number; back(): void };
  close(): void;
}

type Warn = (message: string) => void;
const consoleWarn: Warn = (message) => console.warn(message);

/** bridge-check.ts's `checkMessage`: a checked message, or why it was dropped. */
export type MessageCheck = (message: unknown) => CheckedMessage | string;

export interface BridgeOptions {
  /** Where a dropped message or a refused call is reported (default console.warn). */
  warn?: Warn;
  /**
   * The message check, or its module loading: until it has loaded, what the host sends waits in order (the app
   * passes a dynamic import, so the first load does not carry the events' checks; tests pass the function).
   */
  check: MessageCheck | Promise<MessageCheck>;
}

/** The announcement as last read: checked again only when the window's object changes. */
function announcement(win: BridgeWindow, warn: Warn): () => HostInfo | null {
  let seen: unknown;
  let info: HostInfo | null = null;
  return () => {
    const raw = win.cgHostInfo;
    if (raw === seen) return info;
    seen = raw;
    info = raw === undefined ? null : checkHostInfo(raw);
    if (raw !== undefined && info === null) warn('host bridge: window.cgHostInfo is malformed; the app acts as if no host announced anything');
    return info;
  };
}

export function createBridge(win: BridgeWindow, o: BridgeOptions): Bridge {
  const warn = o.warn ?? consoleWarn;
  const emitter = createEmitter<BridgeEventData>();
  const host = announcement(win, warn);
  let check: MessageCheck | null = typeof o.check === 'function' ? o.check : null;
  let waiting: unknown[] = [];

  // Looked up on every send: some shells inject their handler after the page has started.
  const post = (msg: BridgeCall): boolean => {
    try {
      if (win.CGHostAndroid) win.CGHostAndroid.postMessage(JSON.stringify(msg));
      else if (win.webkit?.messageHandlers?.cgHost) win.webkit.messageHandlers.cgHost.postMessage(msg);
      else if (win.CGHost) win.CGHost.postMessage(JSON.stringify(msg));
      else return false;
      return true;
    } catch (e) {
      // A host handler that throws is the host's fault; the page goes on with its fallback.
      warn(`host bridge: the host refused ${JSON.stringify(msg).slice(0, 80)}: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  };

  const deliver = (message: unknown, checkWith: MessageCheck): void => {
    const m = checkWith(message);
    if (typeof m === 'string') {
      warn(`host bridge: dropped a message from the host: ${m}`);
      return;
    }
    (emitter.emit as (e: BridgeEvent, d: unknown) => void)(m.event, m.data);
  };
  const receive = (message: unknown): void => {
    if (check) deliver(message, check);
    // A flood before the check has loaded is bounded like one after it: the oldest are dropped.
    else if (waiting.push(message) > 1000) waiting.shift();
  };
  if (!check) {
    void (o.check as Promise<MessageCheck>).then(
      (loaded) => {
        check = loaded;
        const held = waiting;
        waiting = [];
        for (const m of held) {
          try {
            deliver(m, loaded);
          } catch (e) {
            warn(`host bridge: ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      },
      () => {
        // Without its check the bridge hears nothing: safer than passing unchecked data to the pages.
        warn('host bridge: the message check failed to load; messages from the host are ignored');
        check = () => 'the message check failed to load';
        waiting = [];
      },
    );
  }

  // Chain to a receiver already installed (another bridge instance) instead of cutting it off. Never throws into
  // the host's evaluateJavascript: a failing page listener surfaces on a microtask (web/core/emitter.ts).
  const previous = win.cgBridgeReceive;
  const installed = (message: unknown): void => {
    try {
      receive(message);
    } catch (e) {
      warn(`host bridge: ${e instanceof Error ? e.message : String(e)}`);
    }
    previous?.(message);
  };
  win.cgBridgeReceive = installed;

  const hasHost = (): boolean => Boolean(win.CGHostAndroid || win.webkit?.messageHandlers?.cgHost || win.CGHost);
  const can = (method: BridgeMethod): boolean =>
    hasHost() && (method === 'closeWebview' || (host()?.capabilities.includes(method) ?? false));

  return {
    get hasHost() {
      return hasHost();
    },
    get host() {
      return host();
    },
    can,
    call(method, ...params) {
      if (!can(method)) return false;
      return post((params.length === 0 ? { v: BRIDGE_PROTOCOL_VERSION, method } : { v: BRIDGE_PROTOCOL_VERSION, method, params: params[0] }) as BridgeCall);
    },
    on: emitter.on,
    emit: emitter.emit,
    closeWebview() {
      if (post({ v: BRIDGE_PROTOCOL_VERSION, method: 'closeWebview' })) return;
      // In a browser "close" means leave this app: go back if there is somewhere to go, else close the tab.
      if (win.history.length > 1) win.history.back();
      else win.close();
    },
    dispose() {
      if (win.cgBridgeReceive === installed) win.cgBridgeReceive = previous;
    },
  };
}

export interface MemoryBridge extends Bridge {
  sent: Array<{ method: BridgeMethod; params?: unknown }>;
}

/**
 * An in-memory host for unit tests: records what the app sent and lets the test emit host events. `capabilities`
 * default to every method (a host that announced them all); `hasHost: false` is a plain browser.
 */
export function createMemoryBridge(opts: { hasHost?: boolean; capabilities?: readonly BridgeMethod[]; host?: HostInfo } = {}): MemoryBridge {
  const emitter = createEmitter<BridgeEventData>();
  const sent: Array<{ method: BridgeMethod; params?: unknown }> = [];
  const present = opts.hasHost ?? true;
  const host: HostInfo | null = present
    ? (opts.host ?? { version: BRIDGE_PROTOCOL_VERSION, platform: 'android', capabilities: [...(opts.capabilities ?? BRIDGE_METHODS)] })
    : null;
  const can = (method: BridgeMethod): boolean => present && (method === 'closeWebview' || (host?.capabilities.includes(method) ?? false));
  return {
    hasHost: present,
    host,
    sent,
    can,
    call(method, ...params) {
      if (!can(method)) return false;
      sent.push(params.length === 0 ? { method } : { method, params: params[0] });
      return true;
    },
    on: emitter.on,
    emit: emitter.emit,
    closeWebview: () => void sent.push({ method: 'closeWebview' }),
    dispose: () => undefined,
  };
}
