/**
 * Which hardware keys the game gets (decision 0007): every key by its
 * `KeyboardEvent.code`, except the few the app keeps — Escape opens the game
 * menu; the browser's and the system's own keys (reload F5, full screen F11,
 * developer tools F12, the Meta/OS key) and shortcuts with Ctrl or Meta
 * (Ctrl+W, Ctrl+R, ⌘Q…), or Alt with the history arrows and F4, stay theirs.
 * Ctrl, Alt and Shift pressed alone are game keys (crouch, walk, run).
 */

export type KeyRoute = 'game' | 'menu' | 'app';

/** The parts of a KeyboardEvent the rule reads. */
export interface KeyPress {
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const BROWSER_KEYS = new Set(['F5', 'F11', 'F12', 'MetaLeft', 'MetaRight', 'OSLeft', 'OSRight', 'ContextMenu', 'BrowserBack', 'BrowserForward', 'BrowserRefresh']);
const MODIFIERS = new Set(['ControlLeft', 'ControlRight', 'AltLeft', 'AltRight', 'ShiftLeft', 'ShiftRight']);
/** Alt with these navigates or closes the window. */
const ALT_BROWSER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'F4', 'Tab']);

export function keyRoute(k: KeyPress): KeyRoute {
  if (k.code === 'Escape') return 'menu';
  if (!k.code || k.code === 'Unidentified' || BROWSER_KEYS.has(k.code)) return 'app';
  if (MODIFIERS.has(k.code)) return 'game';
  if (k.ctrlKey || k.metaKey) return 'app';
  if (k.altKey && ALT_BROWSER_KEYS.has(k.code)) return 'app';
  return 'game';
}
