/**
 * The app's one game session (SPEC §4): created lazily for the logged-in
 * user, disposed on logout. This module is light (it is imported by the
 * shell and by the home banner); the session code and the local database
 * load with a dynamic import the first time a session is needed, and the
 * stream SDK config.json names (`sdk`, web/game/adapters.ts) only when a
 * game first needs a stream.
 *
 * - After login and at app start when logged in: `checkSessions()` (an
 *   able_recon session waits in hang-up, shown on home as "still running").
 * - 30001 on the game screen: `tokenExpired()` (services' onTokenExpired).
 * - The game screen calls `leave()` when hidden or left and `returnToGame()`
 *   when back (web/pages/submodules/game/game); hidden and shown are
 *   `appVisibility()`: the page's, or the host app's pause and resume.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { getDeviceModel } from '../core/device.ts';
import type { GameSession } from '../game/index.ts';
import { mockSessionOf } from './channel.ts';
import { createApi } from '../api/endpoints.ts';
import { auth, bridge, clock, config, getAppDeviceId, local, onTokenExpired, session as sessionStore, storage as browserStorage, toaster } from './services.ts';
import { http } from './api-client.ts';
import { systemInfo } from './system-info.ts';
import { sessionTakesExpiry } from './token-expiry.ts';
import { messages } from '../core/i18n/messages.ts';
import { queueBarSlot, queueInProgress } from './queue-slot.ts';
import { createAppVisibility, type AppVisibility } from './host-visibility.ts';
import { watchHostSafeArea } from './host-safe-area.ts';

const msgs = messages('app/game', { hangupOver: 'Hang-up time is over: your game was closed' });

const $session = signal<GameSession | null>(null);
/** The session once built (null before the first use and after logout). */
export const gameSession: ReadonlySignal<GameSession | null> = $session;

let building: Promise<GameSession> | null = null;
let owner: string | null = null;

const mockSession = (): string | null => mockSessionOf(browserStorage.session);

async function build(username: string): Promise<GameSession> {
  const [game, db, modelName] = await Promise.all([
    import('../game/index.ts'),
    import('./app-db.ts'),
    getDeviceModel(globalThis.navigator, clock),
    systemInfo.load().catch(() => null),
  ]);
  const storage = await db.openDb().then(
    (appDb) => game.createDbStoragePort(appDb),
    // Site data off, or an old tab blocking the upgrade (app-db.ts says so): settings last for the visit.
    () => game.createMemoryStoragePort(),
  );
  const s = game.createGameSession({
    clock,
    // Every call of the session is background (decision 0008 §6): a 403/500/503 ends or skips that step on the
    // game screen, with its message, instead of navigating away from a running game (SPEC §8 is for page-level calls).
    api: createApi(http, { background: true }),
    // Read when a game first needs a stream, so the config loaded by then names the adapter.
    sdk: game.createLazySdk(() => game.loadSdk(config.sdk, { clock, socketBase: config.socketBase, mockSession: mockSession() })),
    openSocket: game.createSocketOpener({ clock }),
    storage,
    account: {
      username: () => auth.$auth.get().loginInfo?.username ?? username,
      uid: () => auth.$auth.get().loginInfo?.swcloud_uid ?? 0,
      loginToken: () => auth.$auth.get().token,
      clientSid: getAppDeviceId,
      agentCode: () => sessionStore.getAgentCode(),
    },
    getUser: () => auth.$user.get(),
    getSystem: () => systemInfo.get(),
    onUserInfo: (u) => auth.setUser(u),
    socketBase: config.socketBase,
    socketQuery: (): Record<string, string> => {
      const m = mockSession();
      return m ? { mock_session: m } : {};
    },
    modelName,
    // A minor's seconds of play today outlive a reload (decision 0012): local storage, per uid.
    minorUsage: {
      read: (key) => local.getOr<{ day: number; seconds: number } | null>(key, null),
      write: (key, value) => local.set(key, value),
    },
  });
  // Decision 0012: the queue follows the player; its bar and seat dialog load the first time a session queues.
  s.state.subscribe((st) => {
    queueInProgress.set(st.phase === 'queued' || st.phase === 'seat-ready');
    if (game.wantsQueueBar(st) && !queueBarSlot.get()) {
      void import('./QueueBarHost.tsx').then((m) => queueBarSlot.set(m.QueueBarHost)).catch(() => undefined);
    }
  });
  // Away from the screen when the hang-up ran out: say so wherever the player is (SPEC §4).
  s.on('hangup-over', () => toaster.show({ title: msgs.get().hangupOver, icon: 'none', duration: 3000 }));
  return s;
}

/** The session of the logged-in user, built on first use. Rejects when nobody is logged in. */
export function getGameSession(): Promise<GameSession> {
  const username = auth.$auth.get().loginInfo?.username;
  if (!username) return Promise.reject(new Error('not logged in'));
  if (building && owner === username) return building;
  disposeGameSession();
  owner = username;
  const b = build(username).then((s) => {
    if (building !== b) {
      s.dispose();
      throw new Error('logged out');
    }
    $session.value = s;
    return s;
  });
  building = b;
  b.catch(() => {
    if (building === b) {
      building = null;
      owner = null;
    }
  });
  return b;
}

export function disposeGameSession(): void {
  const s = $session.peek();
  building = null;
  owner = null;
  $session.value = null;
  s?.dispose();
}

/** After login or at app start: user_sc_list (SPEC §4 "After login or app start"). */
export function checkGameSessions(): void {
  void getGameSession()
    .then((s) => s.checkSessions())
    .catch(() => undefined);
}

let visibility: AppVisibility | null = null;
/** The page hidden or shown, or the host app paused or resumed (SPEC §4 hang-up): one watch for the app. */
export function appVisibility(): AppVisibility {
  if (visibility) return visibility;
  const v = createAppVisibility({ doc: document, win: window, bridge });
  // In sight again (shown, restored from the back-forward cache, the host resumed): timers may have been held
  // meanwhile, so the session looks again now (a queue is asked, a hang-up that ran out ends), before a game
  // screen's return hears the change.
  v.onShown(() => $session.peek()?.wake());
  return (visibility = v);
}

let insetsWatched = false;
/** The host's bars as the game screen's safe area (host-safe-area.ts): from app start, so no change is missed. */
export function watchHostInsets(): void {
  if (insetsWatched) return;
  insetsWatched = true;
  watchHostSafeArea(bridge, document.documentElement);
}

let wired = false;
/** Called once from startApp after the stored login was restored. */
export function wireGameSession(): void {
  if (wired) return;
  wired = true;
  let user = auth.$auth.get().loginInfo?.username ?? null;
  if (user) checkGameSessions();
  auth.$auth.listen((a) => {
    const next = a.loginInfo?.username ?? null;
    if (next === user) return;
    user = next;
    // Deferred: on 30001 the store logs out before the game screen hears of it (tokenExpired first).
    clock.setTimeout(() => {
      if ((auth.$auth.get().loginInfo?.username ?? null) !== owner) disposeGameSession();
      if (next) checkGameSessions();
    }, 0);
  });
  appVisibility();
  watchHostInsets();
  // A balance refreshed elsewhere reaches the session (membership loss, SPEC §4).
  auth.$user.listen((u) => {
    if (u) $session.peek()?.applyUserInfo(u);
  });
  // SPEC §8: a session under way on the game screen ends as token-expired; otherwise services goes to login (token-expiry.ts).
  onTokenExpired(() => {
    const s = $session.peek();
    if (!s || !sessionTakesExpiry(s.phase.peek(), s.end.peek()?.reason)) return false;
    s.tokenExpired();
    return true;
  });
}
