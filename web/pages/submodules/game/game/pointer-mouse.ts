/**
 * The mouse as the game gets it in keyboard-and-mouse mode (decision 0007, "Mouse"): while
 * the pointer is locked, relative motion (`movementX/Y`, scaled in the SDK by
 * mouse_sensitivity × 1.19, SPEC §9), every button (MouseEvent.button 0–4,
 * down and up, with the held mask) and the wheel in lines.
 */
import type { MouseInput } from '../../../../game/sdk.ts';

/** The parts of a mouse or wheel event the rule reads. */
export interface MouseReading {
  type: string;
  button: number;
  buttons: number;
  movementX: number;
  movementY: number;
  /** Wheel events only. */
  deltaY?: number;
  deltaMode?: number;
}

/** A wheel notch is about 100 px in Chromium, 3 lines in Firefox: 3 lines either way. */
const PX_PER_LINE = 100 / 3;
const LINES_PER_PAGE = 30;

const finite = (v: number | undefined): number => (v !== undefined && Number.isFinite(v) ? v : 0);

/** Wheel distance in lines, positive down. */
export function wheelLines(deltaY: number, deltaMode: number): number {
  const d = finite(deltaY);
  const lines = deltaMode === 1 ? d : deltaMode === 2 ? d * LINES_PER_PAGE : d / PX_PER_LINE;
  return Math.round(lines * 100) / 100;
}

/** The game's message for a mouse event, or null for one it does not take (a button outside 0–4, a wheel that did not move). */
export function mouseInputOf(e: MouseReading): MouseInput | null {
  const dx = finite(e.movementX);
  const dy = finite(e.movementY);
  const buttons = finite(e.buttons);
  switch (e.type) {
    case 'mousedown':
    case 'mouseup':
      if (!Number.isInteger(e.button) || e.button < 0 || e.button > 4) return null;
      return { action: e.type === 'mousedown' ? 'down' : 'up', dx, dy, button: e.button, buttons };
    case 'mousemove':
      return dx === 0 && dy === 0 ? null : { action: 'move', dx, dy, buttons };
    case 'wheel': {
      const wheel = wheelLines(finite(e.deltaY), finite(e.deltaMode));
      return wheel === 0 ? null : { action: 'wheel', dx: 0, dy: 0, wheel, buttons };
    }
    default:
      return null;
  }
}
