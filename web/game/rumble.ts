/**
 * Rumble (decision 0007): the stream's `vibrate` message read into a Rumble
 * the SDK reports, and when the session passes one on to the screen.
 */
import { VIBRATE_MAX_MS } from '../api/contract.ts';
import type { Rumble } from './sdk.ts';
import type { Phase } from './state.ts';

const unit = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/** A `{type: "vibrate", duration_ms, strong, weak}` message as a Rumble (duration 1–VIBRATE_MAX_MS ms, magnitudes 0–1), or null when it asks for nothing. */
export function rumbleOf(msg: { duration_ms?: unknown; strong?: unknown; weak?: unknown }): Rumble | null {
  const ms = msg.duration_ms;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 1) return null;
  const strong = unit(msg.strong);
  const weak = unit(msg.weak);
  if (strong === 0 && weak === 0) return null;
  return { durationMs: Math.min(VIBRATE_MAX_MS, Math.round(ms)), strong, weak };
}

/** The player feels rumble while the game is on screen and their `vibrates` setting (SPEC §3, default 1) is on. */
export function rumbleWanted(vibrates: number, phase: Phase, hasStream: boolean): boolean {
  return vibrates === 1 && phase === 'playing' && hasStream;
}
