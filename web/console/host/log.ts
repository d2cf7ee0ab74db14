/**
 * The simulator's list: every call the framed app makes and every event the simulated host sends it, newest first.
 * A call is read the way a shell reads it (JSON text on Android, an object on iOS); what a real shell would refuse
 * (not JSON, no method, a method the host did not announce, another protocol version) is listed with why.
 */
import { BRIDGE_METHODS, BRIDGE_PROTOCOL_VERSION, type BridgeMethod } from '../../api/contract/bridge.ts';

export interface LogRow {
  id: number;
  /** Real time (ms since the epoch). */
  at: number;
  /** `call`: the app asked the host; `event`: the host told the app. */
  dir: 'call' | 'event';
  /** The method or event ("(not JSON)", "(no method)" or "(raw)" when there is none). */
  name: string;
  /** Its params or data, as JSON text (or the text as sent). */
  detail?: string;
  /** What a real host would make of it, when that is not simply "fine". */
  flag?: string;
}

/** Rows kept: a long session of vibrations must not grow the page without end. */
export const MAX_ROWS = 500;
/** Characters of a call's params shown (the whole of a pay or share call fits). */
const MAX_DETAIL = 2000;

export interface ReadCall {
  method: string;
  params: unknown;
  v: unknown;
  flag?: string;
}

const isMethod = (m: string): m is BridgeMethod => (BRIDGE_METHODS as readonly string[]).includes(m);

/** A call as the shell receives it, and what is wrong with it for a host that announced `capabilities`. */
export function readCall(message: unknown, capabilities: readonly BridgeMethod[]): ReadCall {
  let m = message;
  if (typeof m === 'string') {
    try {
      m = JSON.parse(m) as unknown;
    } catch {
      return { method: '(not JSON)', params: message, v: undefined, flag: 'not JSON: a host drops it' };
    }
  }
  const { method, params, v } = (typeof m === 'object' && m !== null ? m : {}) as Record<string, unknown>;
  if (typeof method !== 'string') return { method: '(no method)', params: m, v, flag: 'no method: a host drops it' };
  const flags: string[] = [];
  if (!isMethod(method)) flags.push('unknown method');
  else if (method !== 'closeWebview' && !capabilities.includes(method)) flags.push('not announced');
  if (v !== BRIDGE_PROTOCOL_VERSION) flags.push(`protocol v${typeof v === 'number' ? v : '?'}`);
  return { method, params, v, ...(flags.length ? { flag: flags.join(', ') } : {}) };
}

/** JSON text of a value for the list, cut to a readable length. */
export function detailText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

/** `rows` with `row` first, capped. */
export const addRow = (rows: readonly LogRow[], row: LogRow): LogRow[] => [row, ...rows.slice(0, MAX_ROWS - 1)];

/** "14:03:07.215", the local time of day to the millisecond: calls come in bursts. */
export function timeText(at: number): string {
  const d = new Date(at);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}
