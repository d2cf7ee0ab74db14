/**
 * The game screen inside a host app (docs/host-bridge.md): sideways on a phone while it is open
 * (web/app/host-orientation.ts), and the host's bars as its safe area (web/app/host-safe-area.ts).
 */
import { useEffect } from 'react';
import { bridge } from '../../../../app/services.ts';
import { watchHostInsets } from '../../../../app/game.ts';
import { holdLandscape, isPhone } from '../../../../app/host-orientation.ts';

export function useHostScreen(): void {
  useEffect(() => {
    // Entering on this page, the insets are watched before the app's start-up gets to it.
    watchHostInsets();
    // Portrait again on leaving the route however it is left (a link, back after the game ended, the host's back).
    return holdLandscape(bridge, isPhone({ navigator, window, screen }));
  }, []);
}
