/**
 * A mock session's clock. It follows the app's clock until QA switches the
 * session to virtual time (`POST /__mock/clock {virtual: true}`); from then
 * on time moves only by `advance(ms)`, firing every timer that falls due.
 *
 * Every timer set through it (seat expiry, hang-up, heartbeat timeouts,
 * duration charging, fault delays) is tracked here, so switching moves the
 * pending ones onto the virtual clock with the time they had left, and a
 * session reset cancels them all at once.
 *
 * Not a second manual clock: virtual time *is* web/core/clock's ManualClock.
 * What this adds is what neither of that file's clocks can do alone — run on
 * real time first and switch later, carrying live timers across — so it
 * wraps them rather than repeating them.
 */
import { createManualClock, type Clock, type ManualClock, type TimerId } from '../../web/core/clock.ts';

export interface SessionClock extends Clock {
  /** True once switched to virtual time. */
  readonly virtual: boolean;
  /** Switch to a manual clock starting at the current time; pending timers keep their remaining time. No-op when already virtual. */
  goVirtual(): void;
  /** Move virtual time forward, firing every timer that falls due, in order. Throws when the clock is not virtual. */
  advance(ms: number): void;
  /** Cancel every pending timer and follow the app's clock again (session reset). */
  reset(): void;
  /** Timers still waiting. */
  pending(): number;
}

export class ClockNotVirtualError extends Error {
  constructor() {
    super('The session clock is not virtual: POST /__mock/clock {"virtual": true} first');
    this.name = 'ClockNotVirtualError';
  }
}

interface Tracked {
  fn: () => void;
  /** Absolute due time on the current underlying clock. */
  at: number;
  /** Interval period, or null for a one-shot timer. */
  every: number | null;
  /** The timer on the underlying clock. */
  inner: TimerId;
}

export function createSessionClock(base: Clock): SessionClock {
  let manual: ManualClock | null = null;
  const current = (): Clock => manual ?? base;
  const timers = new Map<TimerId, Tracked>();
  let nextId = 1;

  // Intervals are chained one-shot timers, so a timer can move between clocks with its remaining time.
  const arm = (id: TimerId, t: Tracked, ms: number): void => {
    t.inner = current().setTimeout(() => fire(id), ms);
  };
  const fire = (id: TimerId): void => {
    const t = timers.get(id);
    if (!t) return;
    if (t.every === null) timers.delete(id);
    else {
      t.at += t.every;
      arm(id, t, t.every);
    }
    t.fn();
  };
  const add = (fn: () => void, ms: number, every: number | null): TimerId => {
    const id = nextId++;
    const delay = Math.max(0, Number.isFinite(ms) ? ms : 0);
    const t: Tracked = { fn, at: current().now() + delay, every, inner: 0 };
    timers.set(id, t);
    arm(id, t, delay);
    return id;
  };
  const clear = (id: TimerId | undefined): void => {
    if (id === undefined) return;
    const t = timers.get(id);
    if (!t) return;
    current().clearTimeout(t.inner);
    timers.delete(id);
  };

  return {
    now: () => current().now(),
    setTimeout: (fn, ms) => add(fn, ms, null),
    setInterval: (fn, ms) => add(fn, ms, Math.max(1, Number.isFinite(ms) ? ms : 1)),
    clearTimeout: clear,
    clearInterval: clear,
    get virtual() {
      return manual !== null;
    },
    goVirtual() {
      if (manual) return;
      const now = base.now();
      for (const t of timers.values()) base.clearTimeout(t.inner);
      manual = createManualClock(now);
      for (const [id, t] of timers) arm(id, t, Math.max(0, t.at - now));
    },
    advance(ms) {
      if (!manual) throw new ClockNotVirtualError();
      manual.advance(ms);
    },
    reset() {
      for (const t of timers.values()) current().clearTimeout(t.inner);
      timers.clear();
      manual = null;
    },
    pending: () => timers.size,
  };
}
