import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import './styles.css';
import { App } from './app/App.tsx';
import { startApp, startAfterFirstPaint } from './app/start.ts';
import { applyPreloadedStylesheets } from './app/stylesheet.ts';

// A start that fails part-way (storage refused, config unreadable) still renders: the pages say what is wrong, a blank screen would not.
void Promise.all([startApp().catch((err: unknown) => console.error('app start failed', err)), applyPreloadedStylesheets(document)])
  .then(() => {
    const root = document.getElementById('root');
    if (root) createRoot(root).render(<Router><App /></Router>);
    startAfterFirstPaint();
  });
