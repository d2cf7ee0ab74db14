/**
 * The one source of time. Every timer in core, game and state goes through a
 * `Clock` handed in by the caller, so tests (and the mock server's virtual
 * clock) can drive minutes of queue or hang-up time in milliseconds.
 */
export type TimerId = number;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId | undefined): void;
  setInterval(fn: () => void, ms: number): TimerId;
  clearInterval(id: TimerId | undefined): void;
}

/** The real clock. Timer ids are numbers in browsers; Node's objects are mapped to numbers. */
export function createSystemClock(): Clock {
  const handles = new Map<TimerId, ReturnType<typeof globalThis.setTimeout>>();
  let next = 1;
  const keep = (h: ReturnType<typeof globalThis.setTimeout>): TimerId => {
    const id = next++;
    handles.set(id, h);
    return id;
  };
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const id = next;
      return keep(
        globalThis.setTimeout(() => {
          handles.delete(id);
          fn();
        }, ms),
      );
    },
    clearTimeout(id) {
      if (id === undefined) return;
      const h = handles.get(id);
      if (h !== undefined) globalThis.clearTimeout(h);
      handles.delete(id);
    },
    setInterval(fn, ms) {
      return keep(globalThis.setInterval(fn, ms));
    },
    clearInterval(id) {
      if (id === undefined) return;
      const h = handles.get(id);
      if (h !== undefined) globalThis.clearInterval(h);
      handles.delete(id);
    },
  };
}

export const systemClock: Clock = createSystemClock();

interface ManualTimer {
  id: TimerId;
  at: number;
  every: number | null;
  fn: () => void;
}

/** A clock that only moves when told to: tests and the mock server's virtual time. */
export interface ManualClock extends Clock {
  /** Move time forward, firing every timer that falls due, in order. */
  advance(ms: number): void;
  /** Timers still waiting. */
  pending(): number;
}

export function createManualClock(start = 0): ManualClock {
  let time = start;
  let next = 1;
  const timers = new Map<TimerId, ManualTimer>();
  const add = (fn: () => void, ms: number, every: number | null): TimerId => {
    const id = next++;
    timers.set(id, { id, at: time + Math.max(0, ms), every, fn });
    return id;
  };
  const dueBefore = (limit: number): ManualTimer | undefined => {
    let first: ManualTimer | undefined;
    for (const t of timers.values()) {
      if (t.at <= limit && (!first || t.at < first.at || (t.at === first.at && t.id < first.id))) first = t;
    }
    return first;
  };
  return {
    now: () => time,
    setTimeout: (fn, ms) => add(fn, ms, null),
    setInterval: (fn, ms) => add(fn, ms, Math.max(1, ms)),
    clearTimeout(id) {
      if (id !== undefined) timers.delete(id);
    },
    clearInterval(id) {
      if (id !== undefined) timers.delete(id);
    },
    advance(ms) {
      const end = time + Math.max(0, ms);
      for (let t = dueBefore(end); t; t = dueBefore(end)) {
        time = t.at;
        if (t.every === null) timers.delete(t.id);
        else t.at += t.every;
        t.fn();
      }
      time = end;
    },
    pending: () => timers.size,
  };
}
