/**
 * `dist/config.json`: the runtime config the app fetches at start, so one
 * build can serve any backend and stream SDK. Defaults come from the shared
 * contract; four environment variables override them at build time:
 *
 *   API_BASE        → apiBase       (default "/api/")
 *   GAME_API_BASE   → gameApiBase   (default "/api/game/")
 *   SOCKET_BASE     → socketBase    (default "/socket/")
 *   STREAM_SDK      → sdk           (default "mock-webrtc", web/game/adapters.ts)
 *   SERVICE_WORKER  → serviceWorker (default 1; 0 or false: no service worker, decision 0021)
 *
 * An unset or empty variable keeps the default, so CI templates that always
 * export the names do not blank the config. The file can also be edited after
 * the build (it is plain JSON and not part of any hashed asset).
 *
 * MOCK_CLOUD (1 or 0) says whether the build talks to the mock cloud, which
 * keeps `?mock_session=` / `X-Mock-Session` and the mock's payment page in
 * the bundle (web/core/build-flags.ts). Unset, it follows the bases: a build
 * whose bases are all relative is served by `npm start` (the mock) and is
 * one; a build pointed at an absolute backend is not.
 */
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../web/api/contract.ts';
import { baseOrigin } from './csp.ts';

export const CONFIG_ENV = {
  apiBase: 'API_BASE',
  gameApiBase: 'GAME_API_BASE',
  socketBase: 'SOCKET_BASE',
  sdk: 'STREAM_SDK',
  serviceWorker: 'SERVICE_WORKER',
} as const satisfies Record<keyof RuntimeConfig, string>;

export function runtimeConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): Required<RuntimeConfig> {
  const pick = (key: Exclude<keyof RuntimeConfig, 'serviceWorker'>): string => {
    const value = env[CONFIG_ENV[key]]?.trim();
    return value ? value : DEFAULT_RUNTIME_CONFIG[key];
  };
  return {
    apiBase: pick('apiBase'),
    gameApiBase: pick('gameApiBase'),
    socketBase: pick('socketBase'),
    sdk: pick('sdk'),
    serviceWorker: !['0', 'false'].includes(env[CONFIG_ENV.serviceWorker]?.trim().toLowerCase() ?? ''),
  };
}

export const MOCK_CLOUD_ENV = 'MOCK_CLOUD';

/** Whether the build is for the mock cloud (see above); throws on a MOCK_CLOUD that is not 1/0/true/false. */
export function mockCloudFromEnv(env: Readonly<Record<string, string | undefined>>, config: RuntimeConfig): boolean {
  const value = env[MOCK_CLOUD_ENV]?.trim().toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  if (value) throw new Error(`${MOCK_CLOUD_ENV} must be 1 or 0, got "${env[MOCK_CLOUD_ENV] ?? ''}"`);
  return [config.apiBase, config.gameApiBase, config.socketBase].every((base) => baseOrigin(base) === null);
}
