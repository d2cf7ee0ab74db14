/**
 * The app's start, the entry's code (web/main.tsx imports it after the stylesheet): the shell's start in one task, the
 * first render in the next, once React's renderer has arrived. A module of its own so the production build can put it
 * in the shell every page loads (build/first-load-plan.ts) while the stylesheet stays the entry's alone: imported by
 * a module every lazy chunk reaches, esbuild wrote the whole stylesheet again for each of them.
 */
import { Router } from 'wouter';
import { App } from './App.tsx';
import { clock } from './services.ts';
import { startApp, startAfterFirstPaint } from './start.ts';
import { applyPreloadedStylesheets } from './stylesheet.ts';
import { keepDrawnIcons } from '../ui/drawn-icons.ts';

// React's renderer is the first load's largest file: asked for now (every HTML modulepreloads it), awaited only to
// render, so the start below and the first view's request do not wait for it (app/render.tsx).
const renderer = import('./render.tsx');

// Evaluating the shell is already one long task; the start (storage, session, language, page chunk) runs in the next.
// Its requests lose nothing: the HTML preloads config.json and the page chunk.
const newTask = (): Promise<void> => new Promise<void>((resolve) => clock.setTimeout(resolve, 0));

// A start that fails part-way (storage refused, config unreadable) still renders: the pages say what is wrong, a blank screen would not.
void Promise.all([newTask().then(startApp).catch((err: unknown) => console.error('app start failed', err)), applyPreloadedStylesheets(document), renderer])
  // The first render in a task of its own: the start's last requests (the first view's call) leave in the task before
  // it, so nothing ties them to React's code.
  .then(async ([, , { render }]) => {
    await newTask();
    const root = document.getElementById('root');
    if (root) {
      // Before the first render replaces the skeleton: the app's tab bar shows the icons it drew.
      keepDrawnIcons(root);
      render(root, <Router><App /></Router>);
    }
    startAfterFirstPaint();
  });
