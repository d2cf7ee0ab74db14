/**
 * The game's sound under the session (decision 0027): this game's `sound` and `volume` settings set the SDK's level
 * as soon as they are read and whenever the player changes them, and the SDK's word that the browser holds the
 * sound back shows (for the "Tap for sound" chip) only while the player wants sound.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStoragePort } from '../../../web/game/settings.ts';
import { clampVolume, sdkSound } from '../../../web/game/sound-control.ts';
import { flush, GAME, harness } from './fakes.ts';

describe('the game’s sound (decision 0027)', () => {
  it('on at 80 % by default; the game’s stored settings reach the SDK when read, a change at once', async () => {
    const fresh = harness();
    expect(fresh.sdk.sound).toEqual({ on: true, volume: 0.8 });

    const storage = createMemoryStoragePort({ settings: { 'alice_space-race': { sound: 1, volume: 35 } } });
    const h = harness({ storage });
    h.session.start(GAME);
    await flush();
    expect(h.sdk.sound).toEqual({ on: true, volume: 0.35 });
    await h.session.updateSettings({ sound: 0 });
    expect(h.sdk.sound).toEqual({ on: false, volume: 0.35 });
    expect(storage.settings.get('alice_space-race')).toMatchObject({ sound: 0, volume: 35 });
    await h.session.updateSettings({ sound: 1, volume: 100 });
    expect(h.sdk.sound).toEqual({ on: true, volume: 1 });
  });

  it('a blocked sound shows while the player wants sound, and a touch asks the SDK to start it', async () => {
    const h = harness();
    await h.play();
    expect(h.session.soundBlocked.value).toBe(false);
    h.sdk.soundBlocked(true);
    expect(h.session.soundBlocked.value).toBe(true);
    h.session.unblockSound();
    expect(h.sdk.log).toContain('unblock sound');
    // Sound off, or at volume 0: nothing to unblock, so no chip.
    await h.session.updateSettings({ volume: 0 });
    expect(h.session.soundBlocked.value).toBe(false);
    await h.session.updateSettings({ volume: 60, sound: 0 });
    expect(h.session.soundBlocked.value).toBe(false);
    await h.session.updateSettings({ sound: 1 });
    expect(h.session.soundBlocked.value).toBe(true);
    h.sdk.soundBlocked(false);
    expect(h.session.soundBlocked.value).toBe(false);
  });

  it('a stored volume out of range (an older or hand-edited record) is brought into 0–100', () => {
    expect(clampVolume(150)).toBe(100);
    expect(clampVolume(-3)).toBe(0);
    expect(clampVolume(Number.NaN)).toBe(80);
    expect(sdkSound({ sound: 1, volume: 250 })).toEqual({ on: true, volume: 1 });
    expect(sdkSound({ sound: 7, volume: 50 })).toEqual({ on: false, volume: 0.5 });
  });
});
