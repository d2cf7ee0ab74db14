/** SPEC §9: long-press delay 350 ms, cancelled by movement over 10 px. */
export const LONG_PRESS_MS = 350;
export const LONG_PRESS_MOVE_PX = 10;

/** Movement over 10 px (straight-line distance) cancels a pending long press. */
export function movedTooFar(start: { x: number; y: number }, now: { x: number; y: number }, limit = LONG_PRESS_MOVE_PX): boolean {
  return Math.hypot(now.x - start.x, now.y - start.y) > limit;
}
