import { useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/** Reads a nanostore in a component (the React binding is five lines, not a dependency). */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => store.get(),
  );
}
