/**
 * The bench baseline: the smallest React page (react-dom/client + one <h1>),
 * built with the app's exact esbuild settings. The app's first-load JS is
 * reported as a ratio of this, so framework cost and app cost stay apart.
 */
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(<h1>Cloud Gaming</h1>);
