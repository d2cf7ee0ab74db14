/**
 * Whether the player can see the app (SPEC §4 hang-up): the page hidden or shown, and inside a host app its `pause`
 * and `resume` (docs/host-bridge.md), which say the same where a webview's page is not told it went to the
 * background. One path: the game screen's leave and return and the session's wake hear this, whichever told it.
 *
 * The latest report wins and only a change is passed on to `on`: a host that sends `pause` while its webview also
 * hides the page puts the game on hold once, and a host that never sends `resume` is still brought back by the page
 * shown. `onShown` hears every report of being in sight, a change or not: a page restored from the back-forward cache
 * was never reported hidden, yet its timers were frozen, so the session must look again (SPEC §4 queue, hang-up).
 */
import type { Bridge } from '../core/bridge.ts';
import { createEmitter, type Unsubscribe } from '../core/emitter.ts';
import type { GameSession } from '../game/index.ts';

export interface AppVisibility {
  /** The player can see the app now. */
  readonly shown: boolean;
  /** Called on each change, in the order listeners came. */
  on(fn: (shown: boolean) => void): Unsubscribe;
  /** Called on every report of being in sight (shown, pageshow, resume), before the change it may be. */
  onShown(fn: () => void): Unsubscribe;
  dispose(): void;
}

interface EventSource {
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
}

export interface AppVisibilityDeps {
  doc: EventSource & { readonly visibilityState: string };
  win: EventSource;
  bridge: Pick<Bridge, 'on'>;
}

export function createAppVisibility({ doc, win, bridge }: AppVisibilityDeps): AppVisibility {
  const emitter = createEmitter<{ change: boolean; shown: undefined }>();
  const pageShown = (): boolean => doc.visibilityState !== 'hidden';
  let shown = pageShown();
  const report = (next: boolean): void => {
    if (next) emitter.emit('shown');
    if (next === shown) return;
    shown = next;
    emitter.emit('change', next);
  };
  const fromPage = (): void => report(pageShown());
  // A page restored from the back-forward cache: its timers were frozen, so the session looks again.
  doc.addEventListener('visibilitychange', fromPage);
  win.addEventListener('pageshow', fromPage);
  const offPause = bridge.on('pause', () => report(false));
  const offResume = bridge.on('resume', () => report(true));
  return {
    get shown() {
      return shown;
    },
    on: (fn) => emitter.on('change', fn),
    onShown: (fn) => emitter.on('shown', fn),
    dispose() {
      doc.removeEventListener('visibilitychange', fromPage);
      win.removeEventListener('pageshow', fromPage);
      offPause();
      offResume();
      emitter.clear();
    },
  };
}

/**
 * The game screen's part (SPEC §4 hang-up): out of sight is leaving, so a game playing goes on hold; back in sight is
 * returning, and whether a hang-up resumes is the session's rule. Opened while out of sight (the host paused during
 * the load), the game is away from the start.
 */
export function followVisibility(visibility: AppVisibility, session: Pick<GameSession, 'leave' | 'returnToGame'>): Unsubscribe {
  const off = visibility.on((shown) => (shown ? session.returnToGame() : session.leave()));
  if (!visibility.shown) session.leave();
  return off;
}
