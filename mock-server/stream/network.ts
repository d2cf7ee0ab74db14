/**
 * Scriptable network conditions of a mock session's streams (docs/qa-guide.md §2):
 * from the scenario (`game.network`) and live from `POST /__mock/network`.
 * They act where a real network would: frames wait `latencyMs` before they
 * reach the encoder and input waits as long before the game sees it; the
 * encoder is capped at `bitrateKbps`; `dropPercent` of frames never leave;
 * during a stall no frame leaves at all. `lossPercent` of a WebRTC stream's
 * packets are lost each way on the network path (net-path.ts), whose link
 * towards the player carries `bandwidthKbps` at most; the stream's own
 * congestion control and repair answer both.
 */
import * as z from 'zod';
import { check, compact, int, optional } from '../validate.ts';

export interface NetworkConditions {
  /** One-way delay added to video (down) and input (up), ms. */
  latencyMs: number;
  /** Encoder cap, kbit/s; 0 leaves the clarity's own cap. */
  bitrateKbps: number;
  /** Share of frames dropped before encoding, percent. */
  dropPercent: number;
  /** No frames while true. */
  stall: boolean;
  /** Share of a WebRTC stream's UDP packets lost in each direction, percent. */
  lossPercent: number;
  /** The capacity of the link towards the player, kbit/s (a WebRTC stream's packets); 0 leaves it unlimited. */
  bandwidthKbps: number;
}

export const NO_CONDITIONS: Readonly<NetworkConditions> = { latencyMs: 0, bitrateKbps: 0, dropPercent: 0, stall: false, lossPercent: 0, bandwidthKbps: 0 };

export const MAX_LATENCY_MS = 5_000;
const KEYS = ['latencyMs', 'bitrateKbps', 'dropPercent', 'stall', 'lossPercent', 'bandwidthKbps'] as const;

/** A partial set of conditions, as a scenario (`game.network`) or `POST /__mock/network` sends it. */
export const networkSchema = z.strictObject(
  {
    latencyMs: optional(int({ min: 0, max: MAX_LATENCY_MS })),
    bitrateKbps: optional(int({ min: 0, max: 100_000 })),
    dropPercent: optional(int({ min: 0, max: 100 })),
    stall: optional(z.boolean()),
    lossPercent: optional(int({ min: 0, max: 100 })),
    bandwidthKbps: optional(int({ min: 0, max: 1_000_000 })),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `is not known; use ${KEYS.join(', ')}`
        : iss.code === 'invalid_type'
          ? 'must be an object like {"latencyMs": 100, "bitrateKbps": 500, "dropPercent": 10, "stall": false, "lossPercent": 5}'
          : undefined,
  },
)
  // Merged over the defaults (networkOf): a null must not replace one.
  .transform(compact) satisfies z.ZodType<Partial<NetworkConditions>>;

/** A partial set of conditions from JSON; every problem names its field under `at`. */
export function parseNetwork(value: unknown, at: string): Partial<NetworkConditions> {
  return check(networkSchema, value, at);
}

/** The conditions in force for a mock session: its script's, then what QA set live. */
export function networkOf(state: { readonly script: { network?: Partial<NetworkConditions> }; network: Partial<NetworkConditions> }): NetworkConditions {
  return { ...NO_CONDITIONS, ...state.script.network, ...state.network };
}
