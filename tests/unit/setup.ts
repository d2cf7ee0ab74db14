/**
 * Runs before every unit test file. The unit layer shares one module graph and one happy-dom window per worker
 * (`isolate: false` in vitest.config.ts: a fresh window per file cost more than the tests themselves), so each file
 * starts from what a fresh window would give it: an empty document, empty storage, real timers, no stubbed globals.
 * Module-level state is each module's own business: a test that needs a module fresh imports it after
 * `vi.resetModules()`.
 */
import { vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllGlobals();
// A file may ask for the node environment (`@vitest-environment node`): it has no window to clean.
if (typeof document !== 'undefined') {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
}
