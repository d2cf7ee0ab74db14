/**
 * Heap figures that mean something: a forced full garbage collection before
 * reading heapUsed, so it measures what is kept, not what is waiting to be
 * collected. Shared by the soak benchmark and the hardening tests.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export const MB = 1024 * 1024;

/**
 * A full garbage collection: `global.gc` when node runs with --expose-gc,
 * else the same function fetched from a fresh context after setting the flag.
 */
export function collectGarbage(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/** heapUsed after a collection (when one can be forced). */
export function heapUsed(gc: (() => void) | undefined): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}
