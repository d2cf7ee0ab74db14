/**
 * React's DOM renderer, the first load's largest file and the one part of it that start.ts does not need: main.tsx
 * imports it lazily, so the app starts (config, session, the first view's request) while react-dom is still arriving.
 * Every page's HTML modulepreloads it with the rest of the first load (LCP; docs/decisions/0015).
 */
import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export function render(root: HTMLElement, app: ReactNode): void {
  // A transition renders in 5 ms slices between which the browser can paint and take input; a plain render is one
  // long task (about 100 ms at Lighthouse's 4x slowdown). The prerendered skeleton stays up until the commit.
  startTransition(() => createRoot(root).render(app));
}
