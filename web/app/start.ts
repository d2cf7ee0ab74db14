/**
 * App start: read the runtime config, remember the channel, restore the
 * session, hook up the host bridge and right-click rule; after the first
 * paint, the rest (startAfterFirstPaint). Failures here never stop the app
 * from rendering.
 */
import { loadRuntimeConfig } from './config.ts';
import { MOCK_SESSION_KEY, isSingleGameMode, readChannel, rememberSingleMode } from './channel.ts';
import { auth, bridge, clock, config, local, network, session, storage } from './services.ts';
import { wireHostNetwork } from './host-network.ts';
import { blockContextMenu } from './context-menu.ts';
import { handleBackGesture, trackHistory } from './navigation.ts';
import { pageLoader } from './pages.ts';
import { findRoute, PRELOAD_ORDER } from './route-table.ts';
import { startLanguage } from './language.ts';
import { afterPaintWhenIdle } from './after-paint.ts';
import { afterFirstImage, holdFirstImage, releaseFirstImage } from '../ui/first-image.ts';

/** Past this a slow page chunk no longer holds the first render: PageHost's loading placeholders take over. */
const FIRST_PAGE_WAIT_MS = 3000;

export async function startApp(): Promise<void> {
  trackHistory();
  blockContextMenu();
  const channel = readChannel(location.search);
  // Kept for the rest of the visit: later pages carry no query (SPEC §2).
  if (channel.agentCode) session.setAgentCode(channel.agentCode);
  if (channel.mockSession) storage.session.setItem(MOCK_SESSION_KEY, channel.mockSession);
  // Entering on the game screen with a channel and no game is single-game mode for the visit (SPEC §2).
  if (isSingleGameMode(location.pathname, location.search, channel.agentCode)) rememberSingleMode(storage.session, true);
  bridge.on('back', () => handleBackGesture(location.pathname, bridge));
  // Inside the host app its own network status is better than the browser's (SPEC §4).
  wireHostNetwork(bridge, network);

  const current = findRoute(location.pathname);
  const where = location.pathname + location.search;
  // The API client loads now, with the config and the page's code, when the first view calls the API (route entry
  // `callsFirst`, docs/decisions/0015-first-load.md).
  const client = current?.callsFirst ? import('./api-client.ts') : null;
  // Its first view is an image the first answer names: the rest of the art and the start-up work wait for it from
  // now, before anything renders (ui/first-image.ts; the client ends the hold).
  if (client && current?.firstImage) holdFirstImage(clock);
  // The page being opened loads in parallel with the config and session, and the first render waits for it (a while):
  // the prerendered skeleton stays on screen until the page replaces it, never a blank body in between (decision 0014).
  const page = current ? pageLoader.load(current.page).then(() => undefined, () => undefined) : Promise.resolve();
  const pageOrTimeout = Promise.race([page, new Promise<void>((resolve) => clock.setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
  const language = startLanguage({
    local,
    bridge,
    search: location.search,
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
    root: document.documentElement,
  }).catch(() => undefined);
  const configured = loadRuntimeConfig().then((cfg) => void Object.assign(config, cfg));
  const restored = auth.restore().catch(() => undefined);
  // The first view's request leaves as soon as it can be signed, in parallel with the page's code (first-request.ts).
  // A start that failed asks for no first request: nothing is worth holding the rest for.
  if (client && current) void Promise.all([client, configured, restored, language]).then(([m]) => m.startFirstRequest(current.page, where)).catch(releaseFirstImage);
  await Promise.all([configured, restored, language, pageOrTimeout]);
  if (auth.isLoggedIn()) void auth.refreshBalance().catch(() => undefined);
  // Entering on the game screen, the game session is the first view's business: wired now, not after the paint.
  if (current?.page === 'game') wireGameSession();
}

/** The game session: user_sc_list now when logged in and after every login (SPEC §4), 30001 on the game screen. */
const wireGameSession = once(() => void import('./game.ts').then((m) => m.wireGameSession()).catch(() => undefined));

/**
 * Start-up work that is not the first view, once it painted (after-paint.ts) and its largest image is on screen
 * (ui/first-image.ts): app/boot.tsx calls this right after the first render. Each piece is a chunk of its own, so none of
 * it is parsed or run on the first load's long tasks.
 */
export function startAfterFirstPaint(): void {
  afterFirstImage(() => afterPaintWhenIdle({ clock, requestAnimationFrame: (fn) => window.requestAnimationFrame(fn), requestIdleCallback: typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback.bind(window) : undefined }, () => {
    wireGameSession();
    // The daily sign-in: when logged in, after every login, at each new day (SPEC §4; docs/decisions/0013).
    void import('./signin.ts').then((m) => m.wireDailySignIn()).catch(() => undefined);
    // Field vitals, off the first page's critical path (vitals.ts).
    void import('./vitals.ts').then((m) => m.startVitals()).catch(() => undefined);
    // The service worker: the offline shell and the update bar (docs/decisions/0021-service-worker.md).
    void import('./service-worker.ts').then((m) => m.startServiceWorker()).catch(() => undefined);
    void pageLoader.preload(PRELOAD_ORDER);
  }));
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
