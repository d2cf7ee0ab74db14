/**
 * Bounded waits for every test project: wait for a condition, never for a
 * fixed time. Each wait polls (or listens) until its condition holds and
 * throws a message naming what it waited for, and what it saw, once its
 * real-time limit has passed.
 */

export const WAIT_LIMIT_MS = 10_000;

/** Real time between two looks at a condition (never a wait for something to happen). */
const pollGap = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `pred` holds (it may be async: an HTTP call, stats); throws after `limitMs` of real time
 * naming `what` and, when given, what `seen` describes at that moment.
 */
export async function until(
  pred: () => boolean | Promise<boolean>,
  what: string,
  limitMs = WAIT_LIMIT_MS,
  seen?: () => string,
  everyMs = 20,
): Promise<void> {
  const end = Date.now() + limitMs;
  for (;;) {
    if (await pred()) return;
    if (Date.now() > end) throw new Error(`timed out after ${limitMs} ms waiting for ${what}${seen ? ` (seen: ${seen()})` : ''}`);
    await pollGap(everyMs);
  }
}

/**
 * Checks that `pred` holds throughout `ms` of real time, polling: for the few checks that something
 * does NOT happen on real time (a game loop that must stay stopped), where no event can end the wait.
 */
export async function holds(pred: () => boolean, what: string, ms: number, everyMs = 20): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!pred()) throw new Error(`expected ${what} to hold for ${ms} ms`);
    await pollGap(everyMs);
  }
  if (!pred()) throw new Error(`expected ${what} to hold for ${ms} ms`);
}

/**
 * `p`, or a rejection naming `what` once `limitMs` of real time passed without it settling
 * (`what` may be a function, read at that moment, to say what was seen).
 */
export function within<T>(p: Promise<T>, what: string | (() => string), limitMs = WAIT_LIMIT_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${limitMs} ms waiting for ${typeof what === 'string' ? what : what()}`)), limitMs);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
