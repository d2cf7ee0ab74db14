import { useEffect, useState } from 'react';
import { toaster } from '../../../../app/services.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import type { GameSession } from '../../../../game/index.ts';
import { activePad, padName, padSnapshot, sameSnapshot } from './gamepad-logic.ts';

const msgs = messages('game/gamepad', {
  connected: params('Gamepad connected: {name}'),
  disconnected: params('Gamepad disconnected: {name}'),
  unnamed: 'Gamepad',
});

const NEUTRAL = { buttons: [], axes: [] };

/** The pads the browser reports now (none where there is no Gamepad API). */
export const connectedPads = (): (Gamepad | null)[] =>
  typeof navigator.getGamepads === 'function' ? Array.from(navigator.getGamepads()) : [];

/**
 * Physical gamepads (Gamepad API, decision 0007): a connect or a disconnect is
 * said in a toast with the pad's name; while playing, the pad used last (any
 * index) is polled every animation frame and a changed snapshot is sent
 * whole, sticks through the radial dead zone. Answers how many pads are
 * connected, so the screen re-renders (the menu's Vibration switch) when it
 * changes.
 */
export function usePhysicalGamepad(session: GameSession, active: boolean): number {
  const [count, setCount] = useState(() => connectedPads().filter((p) => p?.connected).length);

  useEffect(() => {
    const recount = (): void => setCount(connectedPads().filter((p) => p?.connected).length);
    const connected = (e: GamepadEvent): void => {
      toaster.show({ title: msgs.get().connected({ name: padName(e.gamepad.id) ?? msgs.get().unnamed }), icon: 'none' });
      recount();
    };
    const disconnected = (e: GamepadEvent): void => {
      toaster.show({ title: msgs.get().disconnected({ name: padName(e.gamepad.id) ?? msgs.get().unnamed }), icon: 'none' });
      recount();
    };
    window.addEventListener('gamepadconnected', connected);
    window.addEventListener('gamepaddisconnected', disconnected);
    return () => {
      window.removeEventListener('gamepadconnected', connected);
      window.removeEventListener('gamepaddisconnected', disconnected);
    };
  }, []);

  useEffect(() => {
    if (!active || typeof navigator.getGamepads !== 'function') return;
    let frame = 0;
    let last: { buttons: number[]; axes: number[] } | null = null;
    const poll = (): void => {
      const pad = activePad(connectedPads());
      if (pad) {
        const now = padSnapshot(pad);
        if (!last || !sameSnapshot(last, now)) {
          last = now;
          session.sendGamepad(now);
        }
      } else if (last) {
        // The pad went away with buttons held: let go of them in the cloud.
        last = null;
        session.sendGamepad(NEUTRAL);
      }
      frame = requestAnimationFrame(poll);
    };
    frame = requestAnimationFrame(poll);
    return () => cancelAnimationFrame(frame);
  }, [session, active]);

  return count;
}
