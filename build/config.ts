/**
 * `dist/config.json`: the runtime config the app fetches at start, so one
 * build can serve any backend and stream SDK. Defaults come from the shared
 * contract; four environment variables override them at build time:
 *
 *   API_BASE        → apiBase       (default "/api/")
 *   GAME_API_BASE   → gameApiBase   (default "/api/game/")
 *   SOCKET_BASE     → socketBase    (default "/socket/")
 *   STREAM_SDK      → sdk           (default "mock-webrtc", web/game/adapters.ts)
 *
 * An unset or empty variable keeps the default, so CI templates that always
 * export the names do not blank the config. The file can also be edited after
 * the build (it is plain JSON and not part of any hashed asset).
 */
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../web/api/contract.ts';

export const CONFIG_ENV = {
  apiBase: 'API_BASE',
  gameApiBase: 'GAME_API_BASE',
  socketBase: 'SOCKET_BASE',
  sdk: 'STREAM_SDK',
} as const satisfies Record<keyof RuntimeConfig, string>;

export function runtimeConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): Required<RuntimeConfig> {
  const pick = (key: keyof RuntimeConfig): string => {
    const value = env[CONFIG_ENV[key]]?.trim();
    return value ? value : DEFAULT_RUNTIME_CONFIG[key];
  };
  return {
    apiBase: pick('apiBase'),
    gameApiBase: pick('gameApiBase'),
    socketBase: pick('socketBase'),
    sdk: pick('sdk'),
  };
}
