import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import './styles.css';
import { App } from './app/App.tsx';
import { startApp } from './app/start.ts';

startApp().then(() => {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<Router><App /></Router>);
});
