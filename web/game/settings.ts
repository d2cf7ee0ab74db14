/**
 * Game settings per username + game key (SPEC §3 "setting" store and
 * defaults) and the blu-ray trial seconds of the local `user` record, behind
 * a small port so the session is tested with memory and the app uses
 * IndexedDB (`createDbStoragePort`).
 */
import { BLURAY_TRY_DURATION_DEFAULT } from '../core/constants.ts';
import { GAME_SETTING_DEFAULTS, STORE, settingKey, type AppDb, type GameSettings, type SettingRecord } from '../core/storage/db.ts';

export { GAME_SETTING_DEFAULTS, type GameSettings };

export interface LoadedSettings {
  settings: GameSettings;
  /** False when nothing was ever stored for this user and game: clarity then follows definition_default_conf. */
  stored: boolean;
  /** The fields the player set for this game (the stored record): a field that is absent was never chosen (op_type, decision 0007). */
  chosen: Partial<GameSettings>;
}

export interface GameStoragePort {
  loadSettings(username: string, gameKey: string): Promise<LoadedSettings>;
  /** Merges and returns the full settings. */
  saveSettings(username: string, gameKey: string, patch: Partial<GameSettings>): Promise<GameSettings>;
  /** Seconds of blu-ray trial left for this client (SPEC §3 user.bluray_try_duration, default 300). */
  loadTrialSeconds(clientSid: string): Promise<number>;
  saveTrialSeconds(clientSid: string, seconds: number): Promise<void>;
}

/** SPEC §9 "Mouse sensitivity scaling 119 percent". */
const MOUSE_SENSITIVITY_PERCENT = 119;
export const MOUSE_SENSITIVITY_MIN = 0;
export const MOUSE_SENSITIVITY_MAX = 100;

/**
 * The value handed to the SDK for a `mouse_sensitivity` setting:
 * `round(clamp(setting, 0, 100) × 119) / 100`, i.e. the setting × 1.19 kept
 * exact to two decimals (50 → 59.5, 100 → 119). Integer arithmetic first so
 * 1.19's binary rounding never shows (e.g. 3 × 1.19 would be 3.5699999…).
 */
export function sdkMouseSensitivity(setting: number): number {
  const s = clampSensitivity(setting);
  return Math.round(s * MOUSE_SENSITIVITY_PERCENT) / 100;
}

export function clampSensitivity(setting: number): number {
  if (!Number.isFinite(setting)) return GAME_SETTING_DEFAULTS.mouse_sensitivity;
  return Math.min(MOUSE_SENSITIVITY_MAX, Math.max(MOUSE_SENSITIVITY_MIN, Math.round(setting)));
}

/** Settings as stored (possibly from an older version) with missing fields defaulted. */
export function withDefaults(partial: Partial<GameSettings> | undefined): GameSettings {
  return { ...GAME_SETTING_DEFAULTS, ...partial };
}

/** The app's port: the local database (`openAppDb`). */
export function createDbStoragePort(db: AppDb): GameStoragePort {
  const storedRecord = (key: string): Promise<SettingRecord | undefined> =>
    new Promise((resolve, reject) => {
      const tx = db.raw.transaction(STORE.setting, 'readonly');
      const req = tx.objectStore(STORE.setting).get(key);
      req.onsuccess = () => resolve(req.result as SettingRecord | undefined);
      req.onerror = () => reject(req.error ?? new Error('setting read failed'));
    });
  return {
    async loadSettings(username, gameKey) {
      const rec = await storedRecord(settingKey(username, gameKey));
      return { settings: withDefaults(rec?.value), stored: rec !== undefined, chosen: { ...rec?.value } };
    },
    saveSettings: (username, gameKey, patch) => db.putSetting(username, gameKey, patch),
    async loadTrialSeconds(clientSid) {
      return (await db.getUser(clientSid)).bluray_try_duration;
    },
    async saveTrialSeconds(clientSid, seconds) {
      await db.putUser({ clientSid, bluray_try_duration: Math.max(0, Math.round(seconds)) });
    },
  };
}

/** Tests and the private-mode fallback: the same behaviour, kept in maps (each game's record as stored: only what was set). */
export function createMemoryStoragePort(seed: { settings?: Record<string, Partial<GameSettings>>; trial?: Record<string, number> } = {}): GameStoragePort & {
  readonly settings: Map<string, Partial<GameSettings>>;
  readonly trial: Map<string, number>;
} {
  const settings = new Map<string, Partial<GameSettings>>(Object.entries(seed.settings ?? {}).map(([k, v]) => [k, { ...v }]));
  const trial = new Map<string, number>(Object.entries(seed.trial ?? {}));
  return {
    settings,
    trial,
    async loadSettings(username, gameKey) {
      const rec = settings.get(settingKey(username, gameKey));
      return { settings: withDefaults(rec), stored: rec !== undefined, chosen: { ...rec } };
    },
    async saveSettings(username, gameKey, patch) {
      const key = settingKey(username, gameKey);
      const next = { ...settings.get(key), ...patch };
      settings.set(key, next);
      return withDefaults(next);
    },
    async loadTrialSeconds(clientSid) {
      return trial.get(clientSid) ?? BLURAY_TRY_DURATION_DEFAULT;
    },
    async saveTrialSeconds(clientSid, seconds) {
      trial.set(clientSid, Math.max(0, Math.round(seconds)));
    },
  };
}
