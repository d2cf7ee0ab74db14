/**
 * A simulated host app in a Playwright page (docs/host-bridge.md, QA guide §6): what an Android or iOS shell does
 * for the player app, done from the test. Before any of the page's scripts run it announces `window.cgHostInfo`
 * and installs the platform's transport; every call the app makes is recorded here, in the test's process, so the
 * list survives reloads; `send` speaks back through `window.cgBridgeReceive`.
 *
 *   const host = await installSimulatedHost(page, { platform: 'android', capabilities: ['vibrate', 'share'] });
 *   await page.goto(url);
 *   await host.waitForCall('vibrate');
 *   await host.send('pause');
 *
 * Only Playwright's `Page` is needed, and only the two methods named in {@link HostPage}: no Node modules.
 */
import { BRIDGE_METHODS, BRIDGE_PROTOCOL_VERSION, type BridgeEvent, type BridgeMessage, type BridgeEventData, type BridgeMethod, type SafeArea } from '../../web/api/contract/bridge.ts';
import { DEFAULT_WAIT_MS } from './wait.ts';

/** The part of Playwright's Page the simulated host uses. */
export interface HostPage {
  exposeFunction(name: string, fn: (message: unknown) => void): Promise<unknown>;
  addInitScript(script: { content: string }): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
}

export interface SimulatedHostOptions {
  /** Which shell's transport the page gets (default "android"); "none" is a host with no transport at all. */
  platform?: 'android' | 'ios' | 'none';
  /** The announced methods (default all of them); `null` announces nothing (a host of before the announcement). */
  capabilities?: readonly BridgeMethod[] | null;
  /** The announced protocol version (default the app's). */
  version?: number;
  safeArea?: SafeArea;
}

export interface HostCall {
  method: string;
  params?: unknown;
  /** The protocol version the app sent. */
  v?: unknown;
  /** Real time the call arrived (ms since the epoch). */
  at: number;
}

export interface SimulatedHost {
  /** Every call the app made, in order. */
  calls(method?: string): HostCall[];
  /** Resolves with the first call of `method` (after `since` calls) that `match` accepts; fails after `timeoutMs`. */
  waitForCall(method: string, o?: { since?: number; timeoutMs?: number; match?: (call: HostCall) => boolean }): Promise<HostCall>;
  /** A host event, as the host sends it. */
  send<E extends BridgeEvent>(event: E, ...data: BridgeEventData[E] extends undefined ? [] : [data: BridgeEventData[E]]): Promise<void>;
  /** Anything at all, as a broken or hostile host would send it. */
  sendRaw(message: unknown): Promise<void>;
}

const POST = '__cgSimulatedHostPost';

interface InitArg {
  post: string;
  platform: 'android' | 'ios' | 'none';
  info: unknown;
}

/** Runs in the page before its scripts, on every document (reloads included). */
function initHost(arg: InitArg): void {
  const w = window as unknown as Record<string, unknown> & { [k: string]: unknown };
  const post = w[arg.post] as (m: unknown) => void;
  if (arg.info !== null) w['cgHostInfo'] = arg.info;
  if (arg.platform === 'android') w['CGHostAndroid'] = { postMessage: (json: string) => post(json) };
  else if (arg.platform === 'ios') w['webkit'] = { messageHandlers: { cgHost: { postMessage: (m: unknown) => post(m) } } };
}

export async function installSimulatedHost(page: HostPage, o: SimulatedHostOptions = {}): Promise<SimulatedHost> {
  const calls: HostCall[] = [];
  const waiting = new Set<() => void>();
  await page.exposeFunction(POST, (message: unknown) => {
    let m = message;
    if (typeof m === 'string') {
      try {
        m = JSON.parse(m) as unknown;
      } catch {
        m = { method: '(not JSON)', params: message };
      }
    }
    const { method, params, v } = (m ?? {}) as { method?: unknown; params?: unknown; v?: unknown };
    calls.push({ method: typeof method === 'string' ? method : '(no method)', ...(params !== undefined ? { params } : {}), v, at: Date.now() });
    for (const wake of [...waiting]) wake();
  });
  const platform = o.platform ?? 'android';
  const info =
    o.capabilities === null
      ? null
      : { version: o.version ?? BRIDGE_PROTOCOL_VERSION, platform: platform === 'none' ? 'android' : platform, capabilities: [...(o.capabilities ?? BRIDGE_METHODS)], ...(o.safeArea ? { safeArea: o.safeArea } : {}) };
  // As source text: the page runs it before its own scripts, on every document it loads.
  await page.addInitScript({ content: `(${initHost.toString()})(${JSON.stringify({ post: POST, platform, info } satisfies InitArg)});` });

  const sendRaw = async (message: unknown): Promise<void> => {
    // `undefined` has no JSON: it is sent as itself.
    await page.evaluate(`window.cgBridgeReceive?.(${message === undefined ? 'undefined' : JSON.stringify(message)})`);
  };

  return {
    calls: (method) => (method === undefined ? [...calls] : calls.filter((c) => c.method === method)),
    waitForCall(method, w = {}) {
      const timeoutMs = w.timeoutMs ?? DEFAULT_WAIT_MS;
      const since = w.since ?? 0;
      const find = (): HostCall | undefined => calls.slice(since).find((c) => c.method === method && (w.match?.(c) ?? true));
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = find();
          if (!found) return false;
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(found);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiting.delete(wake);
          const seen = calls.map((c) => c.method).join(', ') || 'none';
          reject(new Error(`the app did not call the host's "${method}" within ${timeoutMs} ms (calls: ${seen})`));
        }, timeoutMs);
        if (!check()) waiting.add(wake);
      });
    },
    send: (event, ...data) => sendRaw((data.length === 0 ? { event } : { event, data: data[0] }) as BridgeMessage),
    sendRaw,
  };
}
