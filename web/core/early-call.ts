/**
 * One API call started before the page that makes it (decision 0015, "First request": the first view's request leaves
 * with the app, not after the page's code arrived). The page's own identical call, in the same context (where, language, login), takes
 * its answer once; a call made in another context drops it, so a later visit or a refresh asks again.
 */

export interface EarlyCalls {
  /** Starts `run` now as the call `name(...args)`, unless the page already made that call itself. */
  start(name: string, args: readonly unknown[], run: () => Promise<unknown>): void;
  /** The call `name(...args)`: the early answer if it is that call in the same context (once), else `run()`. */
  call<T>(name: string, args: readonly unknown[], run: () => Promise<T>): Promise<T>;
}

interface Early {
  key: string;
  context: string;
  answer: Promise<unknown>;
}

const keyOf = (name: string, args: readonly unknown[]): string => `${name} ${JSON.stringify(args)}`;
const settled = (p: Promise<unknown>): Promise<void> => p.then(
  () => undefined,
  () => undefined,
);

/** `context()` names where the app is and for whom (path and query, language, token): an answer is only good there. */
export function createEarlyCalls(context: () => string): EarlyCalls {
  let early: Early | null = null;
  // Calls made where the app started, before the early one starts (it waits for config, language and the client
  // code): the page beat it. Forgotten once the app is elsewhere, so it stays a handful.
  let before: Set<string> | null = new Set();
  let startContext: string | null = null;
  // A dropped early call still in flight: the same call again would be refused as a repeat (SPEC §5), so it waits.
  let dropped: { key: string; done: Promise<void> } | null = null;

  return {
    start(name, args, run) {
      const key = keyOf(name, args);
      const beaten = before?.has(key) === true;
      before = null;
      if (beaten) return;
      const answer = run();
      // Nobody may take it: its failure is the taker's to handle, never an unhandled rejection.
      answer.catch(() => undefined);
      early = { key, context: context(), answer };
    },
    call<T>(name: string, args: readonly unknown[], run: () => Promise<T>): Promise<T> {
      const key = keyOf(name, args);
      const here = context();
      startContext ??= here;
      if (here !== startContext) before = null;
      before?.add(key);
      const e = early;
      if (e && e.context !== here) {
        early = null;
        const gone = { key: e.key, done: settled(e.answer) };
        dropped = gone;
        void gone.done.then(() => {
          if (dropped === gone) dropped = null;
        });
      } else if (e?.key === key) {
        early = null;
        return e.answer as Promise<T>;
      }
      if (dropped?.key === key) return dropped.done.then(run);
      return run();
    },
  };
}

/** `api` with each method's calls passing `early`, so a page's call finds its answer already on the way. */
export function withEarlyCalls<T extends object>(api: T, early: EarlyCalls): T {
  const out: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(api) as [string, (...args: unknown[]) => Promise<unknown>][])
    out[name] = (...args: unknown[]) => early.call(name, args, () => method(...args));
  return out as T;
}
