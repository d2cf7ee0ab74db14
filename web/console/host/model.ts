/**
 * The host simulator's state and actions, framework-free (docs/decisions/0020-host-simulator.md): a simulated
 * Android or iOS shell (or none) around the player app in a frame. It answers the framed app's calls the way a shell
 * does (turns the phone on setOrientation, buzzes on vibrate, answers getNetworkType, closes on closeWebview), lists
 * them, and sends the app the host's events. The frame itself is behind {@link FrameControl}, so tests drive the
 * model without a page.
 */
import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import {
  BRIDGE_METHODS,
  type BridgeEvent,
  type BridgeEventData,
  type HostOrientation,
} from '../../api/contract/bridge.ts';
import type { Clock } from '../../core/clock.ts';
import type { HostSimulatorLink } from '../../../mock-server/client/host-simulator.ts';
import { addRow, detailText, readCall, type LogRow } from './log.ts';
import { announcement, PHONE_USER_AGENTS, readSettings, SETTINGS_KEY, turnedArea, type HostSettings } from './settings.ts';

export interface FrameControl {
  /** Hands a host message (JSON text, as a shell's evaluateJavascript does) to the framed app; false when nothing there listens. */
  deliver(text: string): boolean;
  /** Loads the frame's page again where it is: the injected script reads the new announcement on load. */
  reload(): void;
  /** Loads a path of the app in the frame. */
  open(path: string): void;
}

export interface HostModelDeps {
  clock: Clock;
  frame: FrameControl;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Where the frame starts (default the app's home). */
  initialPath?: string;
  /** The simulator's origin, which the framed app shares. */
  origin?: string;
}

export type NetworkChoice = 'wifi' | '4g' | 'offline';
export const NETWORKS: Readonly<Record<NetworkChoice, BridgeEventData['network']>> = {
  wifi: { isConnected: true, networkType: 'wifi' },
  '4g': { isConnected: true, networkType: '4g' },
  offline: { isConnected: false, networkType: 'none' },
};

export const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}
/** How long a confirmation shows. */
export const NOTICE_OK_MS = 4000;

const NOT_DELIVERED = 'not delivered: no page of the app in the frame is listening';
/** How long a buzz shows when the app asks for a very short or very long one. */
const PULSE_MIN_MS = 150;
const PULSE_MAX_MS = 1500;

export interface HostModel {
  settings: ReadonlySignal<HostSettings>;
  orientation: ReadonlySignal<HostOrientation>;
  rows: ReadonlySignal<LogRow[]>;
  /** Counts the app's vibrate calls; `ms` is how long the last one shows. */
  pulse: ReadonlySignal<{ count: number; ms: number }>;
  network: ReadonlySignal<BridgeEventData['network']>;
  paused: ReadonlySignal<boolean>;
  language: ReadonlySignal<string | null>;
  /** The order of the app's last `pay` call, which the payment buttons answer. */
  lastPay: ReadonlySignal<string | null>;
  /** The app closed the webview (closeWebview): the frame waits for "Open again". */
  closed: ReadonlySignal<boolean>;
  /** The frame's path and query, as last seen. */
  address: ReadonlySignal<string>;
  notice: ReadonlySignal<Notice | null>;
  dismiss(): void;
  /** What the injected script in the frame reads (`window.cgHostSimulator`). */
  link: HostSimulatorLink;
  update(change: Partial<HostSettings>): void;
  turn(orientation: HostOrientation): void;
  send<E extends BridgeEvent>(event: E, ...data: BridgeEventData[E] extends undefined ? [] : [data: BridgeEventData[E]]): void;
  setNetwork(choice: NetworkChoice): void;
  answerPay(status: BridgeEventData['payResult']['status']): void;
  /** Anything, as typed: sent as text, so a malformed message reaches the app as a broken host would send it. */
  sendRaw(text: string): void;
  clear(): void;
  go(path: string): void;
  reopen(): void;
  /** The frame moved (a load, or the app's own navigation). */
  navigated(address: string): void;
}

export function createHostModel(d: HostModelDeps): HostModel {
  const settings = signal(readSettings(safeRead(d.storage)));
  const orientation = signal<HostOrientation>('portrait');
  const rows = signal<LogRow[]>([]);
  const pulse = signal({ count: 0, ms: PULSE_MIN_MS });
  const network = signal(NETWORKS.wifi);
  const paused = signal(false);
  const language = signal<string | null>(null);
  const lastPay = signal<string | null>(null);
  const closed = signal(false);
  const entry = signal(normalPath(d.initialPath ?? '/', d.origin));
  const address = signal(entry.value);
  const notice = signal<Notice | null>(null);
  /** An error stays until the next action or dismiss(); a confirmation goes by itself. */
  const tell = (next: Notice | null): void => {
    notice.value = next;
    if (next?.kind === 'ok') d.clock.setTimeout(() => notice.value === next && (notice.value = null), NOTICE_OK_MS);
  };
  let nextId = 1;

  const log = (row: Omit<LogRow, 'id' | 'at'>): number => {
    const id = nextId++;
    rows.value = addRow(rows.value, { id, at: d.clock.now(), ...row });
    return id;
  };

  /** Sends `text` to the framed app and lists it; false when there is no host or nothing listens. */
  const post = (name: string, detail: string | undefined, text: string): boolean => {
    if (settings.value.platform === 'none') {
      tell({ kind: 'error', text: 'No host: a plain browser sends the app nothing. Pick Android or iOS first.' });
      return false;
    }
    // Listed before it goes: what the app calls in answer (closeWebview on back) comes after it.
    const id = log({ dir: 'event', name, detail });
    const delivered = !closed.value && d.frame.deliver(text);
    if (!delivered) rows.value = rows.value.map((r) => (r.id === id ? { ...r, flag: NOT_DELIVERED } : r));
    tell(delivered ? null : { kind: 'error', text: `“${name}” was not delivered: the frame shows no page of the app (closed, loading or elsewhere).` });
    return delivered;
  };
  const deliver = (event: BridgeEvent, data: unknown): boolean => post(event, detailText(data), JSON.stringify(data === undefined ? { event } : { event, data }));

  const turn = (next: HostOrientation): void => {
    if (next === orientation.value) return;
    orientation.value = next;
    // A shell that turns tells the app its new insets.
    const area = settings.value.safeArea;
    if (area && settings.value.platform !== 'none' && settings.value.announce) deliver('safeArea', turnedArea(area, next));
  };

  const receive = (message: unknown): void => {
    const call = readCall(message, settings.value.capabilities);
    batch(() => {
      log({ dir: 'call', name: call.method, detail: detailText(call.params), ...(call.flag ? { flag: call.flag } : {}) });
      const p = (typeof call.params === 'object' && call.params !== null ? call.params : {}) as Record<string, unknown>;
      switch (call.method) {
        case 'setOrientation':
          if (p['orientation'] === 'landscape' || p['orientation'] === 'portrait') turn(p['orientation']);
          break;
        case 'vibrate': {
          const ms = typeof p['ms'] === 'number' && Number.isFinite(p['ms']) ? p['ms'] : 0;
          pulse.value = { count: pulse.value.count + 1, ms: Math.min(PULSE_MAX_MS, Math.max(PULSE_MIN_MS, ms)) };
          break;
        }
        case 'getNetworkType':
          // Answered after the call returns, as a shell answers from its own thread.
          d.clock.setTimeout(() => deliver('network', network.value), 0);
          break;
        case 'pay':
          if (typeof p['order_id'] === 'string' && p['order_id'] !== '') lastPay.value = p['order_id'];
          break;
        case 'closeWebview':
          closed.value = true;
          break;
      }
    });
  };

  const link: HostSimulatorLink = {
    get platform() {
      return settings.value.platform;
    },
    get info() {
      return announcement(settings.value, orientation.value);
    },
    get userAgent() {
      return settings.value.phone ? PHONE_USER_AGENTS[settings.value.platform] : null;
    },
    post: receive,
  };

  return {
    settings,
    orientation,
    rows,
    pulse,
    network,
    paused,
    language,
    lastPay,
    closed,
    address,
    notice,
    link,
    update(change) {
      const next = { ...settings.value, ...change };
      next.capabilities = BRIDGE_METHODS.filter((m) => next.capabilities.includes(m));
      settings.value = next;
      try {
        d.storage?.setItem(SETTINGS_KEY, JSON.stringify(next));
      } catch {
        // Storage refused (site data off): the settings last for this visit.
      }
      if (closed.value) return;
      d.frame.reload();
      tell({ kind: 'ok', text: 'The frame reloaded with the new announcement.' });
    },
    turn,
    send(event, ...data) {
      if (!deliver(event, data[0])) return;
      if (event === 'pause' || event === 'resume') paused.value = event === 'pause';
      if (event === 'language' && typeof data[0] === 'string') language.value = data[0];
    },
    setNetwork(choice) {
      network.value = NETWORKS[choice];
      deliver('network', network.value);
    },
    answerPay(status) {
      const order = lastPay.value;
      if (order === null) return;
      deliver('payResult', { order_id: order, status, ...(status === 'fail' ? { message: 'Declined by the simulated cashier' } : {}) });
    },
    sendRaw(text) {
      if (post('(raw)', detailText(text), text)) tell({ kind: 'ok', text: 'Sent as typed.' });
    },
    clear() {
      rows.value = [];
    },
    dismiss() {
      notice.value = null;
    },
    go(path) {
      const p = normalPath(path, d.origin);
      batch(() => {
        entry.value = p;
        address.value = p;
        closed.value = false;
      });
      d.frame.open(p);
    },
    reopen() {
      closed.value = false;
      d.frame.open(entry.value);
    },
    navigated(where) {
      address.value = where;
    },
  };
}

/**
 * A path of the simulator's origin to open in the frame: "main/user/index" → "/main/user/index", a full URL of this
 * origin → its path; a URL of another origin → "/" (the frame's app and the simulator must share the origin).
 */
export function normalPath(input: string, origin = 'http://app.invalid'): string {
  const t = input.trim();
  if (t === '') return '/';
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('//');
  try {
    const url = new URL(absolute || t.startsWith('/') ? t : `/${t}`, origin);
    return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

function safeRead(storage: HostModelDeps['storage']): string | null {
  try {
    return storage?.getItem(SETTINGS_KEY) ?? null;
  } catch {
    return null;
  }
}
