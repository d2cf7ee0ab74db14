/**
 * Checks what a host hands the app (docs/host-bridge.md): its announcement and each event's data, against the
 * contract's types. Hand-written rather than a schema library: the bridge is part of the first load, and these
 * few shapes cost a few hundred bytes. Anything that fails is `null`, and the bridge drops it with a warning.
 */
import {
  BRIDGE_EVENTS,
  HOST_NETWORK_TYPES,
  PAY_RESULTS,
  type BridgeEvent,
  type BridgeEventData,
  type HostInfo,
  type SafeArea,
} from '../api/contract/bridge.ts';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = 2048): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const inset = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 500;

export function checkSafeArea(v: unknown): SafeArea | null {
  if (!isRec(v)) return null;
  const { top, right, bottom, left } = v;
  return inset(top) && inset(right) && inset(bottom) && inset(left) ? { top, right, bottom, left } : null;
}

/** The announcement, or null when it is missing or malformed (then the app acts as if no host announced anything). */
export function checkHostInfo(v: unknown): HostInfo | null {
  if (!isRec(v)) return null;
  const { version, platform, capabilities, safeArea } = v;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return null;
  if (!isText(platform, 32) || !Array.isArray(capabilities) || capabilities.length > 100) return null;
  const area = safeArea === undefined ? undefined : checkSafeArea(safeArea);
  if (area === null) return null;
  const names = capabilities.filter((c): c is string => isText(c, 64));
  return { version, platform, capabilities: names, ...(area ? { safeArea: area } : {}) };
}

type Checks = { [E in BridgeEvent]: (data: unknown) => BridgeEventData[E] | null };

/** `undefined` passes for events without data; what such an event carries anyway is ignored, not refused. */
const none = (): undefined => undefined;

const CHECKS: Checks = {
  back: none,
  pause: none,
  resume: none,
  network(d) {
    if (!isRec(d) || typeof d['isConnected'] !== 'boolean') return null;
    const type = d['networkType'];
    const known = (HOST_NETWORK_TYPES as readonly unknown[]).includes(type) ? (type as BridgeEventData['network']['networkType']) : null;
    // A type this app does not know (a newer host's "6g") is still a connection: "unknown", not a dropped event.
    return { isConnected: d['isConnected'], networkType: known ?? (d['isConnected'] ? 'unknown' : 'none') };
  },
  language: (d) => (isText(d, 64) ? d.trim() || null : null),
  payResult(d) {
    if (!isRec(d) || !isText(d['order_id'], 128) || !(PAY_RESULTS as readonly unknown[]).includes(d['status'])) return null;
    const message = isText(d['message'], 500) ? d['message'] : undefined;
    return { order_id: d['order_id'], status: d['status'] as BridgeEventData['payResult']['status'], ...(message ? { message } : {}) };
  },
  safeArea: checkSafeArea,
};

export type CheckedMessage = { [E in BridgeEvent]: { event: E; data: BridgeEventData[E] } }[BridgeEvent];

/** Why a message was dropped, or the checked message. */
export function checkMessage(message: unknown): CheckedMessage | string {
  let m = message;
  if (typeof m === 'string') {
    if (m.length > 65_536) return 'longer than 64 KB';
    try {
      m = JSON.parse(m) as unknown;
    } catch {
      return 'not JSON';
    }
  }
  if (!isRec(m)) return 'not an object';
  const event = m['event'];
  if (typeof event !== 'string') return 'no "event" name';
  if (!(BRIDGE_EVENTS as readonly string[]).includes(event)) return `"${event.slice(0, 40)}" is not an event this app knows`;
  const name = event as BridgeEvent;
  const data = CHECKS[name](m['data']);
  if (data === null) return `"${name}" carries data of the wrong shape`;
  return { event: name, data } as CheckedMessage;
}
