/**
 * Checks the host's announcement, `window.cgHostInfo` (docs/host-bridge.md), against the contract's type: the
 * bridge reads it on the first load, so this is the small, synchronous part of the checks (the events' checks,
 * bridge-check.ts, load after). Hand-written rather than a schema library for the same reason.
 */
import type { HostInfo, SafeArea } from '../api/contract/bridge.ts';

type Rec = Record<string, unknown>;
export const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isText = (v: unknown, max = 2048): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
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

