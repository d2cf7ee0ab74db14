/**
 * The realtime-info overlay's figures (docs/stream-stats.md): the SDK is asked
 * once a second, only while the overlay shows them (getStats is not free).
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Clock, TimerId } from '../core/clock.ts';
import type { GameSdk } from './sdk.ts';
import type { StreamStats } from './stream-stats.ts';

export interface StatsPoll {
  readonly stats: ReadonlySignal<StreamStats | null>;
  /** The stream is gone: nothing to show until the next measure. */
  clear(): void;
  dispose(): void;
}

const TICK_MS = 1000;

export function createStatsPoll(opts: { clock: Clock; sdk: Pick<GameSdk, 'stats'>; wanted: ReadonlySignal<boolean>; quiet(what: string): (e: unknown) => void }): StatsPoll {
  const { clock, sdk, wanted } = opts;
  const stats = signal<StreamStats | null>(null);
  let timer: TimerId | undefined;
  const stopEffect = effect(() => {
    if (wanted.value && timer === undefined) {
      timer = clock.setInterval(() => {
        sdk.stats().then(
          (v) => {
            // An answer that comes after the overlay closed (or the stream went) is dropped.
            if (wanted.peek()) stats.value = v;
          },
          opts.quiet('stream stats'),
        );
      }, TICK_MS);
    } else if (!wanted.value && timer !== undefined) {
      clock.clearInterval(timer);
      timer = undefined;
      stats.value = null;
    }
  });
  return {
    stats,
    clear() {
      stats.value = null;
    },
    dispose() {
      clock.clearInterval(timer);
      timer = undefined;
      stopEffect();
    },
  };
}
