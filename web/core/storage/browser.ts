/**
 * The browser's Web Storage, or the in-memory one when it cannot be used
 * (decision 0008 §3). With site data off (or in some private modes) merely
 * reading `window.localStorage` throws, and an app that touched it at module
 * load stayed blank. Each kind is probed once, at start: the getter, then a
 * write and a removal (old private modes refuse writes only). A kind that
 * fails is replaced by `createMemoryStorage()` for the visit, and the shell
 * tells the player once that nothing will be remembered.
 */
import { createMemoryStorage } from './memory.ts';

export interface BrowserStorage {
  local: Storage;
  session: Storage;
  /** Which kinds fell back to memory (empty when the browser's storage works). */
  blocked: ('local' | 'session')[];
}

const PROBE_KEY = '__storage_probe__';

function usable(read: () => Storage | null | undefined): Storage | null {
  try {
    const s = read();
    if (!s) return null;
    s.setItem(PROBE_KEY, '1');
    s.removeItem(PROBE_KEY);
    return s;
  } catch {
    return null;
  }
}

/** `win` is anything with the two getters (window; a fake in tests). */
export function openBrowserStorage(win: { readonly localStorage?: Storage; readonly sessionStorage?: Storage } = globalThis): BrowserStorage {
  const local = usable(() => win.localStorage);
  const session = usable(() => win.sessionStorage);
  const blocked: BrowserStorage['blocked'] = [];
  if (!local) blocked.push('local');
  if (!session) blocked.push('session');
  return { local: local ?? createMemoryStorage(), session: session ?? createMemoryStorage(), blocked };
}
