/**
 * Full screen for the game (SPEC §3 setting full_screen, on by default).
 * Browsers grant full screen only inside a user gesture, so the setting is
 * honoured on the tap that starts the game on a phone (start-tap.ts), else on
 * the player's next tap or key press on the game screen, and again after the
 * system took it away (a swipe, Esc) while the setting is on.
 */
import { useEffect } from 'react';

/** A request still being granted: turning the setting off in the same tap must wait for it, or it lands after the exit. */
let entering: Promise<void> | null = null;

export function enterFullScreen(): void {
  if (entering || document.fullscreenElement || !document.fullscreenEnabled || !document.documentElement.requestFullscreen) return;
  entering = document.documentElement
    .requestFullscreen()
    .catch(() => undefined)
    .finally(() => {
      entering = null;
    });
}

export function exitFullScreen(): void {
  if (entering) {
    void entering.then(exitFullScreen);
    return;
  }
  if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
}

/**
 * While `active` (a game is on screen) and the setting is on, the next gesture enters full screen; leaving the screen
 * exits it. Off while active leaves it: the tap that started the game entered it by the game's setting before the
 * player's own choice was read (start-tap.ts).
 */
export function useFullScreenSetting(on: boolean, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (!on) {
      exitFullScreen();
      return;
    }
    // pointerup and keydown carry user activation (pointerdown does not for touch).
    document.addEventListener('pointerup', enterFullScreen, true);
    document.addEventListener('keydown', enterFullScreen, true);
    return () => {
      document.removeEventListener('pointerup', enterFullScreen, true);
      document.removeEventListener('keydown', enterFullScreen, true);
    };
  }, [on, active]);
  useEffect(() => exitFullScreen, []);
}
