/**
 * The game's sound, from the player's settings to the SDK (decision 0027):
 * `sound` on or off and `volume` 0–100 of this game's settings set the SDK's
 * level whenever they change (and when a game's settings are read), and the
 * SDK's word that the browser holds the sound back becomes `blocked`, which
 * the game screen shows as a "Tap for sound" chip while the sound is on.
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { GameSdk, SdkSound } from './sdk.ts';
import { GAME_SETTING_DEFAULTS, type GameSettings } from './settings.ts';

export const VOLUME_MIN = 0;
export const VOLUME_MAX = 100;

/** A stored volume as 0–100 (a hand-edited or older record may hold anything). */
export function clampVolume(v: number): number {
  if (!Number.isFinite(v)) return GAME_SETTING_DEFAULTS.volume;
  return Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, Math.round(v)));
}

export function sdkSound(s: Pick<GameSettings, 'sound' | 'volume'>): SdkSound {
  return { on: s.sound === 1, volume: clampVolume(s.volume) / VOLUME_MAX };
}

export interface SoundControl {
  /** The browser holds the sound back and the player wants it: a touch will start it. */
  readonly blocked: ReadonlySignal<boolean>;
  /** Inside the player's touch or click. */
  unblock(): void;
  dispose(): void;
}

export function createSoundControl(sdk: Pick<GameSdk, 'setSound' | 'unblockSound' | 'subscribe'>, settings: ReadonlySignal<GameSettings>): SoundControl {
  const held = signal(false);
  const stopEffect = effect(() => sdk.setSound(sdkSound(settings.value)));
  const unsubscribe = sdk.subscribe({ soundBlocked: (b) => (held.value = b) });
  return {
    blocked: computed(() => held.value && sdkSound(settings.value).on && sdkSound(settings.value).volume > 0),
    unblock: () => sdk.unblockSound(),
    dispose() {
      stopEffect();
      unsubscribe();
    },
  };
}
