/**
 * The screen kept on while a game runs (decision 0023): a Screen Wake Lock held while the session is in game
 * (loading, playing or reconnecting: the player is watching) and the app is in sight. The system drops the lock when
 * the page is hidden, so it is taken again when the page is shown again; the session leaving the game (a quit, a
 * hang-up, an ending) or the screen going away lets it go. A browser without the API, or one that refuses it (a
 * battery saver, a permissions policy), plays on without it and says nothing.
 */
import type { Clock, TimerId } from '../../../../core/clock.ts';
import type { AppVisibility } from '../../../../app/host-visibility.ts';

/** What the system hands back for a granted lock (the DOM's WakeLockSentinel). */
export interface WakeLockSentinelLike {
  release(): Promise<void>;
  addEventListener(type: 'release', fn: () => void): void;
  removeEventListener(type: 'release', fn: () => void): void;
}

/** `navigator.wakeLock`. */
export interface WakeLockApi {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

export interface ScreenWakeLockDeps {
  /** Absent where the browser has no Screen Wake Lock API. */
  wakeLock: WakeLockApi | undefined;
  visibility: Pick<AppVisibility, 'shown' | 'on' | 'onShown'>;
  clock: Clock;
}

export interface ScreenWakeLock {
  /** Whether the game wants the screen kept on (the session in game). */
  want(on: boolean): void;
  /** A lock is held now. */
  readonly held: boolean;
  dispose(): void;
}

/**
 * After the system let a lock go while the page is still in sight (a battery saver, or the page about to be
 * reported hidden), it is asked for again this much later: soon enough that the screen does not dim, late enough
 * that a system that keeps dropping it is not asked in a loop.
 */
export const RETAKE_MS = 1000;

export function createScreenWakeLock({ wakeLock, visibility, clock }: ScreenWakeLockDeps): ScreenWakeLock {
  let wanted = false;
  let disposed = false;
  let sentinel: WakeLockSentinelLike | null = null;
  let asking = false;
  let retake: TimerId | undefined;

  const shouldHold = (): boolean => wanted && !disposed && visibility.shown;

  /** The system let it go (the page hidden, a battery saver): ours no longer, taken again shortly while still wanted. */
  function onReleased(this: void): void {
    const s = sentinel;
    if (!s) return;
    s.removeEventListener('release', onReleased);
    sentinel = null;
    if (!shouldHold() || retake !== undefined) return;
    retake = clock.setTimeout(() => {
      retake = undefined;
      sync();
    }, RETAKE_MS);
  }

  function letGo(): void {
    clock.clearTimeout(retake);
    retake = undefined;
    const s = sentinel;
    if (!s) return;
    sentinel = null;
    s.removeEventListener('release', onReleased);
    s.release().catch(() => undefined);
  }

  function ask(api: WakeLockApi): void {
    asking = true;
    let pending: Promise<WakeLockSentinelLike>;
    try {
      pending = api.request('screen');
    } catch {
      asking = false;
      return;
    }
    Promise.resolve(pending).then(
      (s) => {
        asking = false;
        if (!shouldHold()) {
          // Granted after the game stopped wanting it (a quit or the page hidden meanwhile).
          s.release().catch(() => undefined);
          return;
        }
        sentinel = s;
        s.addEventListener('release', onReleased);
      },
      // Refused: asked again when the page is shown again or the game wants it again, never in a loop.
      () => {
        asking = false;
      },
    );
  }

  function sync(): void {
    if (!shouldHold()) return letGo();
    if (sentinel || asking || !wakeLock) return;
    ask(wakeLock);
  }

  const offChange = visibility.on(sync);
  // Every report of being in sight, a change or not: a page restored from the back-forward cache lost its lock.
  const offShown = visibility.onShown(sync);

  return {
    want(on) {
      wanted = on;
      sync();
    },
    get held() {
      return sentinel !== null;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      offChange();
      offShown();
      letGo();
    },
  };
}
