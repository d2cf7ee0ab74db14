import { useEffect } from 'react';
import type { GameSession } from '../../../../game/index.ts';
import { activePad } from './gamepad-logic.ts';
import { connectedPads } from './use-physical-gamepad.ts';
import { rumbleTarget, playRumble, type RumbleOutputs } from './play-rumble.ts';
import { phoneVibrate } from './phone-vibrate.ts';

/** What can rumble on this device now: the pad used last, and the phone's vibration. */
export function rumbleOutputs(): RumbleOutputs {
  return {
    pad: activePad(connectedPads()),
    vibrate: phoneVibrate(),
  };
}

/** Whether the menu's Vibration switch means anything here. */
export const canRumble = (): boolean => rumbleTarget(rumbleOutputs()) !== 'none';

/** The session's rumble (only while the `vibrates` setting is on, decision 0007) is played on the pad or the phone. */
export function useRumble(session: GameSession): void {
  useEffect(() => session.on('vibrate', (r) => void playRumble(r, rumbleOutputs())), [session]);
}
