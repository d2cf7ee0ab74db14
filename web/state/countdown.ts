/**
 * A countdown on the injected clock (SPEC §5: the recommend and activity
 * pop-ups count down). Time comes from `clock.now()`, never from counting
 * ticks, so a late or skipped tick cannot make it drift.
 */
import type { Clock } from '../core/clock.ts';

/** Whole seconds left until `endAt` (ms), never negative; a part second counts as one. */
export function secondsLeft(endAt: number, now: number): number {
  return Math.max(0, Math.ceil((endAt - now) / 1000));
}

export interface Countdown {
  /** Seconds left now. */
  left(): number;
  stop(): void;
}

/**
 * Counts `seconds` down, calling `onTick` with the seconds left at the start
 * and after every second, and `onDone` once at zero. `stop` ends it silently.
 */
export function startCountdown(
  clock: Clock,
  seconds: number,
  onTick: (left: number) => void,
  onDone: () => void = () => {},
): Countdown {
  const endAt = clock.now() + Math.max(0, seconds) * 1000;
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    const left = secondsLeft(endAt, clock.now());
    onTick(left);
    if (left === 0) {
      stopped = true;
      clock.clearInterval(id);
      onDone();
    }
  };
  const id = clock.setInterval(tick, 1000);
  tick();
  return {
    left: () => secondsLeft(endAt, clock.now()),
    stop() {
      stopped = true;
      clock.clearInterval(id);
    },
  };
}
