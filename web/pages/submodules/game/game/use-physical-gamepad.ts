import { useEffect } from 'react';
import type { GameSession } from '../../../../game/index.ts';

const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/** Physical gamepads (Gamepad API): polled on requestAnimationFrame while playing; a change is sent whole. */
export function usePhysicalGamepad(session: GameSession, active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator.getGamepads !== 'function') return;
    let frame = 0;
    let last: { buttons: number[]; axes: number[] } | null = null;
    const poll = (): void => {
      const pad = Array.from(navigator.getGamepads()).find((p) => p?.connected);
      if (pad) {
        const now = { buttons: pad.buttons.map((b) => b.value), axes: pad.axes.map((a) => Math.round(a * 1000) / 1000) };
        if (!last || !same(last.buttons, now.buttons) || !same(last.axes, now.axes)) {
          last = now;
          session.sendGamepad(now);
        }
      }
      frame = requestAnimationFrame(poll);
    };
    frame = requestAnimationFrame(poll);
    return () => cancelAnimationFrame(frame);
  }, [session, active]);
}
