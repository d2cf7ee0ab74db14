/**
 * The host simulator's entry (served at /__mock/host/ by the mock; build/console.ts; docs/decisions/0020-host-simulator.md).
 * It sets the cookie that has the mock inject its script into the app's HTML, puts its link on `window` for that
 * script to read, and reaches the framed app (same origin) directly: events go to its `cgBridgeReceive`.
 */
import { createRoot } from 'react-dom/client';
import { systemClock } from '../../core/clock.ts';
import { HOST_SIM_COOKIE, HOST_SIM_GLOBAL } from '../../../mock-server/client/host-simulator.ts';
import '../console.css';
import './host.css';
import { createHostModel, type FrameControl } from './model.ts';
import { HostApp } from './views/HostApp.tsx';

// Before the frame's first request: the mock injects only into requests that carry it. Session-long, for the whole
// origin (the app's pages live everywhere); outside the simulator's frame the injected script does nothing.
document.cookie = `${HOST_SIM_COOKIE}=1; path=/; SameSite=Strict`;

const frameRef: { current: HTMLIFrameElement | null } = { current: null };

const frame: FrameControl = {
  deliver(text) {
    try {
      const w = frameRef.current?.contentWindow as (Window & { cgBridgeReceive?: unknown }) | null | undefined;
      if (!w || typeof w.cgBridgeReceive !== 'function') return false;
      (w.cgBridgeReceive as (message: unknown) => void)(text);
      return true;
    } catch {
      // The frame is on another origin (a link the app opened in place): nothing of the app is there.
      return false;
    }
  },
  reload() {
    const f = frameRef.current;
    if (!f) return;
    try {
      f.contentWindow?.location.reload();
    } catch {
      f.src = model.address.value;
    }
  },
  open(path) {
    if (frameRef.current) frameRef.current.src = path;
  },
};

let storage: Storage | null = null;
try {
  storage = window.localStorage;
} catch {
  // Site data refused: the settings last for this visit.
}

const model = createHostModel({
  clock: systemClock,
  frame,
  storage,
  initialPath: new URLSearchParams(location.search).get('path') ?? '/',
  origin: location.origin,
});
(window as unknown as Record<string, unknown>)[HOST_SIM_GLOBAL] = model.link;

const root = document.getElementById('root');
if (root) createRoot(root).render(<HostApp model={model} frameRef={frameRef} />);
