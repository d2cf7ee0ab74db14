/**
 * The floating ball's gesture rules (SPEC §9 "Floating ball tap: under 300 ms
 * and 10 px"): a press released within 300 ms having moved less than 10 px is
 * a tap (opens the in-game menu); anything else is a drag that moves the ball,
 * and on release it snaps to the nearest side edge, kept inside the area.
 */
export const BALL_TAP_MS = 300;
export const BALL_TAP_PX = 10;
export const BALL_SIZE = 44;
export const BALL_MARGIN = 8;

export interface Point {
  x: number;
  y: number;
}

export interface Area {
  width: number;
  height: number;
}

/** A tap: released within BALL_TAP_MS and moved less than BALL_TAP_PX from where it started. */
export function isTap(start: Point, end: Point, startMs: number, endMs: number): boolean {
  return endMs - startMs < BALL_TAP_MS && Math.hypot(end.x - start.x, end.y - start.y) < BALL_TAP_PX;
}

/** Whether a press that is still down has become a drag (moved 10 px or more). */
export function isDrag(start: Point, now: Point): boolean {
  return Math.hypot(now.x - start.x, now.y - start.y) >= BALL_TAP_PX;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** The ball's top-left while dragging: the press offset kept, the ball inside the area. */
export function dragPosition(origin: Point, start: Point, now: Point, area: Area, size = BALL_SIZE): Point {
  return {
    x: clamp(origin.x + now.x - start.x, 0, Math.max(0, area.width - size)),
    y: clamp(origin.y + now.y - start.y, 0, Math.max(0, area.height - size)),
  };
}

/** On release: to the nearer of the left and right edges (BALL_MARGIN in), y kept within the margins. */
export function snapToEdge(pos: Point, area: Area, size = BALL_SIZE, margin = BALL_MARGIN): Point {
  const centre = pos.x + size / 2;
  const x = centre < area.width / 2 ? margin : Math.max(margin, area.width - size - margin);
  const y = clamp(pos.y, margin, Math.max(margin, area.height - size - margin));
  return { x, y };
}

/** The stored position refitted to a new area (rotation, resize): same side, y clamped. */
export function refit(pos: Point, from: Area, to: Area, size = BALL_SIZE, margin = BALL_MARGIN): Point {
  const right = pos.x + size / 2 >= from.width / 2;
  return snapToEdge({ x: right ? to.width : 0, y: pos.y }, to, size, margin);
}
