/**
 * The game sideways on a phone (decision 0023). Inside a host app that announced `setOrientation` the host turns the
 * screen (web/app/host-orientation.ts) and nothing here asks again. In a phone's browser the screen is locked to
 * landscape while a game is under way, where the browser allows it: Chromium on Android only in full screen (entered
 * on the tap that starts the game, fullscreen.ts) or in the installed app. Where it cannot be locked (iOS Safari has
 * no lock; a refusal) and the phone is held upright while the game runs, a "turn your phone" hint shows until the
 * phone is turned or the player dismisses it. A desktop is never asked and never told.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-core';

/** Who turns the screen for the game: the host app, the browser (its lock, else the hint), or nobody (not a phone). */
export type Turner = 'host' | 'browser' | 'none';

export const turnerOf = (phone: boolean, hostTurns: boolean): Turner => (!phone ? 'none' : hostTurns ? 'host' : 'browser');

/** The browser's orientation lock: not asked, being granted, held, or refused (or absent). */
export type LockState = 'idle' | 'asking' | 'held' | 'refused';

/** `screen.orientation`: `lock` is absent where the browser has none (iOS Safari; TypeScript's DOM types lack it). */
export interface OrientationLock {
  lock?: (orientation: 'landscape') => Promise<void>;
  unlock?: () => void;
}

/** A yes or no of the page that can change: a media query, the document in full screen. */
export interface Watched {
  readonly value: boolean;
  on(fn: () => void): () => void;
}

export interface LandscapeDeps {
  turner: Turner;
  orientation: OrientationLock | undefined;
  /** Running as the installed app (display-mode standalone), where Chromium locks without full screen. */
  installed: boolean;
  fullScreen: Watched;
  portrait: Watched;
}

/** What the session says of the game now (web/game/flags.ts). */
export interface LandscapeFlags {
  /** A game is starting, queued or running: the lock applies. */
  underWay: boolean;
  /** A game is running (loading, playing, reconnecting): the hint applies. */
  inGame: boolean;
}

export interface Landscape {
  readonly lock: ReadonlySignal<LockState>;
  /** The "turn your phone" hint is shown. */
  readonly hint: ReadonlySignal<boolean>;
  follow(flags: LandscapeFlags): void;
  /** The player closed the hint: it stays away while this game screen is open. */
  dismiss(): void;
  /** Leaving the game screen: the lock is let go. */
  dispose(): void;
}

export function createLandscape(d: LandscapeDeps): Landscape {
  const lock = signal<LockState>('idle');
  const portrait = signal(d.portrait.value);
  const inGame = signal(false);
  const dismissed = signal(false);
  let underWay = false;
  let disposed = false;
  // Which request is the current one: an answer to an older one changes nothing.
  let attempt = 0;

  const wanted = (): boolean => !disposed && d.turner === 'browser' && underWay && (d.installed || d.fullScreen.value);

  function unlock(): void {
    try {
      d.orientation?.unlock?.();
    } catch {
      // Not locked any more (full screen already left): nothing to undo.
    }
  }

  function ask(): void {
    const mine = ++attempt;
    const o = d.orientation;
    if (!o?.lock) {
      lock.value = 'refused';
      return;
    }
    lock.value = 'asking';
    let pending: Promise<void>;
    try {
      pending = o.lock('landscape');
    } catch {
      lock.value = 'refused';
      return;
    }
    Promise.resolve(pending).then(
      () => {
        if (mine === attempt) lock.value = 'held';
        // Granted after the game stopped wanting it, and nothing newer asked meanwhile.
        else if (lock.peek() === 'idle') unlock();
      },
      () => {
        if (mine === attempt) lock.value = 'refused';
      },
    );
  }

  function letGo(): void {
    const was = lock.peek();
    attempt++;
    lock.value = 'idle';
    if (was === 'held' || was === 'asking') unlock();
  }

  /** Asked once each time it becomes wanted (a refusal is not asked again until full screen is entered again). */
  function sync(): void {
    const state = lock.peek();
    if (wanted()) {
      if (state === 'idle') ask();
    } else if (state !== 'idle') letGo();
  }

  const offs = [
    d.fullScreen.on(sync),
    d.portrait.on(() => {
      portrait.value = d.portrait.value;
    }),
  ];

  return {
    lock,
    hint: computed(() => d.turner === 'browser' && inGame.value && portrait.value && !dismissed.value && lock.value !== 'held' && lock.value !== 'asking'),
    follow(flags) {
      if (disposed) return;
      underWay = flags.underWay;
      inGame.value = flags.inGame;
      sync();
    },
    dismiss() {
      dismissed.value = true;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const off of offs) off();
      inGame.value = false;
      sync();
    },
  };
}
