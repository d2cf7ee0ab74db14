/**
 * In-app navigation helpers. `goBack` only goes back in history when the
 * previous entry is one of ours; a deep-linked page goes home instead of
 * leaving the app.
 */
import { navigate } from 'wouter/use-browser-location';
import { HOME_PATH } from './route-table.ts';

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
