/**
 * App start: read the runtime config, remember the channel, restore the
 * session, hook up the host bridge and right-click rule, then preload page
 * chunks on idle. Failures here never stop the app from rendering.
 */
import { loadRuntimeConfig } from './config.ts';
import { MOCK_SESSION_KEY, isSingleGameMode, readChannel, rememberSingleMode } from './channel.ts';
import { auth, bridge, clock, config, local, network, session, storage } from './services.ts';
import { parseHostNetwork } from './host-network.ts';
import { blockContextMenu } from './context-menu.ts';
import { handleBackGesture, trackHistory } from './navigation.ts';
import { pageLoader, PRELOAD_ORDER } from './pages.ts';
import { findRoute } from './route-table.ts';
import { startLanguage } from './language.ts';

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
  bridge.on('network', (data) => {
    const state = parseHostNetwork(data);
    if (state) network.set(state);
  });

  const current = findRoute(location.pathname);
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
  const [cfg] = await Promise.all([loadRuntimeConfig(), auth.restore().catch(() => undefined), language, pageOrTimeout]);
  Object.assign(config, cfg);
  if (auth.isLoggedIn()) void auth.refreshBalance().catch(() => undefined);
  // The game session: user_sc_list now when logged in and after every login (SPEC §4), 30001 on the game screen.
  void import('./game.ts').then((m) => m.wireGameSession()).catch(() => undefined);
  // The daily sign-in: now when logged in, after every login, at each new day (SPEC §4; docs/decisions/0013).
  void import('./signin.ts').then((m) => m.wireDailySignIn()).catch(() => undefined);

  const idle = (fn: () => void): void => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 3000 });
    else clock.setTimeout(fn, 1500);
  };
  idle(() => {
    // Field vitals after the first page, off its critical path (vitals.ts).
    void import('./vitals.ts').then((m) => m.startVitals()).catch(() => undefined);
    void pageLoader.preload(PRELOAD_ORDER);
  });
}
