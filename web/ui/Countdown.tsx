import { useEffect, useRef, useState } from 'react';
import type { Clock } from '../core/clock.ts';
import { startCountdown } from '../state/countdown.ts';
import { formatClock } from '../state/format.ts';

/** "mm:ss", or "h:mm:ss" from an hour up. */
const countdownClock = (left: number): string => formatClock(left, { hours: true, padMinutes: true });

/** Shows seconds counting down on the given clock; `onDone` fires once at zero. */
export function Countdown({
  clock,
  seconds,
  onDone,
  format = countdownClock,
  className,
  label,
}: {
  clock: Clock;
  seconds: number;
  onDone?: () => void;
  format?: (left: number) => string;
  className?: string;
  /** Accessible text, given the seconds left, e.g. (s) => `Closes in ${s} seconds`. */
  label?: (left: number) => string;
}) {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const c = startCountdown(clock, seconds, setLeft, () => done.current?.());
    return () => c.stop();
  }, [clock, seconds]);
  return (
    <span className={['countdown', className ?? ''].filter(Boolean).join(' ')} aria-label={label?.(left)} role="timer">
      {format(left)}
    </span>
  );
}
