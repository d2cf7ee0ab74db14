/** `dist/config.json`: one build serves any backend (SPEC §7 "api prefix", "socket prefix"). */
export interface RuntimeConfig {
  /** Base of all API calls, e.g. "/api/" or "https://api.example.com/". */
  apiBase: string;
  /** Base of game calls (the game header set is added to these). */
  gameApiBase: string;
  /** Base of websockets, e.g. "/socket/" or "wss://ws.example.com/". Relative bases resolve against the page origin. */
  socketBase: string;
  /** The stream SDK adapter by name (web/game/adapters.ts). Optional: a config without it (an older config.json) plays with the default. */
  sdk?: string;
  /**
   * Whether the app registers its service worker (offline shell, docs/decisions/0021-service-worker.md). Optional,
   * default true; false is for a host whose webview must not have one, and also unregisters one registered before.
   */
  serviceWorker?: boolean;
}

export const DEFAULT_RUNTIME_CONFIG: Required<RuntimeConfig> = {
  apiBase: '/api/',
  gameApiBase: '/api/game/',
  socketBase: '/socket/',
  sdk: 'mock-webrtc',
  serviceWorker: true,
};
