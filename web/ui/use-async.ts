import { startTransition, useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; value: T };

/**
 * Runs a request when its key changes; a stale answer never overwrites a newer one. `key` is `run`'s dependency list,
 * as an effect's is: lint checks each call site's key against its callback (eslint.config.js additionalHooks).
 */
export function useAsync<T>(run: () => Promise<T>, key: unknown[]): [AsyncState<T>, () => void] {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    run().then(
      // An answer often renders a whole page (cards, banners): as a transition it renders in slices, not one long task.
      (value) => live && startTransition(() => setState({ status: 'ready', value })),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's key is run's dependency list, checked at each call site
  }, [...key, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
