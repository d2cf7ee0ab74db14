import { useCallback, useEffect, useRef } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { systemClock, type Clock } from '../core/clock.ts';
import { LONG_PRESS_MS, movedTooFar } from './long-press-logic.ts';

type Timers = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

/**
 * Long press (SPEC §9: 350 ms, cancelled by movement over 10 px). Spread the
 * handlers on the element; `onClickCapture` swallows the click that follows a
 * long press so it does not also activate the element.
 */
export function useLongPress(onLongPress: () => void, timers: Timers = systemClock) {
  const state = useRef<{ id: number | undefined; x: number; y: number; fired: boolean }>({ id: undefined, x: 0, y: 0, fired: false });
  const cancel = useCallback(() => {
    timers.clearTimeout(state.current.id);
    state.current.id = undefined;
  }, [timers]);
  useEffect(() => cancel, [cancel]);
  return {
    onPointerDown(e: ReactPointerEvent) {
      cancel();
      const s = state.current;
      s.x = e.clientX;
      s.y = e.clientY;
      s.fired = false;
      s.id = timers.setTimeout(() => {
        s.id = undefined;
        s.fired = true;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove(e: ReactPointerEvent) {
      if (state.current.id !== undefined && movedTooFar(state.current, { x: e.clientX, y: e.clientY })) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClickCapture(e: { preventDefault(): void; stopPropagation(): void }) {
      if (state.current.fired) {
        state.current.fired = false;
        e.preventDefault();
        e.stopPropagation();
      }
    },
  };
}
