/**
 * In-app navigation helpers. `goBack` only goes back in history when the
 * previous entry is one of ours; a deep-linked page goes home instead of
 * leaving the app. The host's back gesture (SPEC §2) is handled here too: the
 * game screen registers a handler (quit dialog, or stop the queue); everywhere
 * else it closes the webview.
 */
import { navigate } from 'wouter/use-browser-location';
import type { Bridge } from '../core/bridge.ts';
import { normalizePath } from './route-table.ts';
import { GAME_PATH, HOME_PATH } from '../core/paths.ts';

let depth = 0;
let tracking = false;

/** wouter dispatches "pushState" for every in-app push; popstate moves back. */
export function trackHistory(win: Window = window): void {
  if (tracking) return;
  tracking = true;
  win.addEventListener('pushState', () => {
    depth += 1;
  });
  win.addEventListener('popstate', () => {
    depth = Math.max(0, depth - 1);
  });
}

export function canGoBack(): boolean {
  return depth > 0;
}

export function goBack(fallback: string = HOME_PATH): void {
  if (depth > 0) history.back();
  else navigate(fallback, { replace: true });
}

export { navigate };

export type BackHandler = () => boolean;

let gameHandler: BackHandler | null = null;

/** The game screen returns true when it handled the gesture (playing, reconnecting or queued). */
export function setGameBackHandler(fn: BackHandler | null): void {
  gameHandler = fn;
}

export function handleBackGesture(pathname: string, bridge: Pick<Bridge, 'closeWebview'>): 'game' | 'close' {
  if (normalizePath(pathname) === GAME_PATH && gameHandler?.()) return 'game';
  bridge.closeWebview();
  return 'close';
}
