/**
 * Scriptable network conditions of a mock session's streams (issue 7 part 7):
 * from the scenario (`game.network`) and live from `POST /__mock/network`.
 * They act where a real network would: frames wait `latencyMs` before they
 * reach the encoder and input waits as long before the game sees it; the
 * encoder is capped at `bitrateKbps`; `dropPercent` of frames never leave;
 * during a stall no frame leaves at all.
 */
import { FieldError, Fields, isObj } from '../validate.ts';

export interface NetworkConditions {
  /** One-way delay added to video (down) and input (up), ms. */
  latencyMs: number;
  /** Encoder cap, kbit/s; 0 leaves the clarity's own cap. */
  bitrateKbps: number;
  /** Share of frames dropped before encoding, percent. */
  dropPercent: number;
  /** No frames while true. */
  stall: boolean;
}

export const NO_CONDITIONS: Readonly<NetworkConditions> = { latencyMs: 0, bitrateKbps: 0, dropPercent: 0, stall: false };

export const MAX_LATENCY_MS = 5_000;
const KEYS = ['latencyMs', 'bitrateKbps', 'dropPercent', 'stall'] as const;

/** A partial set of conditions from JSON; every problem names its field. */
export function parseNetwork(value: unknown, at: string): Partial<NetworkConditions> {
  if (!isObj(value)) throw new FieldError(at, 'must be an object like {"latencyMs": 100, "bitrateKbps": 500, "dropPercent": 10, "stall": false}');
  for (const key of Object.keys(value)) {
    if (!(KEYS as readonly string[]).includes(key)) throw new FieldError(`${at}.${key}`, `is not known; use ${KEYS.join(', ')}`);
  }
  const f = Fields.of(value, at);
  const out: Partial<NetworkConditions> = {};
  if (f.has('latencyMs')) out.latencyMs = f.int('latencyMs', { min: 0, max: MAX_LATENCY_MS });
  if (f.has('bitrateKbps')) out.bitrateKbps = f.int('bitrateKbps', { min: 0, max: 100_000 });
  if (f.has('dropPercent')) out.dropPercent = f.int('dropPercent', { min: 0, max: 100 });
  if (f.has('stall')) {
    const stall = value['stall'];
    if (typeof stall !== 'boolean') throw new FieldError(`${at}.stall`, 'must be true or false');
    out.stall = stall;
  }
  return out;
}

/** The conditions in force for a mock session: its script's, then what QA set live. */
export function networkOf(state: { readonly script: { network?: Partial<NetworkConditions> }; network: Partial<NetworkConditions> }): NetworkConditions {
  return { ...NO_CONDITIONS, ...state.script.network, ...state.network };
}
