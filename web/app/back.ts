/**
 * The host's back gesture (SPEC §2): the game screen registers a handler
 * (quit dialog, or stop the queue); everywhere else it closes the webview.
 */
import type { Bridge } from '../core/bridge.ts';
import { GAME_PATH, normalizePath } from './route-table.ts';

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
