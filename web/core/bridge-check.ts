/**
 * Checks each message a host sends (docs/host-bridge.md) against the contract's event types: anything that fails
 * is a reason string, and the bridge drops the message with a warning. Loaded with a dynamic import when the bridge
 * is made (web/app/services.ts): messages that arrive before it are kept in order, not lost.
 */
import { BRIDGE_EVENTS, HOST_NETWORK_TYPES, PAY_RESULTS, type BridgeEvent, type BridgeEventData } from '../api/contract/bridge.ts';
import { checkSafeArea, isRec, isText } from './bridge-announce.ts';

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
