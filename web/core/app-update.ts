/**
 * A new version of the app is ready (a new service worker waits, docs/decisions/0021-service-worker.md): the shell's
 * update bar offers "New version — reload" and the service-worker module does the reload. Never over a game in play:
 * the bar waits until the player has left the game screen, so a version change never ends a session by itself.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { PageKey } from './paths.ts';

export interface AppUpdate {
  /** True while a new version waits for the player's reload. */
  ready: ReadableAtom<boolean>;
  /** A new version is ready; `accept` activates it and reloads. The latest offer counts. */
  offer(accept: () => void): void;
  /** The player chose to reload: the offer goes, its accept runs once. */
  accept(): void;
}

export function createAppUpdate(): AppUpdate {
  const ready = atom(false);
  let pending: (() => void) | null = null;
  return {
    ready,
    offer(accept) {
      pending = accept;
      ready.set(true);
    },
    accept() {
      const run = pending;
      pending = null;
      ready.set(false);
      run?.();
    },
  };
}

/** Whether the update bar shows on this page: a version is ready and the player is not on the game screen. */
export const showUpdatePrompt = (ready: boolean, page: PageKey | null): boolean => ready && page !== 'game';
