/**
 * system_info (SPEC §7), asked once per visit and shared by everything that
 * reads it: pay methods, pop-up timing, the game session and the channel's
 * back-home rule. A failure is retried a few times (the first screen and the
 * game may both be starting on a flaky network); when it still fails, the
 * next caller asks again rather than living with the failure for the visit.
 */
import type { SystemInfo } from '../api/contract.ts';
import type { Clock } from '../core/clock.ts';

export interface SystemInfoStore {
  /** The answer, shared by every caller; rejects only when every attempt failed. */
  load(): Promise<SystemInfo>;
  /** The answer once one arrived, for code that must not wait (null before). */
  get(): SystemInfo | null;
}

export const SYSTEM_INFO_RETRIES = 3;
export const SYSTEM_INFO_RETRY_MS = 400;

export function createSystemInfoStore(deps: { fetch: () => Promise<SystemInfo>; clock: Clock }): SystemInfoStore {
  let value: SystemInfo | null = null;
  let pending: Promise<SystemInfo> | null = null;

  const attempt = (left: number): Promise<SystemInfo> =>
    deps.fetch().catch((err: unknown) => {
      if (left <= 0) throw err;
      return new Promise<SystemInfo>((resolve, reject) => {
        deps.clock.setTimeout(() => void attempt(left - 1).then(resolve, reject), SYSTEM_INFO_RETRY_MS);
      });
    });

  return {
    load() {
      pending ??= attempt(SYSTEM_INFO_RETRIES).then(
        (info) => (value = info),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    get: () => value,
  };
}
