import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import './styles.css';
import { App } from './app/App.tsx';
import { clock } from './app/services.ts';
import { startApp, startAfterFirstPaint } from './app/start.ts';
import { applyPreloadedStylesheets } from './app/stylesheet.ts';
import { keepDrawnIcons } from './ui/drawn-icons.ts';

// Evaluating React and the shell is already one long task; the start (storage, session, language, page chunk) runs in
// the next. Its requests lose nothing: the HTML preloads config.json and the page chunk.
const nextTask = new Promise<void>((resolve) => clock.setTimeout(resolve, 0));

// A start that fails part-way (storage refused, config unreadable) still renders: the pages say what is wrong, a blank screen would not.
void Promise.all([nextTask.then(startApp).catch((err: unknown) => console.error('app start failed', err)), applyPreloadedStylesheets(document)])
  .then(() => {
    const root = document.getElementById('root');
    if (root) {
      // Before the first render replaces the skeleton: the app's tab bar shows the icons it drew.
      keepDrawnIcons(root);
      // A transition renders in 5 ms slices between which the browser can paint and take input; a plain render is one
      // long task (about 100 ms at Lighthouse's 4x slowdown). The prerendered skeleton stays up until the commit.
      startTransition(() => createRoot(root).render(<Router><App /></Router>));
    }
    startAfterFirstPaint();
  });
