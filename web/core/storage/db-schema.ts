/** Names, record shapes and defaults of the local database (SPEC §3, §9). */
import { BLURAY_TRY_DURATION_DEFAULT } from '../constants.ts';

export const DB_NAME = 'cloud_game';

export const STORE = {
  user: 'user',
  setting: 'setting',
  gamepad: 'gamepad',
  keyboard: 'keyboard',
  guide: 'guide',
} as const;

/** Per-client flags; clientSid is the cloud client's session id. */
export interface UserRecord {
  clientSid: string;
  /** Seconds of blu-ray trial left (SPEC §9 default 300). */
  bluray_try_duration: number;
  /** 1 while the "single game is members-only" dialog should still be shown. */
  single_only_member_dialog: number;
  /** Epoch ms until which the recommend-product popup stays hidden; 0 = never hidden. */
  recommend_product_dialog_expire: number;
  /** Epoch ms until which the activity-product popup stays hidden; 0 = never hidden. */
  activity_product_dialog_expire: number;
}

export const USER_DEFAULTS: Readonly<Omit<UserRecord, 'clientSid'>> = {
  bluray_try_duration: BLURAY_TRY_DURATION_DEFAULT,
  single_only_member_dialog: 1,
  recommend_product_dialog_expire: 0,
  activity_product_dialog_expire: 0,
};

export interface GameSettings {
  vibrates: number;
  show_keyboard: number;
  realtime_info: number;
  clarity: number;
  full_screen: number;
  /** Minutes (SPEC §4 hang-up). */
  hangup_duration: number;
  brightness: number;
  op_type: number;
  op_custom: number;
  handles_id: number;
  keyboard_id: number;
  mouse_type: number;
  mouse_sensitivity: number;
  /** The game's sound: 1 on, 0 off (not in SPEC §3: the stream's sound, decision 0027). */
  sound: number;
  /** The game's sound level, 0–100. */
  volume: number;
}

/** SPEC §3 "Game settings defaults" (and the sound's, decision 0027). */
export const GAME_SETTING_DEFAULTS: Readonly<GameSettings> = {
  vibrates: 1,
  show_keyboard: 0,
  realtime_info: 0,
  clarity: 1,
  full_screen: 1,
  hangup_duration: 3,
  brightness: 50,
  op_type: 0,
  op_custom: 0,
  handles_id: 0,
  keyboard_id: 0,
  mouse_type: 1,
  mouse_sensitivity: 50,
  sound: 1,
  volume: 80,
};

export interface SettingRecord {
  /** `${username}_${game_key}`: settings are per user and per game (SPEC §3). */
  key: string;
  value: Partial<GameSettings>;
}

export function settingKey(username: string, gameKey: string): string {
  return `${username}_${gameKey}`;
}

export type LayoutKind = 'gamepad' | 'keyboard';

/**
 * A custom virtual gamepad or keyboard layout; config and screen are owned by
 * the layout editor (web/game/layouts-store.ts keeps one per user, game and
 * store under the name `settingKey(username, game_key)`).
 */
export interface LayoutRecord {
  id: number;
  name: string;
  config: unknown;
  screen: unknown;
}

export type NewLayout = Omit<LayoutRecord, 'id'> & { id?: number };

export type GuideValue = number | boolean | string;

export interface GuideRecord {
  name: string;
  value: GuideValue;
}
