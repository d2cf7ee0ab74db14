/**
 * The QA console's entry (served at /__mock/ by the mock; build/console.ts):
 * the model on the page's own origin, the session from `?session=`.
 */
import { createRoot } from 'react-dom/client';
import { systemClock } from '../core/clock.ts';
import './console.css';
import { createConsoleModel } from './model/console.ts';
import { ConsoleApp } from './views/ConsoleApp.tsx';

const model = createConsoleModel({
  origin: location.origin,
  clock: systemClock,
  openSocket: (url) => new WebSocket(url),
  initialSession: new URLSearchParams(location.search).get('session') ?? '',
});
const root = document.getElementById('root');
if (root) createRoot(root).render(<ConsoleApp model={model} />);
