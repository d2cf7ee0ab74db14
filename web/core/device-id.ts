/**
 * The persisted device id every request carries (SPEC §3). Apart from the
 * device info (device.ts) because the shell needs it on every page.
 */
import { systemClock, type Clock } from './clock.ts';
import { STORAGE_KEY } from './storage/keys.ts';
import type { LocalStore } from './storage/local.ts';

/**
 * SPEC §3: a random id from the timestamp plus a random number, made once and
 * kept in local storage so the server sees one device across visits.
 */
export function getDeviceId(local: LocalStore, clock: Clock = systemClock, random: () => number = Math.random): string {
  const existing = local.getOr<unknown>(STORAGE_KEY.deviceId, null);
  if (typeof existing === 'string' && existing !== '') return existing;
  const id = `${clock.now()}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
  try {
    local.set(STORAGE_KEY.deviceId, id);
  } catch {
    // Storage full or blocked: the id still serves this visit.
  }
  return id;
}
