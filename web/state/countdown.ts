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

/** "mm:ss", or "h:mm:ss" from an hour up. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
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
  let id: number | undefined;
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
  id = clock.setInterval(tick, 1000);
  tick();
  return {
    left: () => secondsLeft(endAt, clock.now()),
    stop() {
      stopped = true;
      clock.clearInterval(id);
    },
  };
}
