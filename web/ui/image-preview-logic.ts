/** Image preview rules (SPEC §4 "Image preview", §9: scale 1–4, drag threshold 20 px). Pure. */
export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
export const DRAG_THRESHOLD_PX = 20;
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_SCALE = 2;

export const clampScale = (s: number): number => (Number.isFinite(s) ? Math.min(MAX_SCALE, Math.max(MIN_SCALE, s)) : MIN_SCALE);

/** Scale during a pinch: the start scale times how far the fingers spread, clamped to 1–4. */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampScale(startScale);
  return clampScale(startScale * (distance / startDistance));
}

/** A pointer gesture is a drag once it moved over 20 px from where it started; otherwise it is a click. */
export const isDrag = (dx: number, dy: number): boolean => Math.hypot(dx, dy) > DRAG_THRESHOLD_PX;

/** Double tap zooms in to 2×, or back to 1× when already zoomed. */
export const doubleTapScale = (scale: number): number => (scale > MIN_SCALE ? MIN_SCALE : DOUBLE_TAP_SCALE);

/** At 1× a horizontal drag over the threshold moves to the next/previous image (not past the ends). */
export function swipeIndex(index: number, dx: number, dy: number, count: number, scale: number): number {
  if (scale > MIN_SCALE || Math.abs(dx) <= DRAG_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return index;
  const next = index + (dx < 0 ? 1 : -1);
  return Math.min(count - 1, Math.max(0, next));
}

/**
 * A zoomed image may be panned until its edge reaches the viewport's, on one axis: shown `shown` px
 * (at 1×) in a `stage` px viewport, |offset| ≤ (shown·scale − stage)/2, and 0 while it still fits.
 */
export function clampPan(offset: number, shown: number, stage: number, scale: number): number {
  const max = Math.max(0, (shown * clampScale(scale) - stage) / 2);
  return Math.min(max, Math.max(-max, offset));
}

/** The size an image of `natural` size is shown at in `stage` (max-width/max-height 100%: fitted, never enlarged); unknown → the stage. */
export function fittedSize(natural: { w: number; h: number } | undefined, stage: { w: number; h: number }): { w: number; h: number } {
  if (!natural || natural.w <= 0 || natural.h <= 0) return stage;
  const k = Math.min(1, stage.w / natural.w, stage.h / natural.h);
  return { w: natural.w * k, h: natural.h * k };
}

export const distance = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Two taps within 300 ms and 20 px are a double tap. */
export function isDoubleTap(prev: { t: number; x: number; y: number } | null, now: { t: number; x: number; y: number }): boolean {
  return !!prev && now.t - prev.t <= DOUBLE_TAP_MS && Math.hypot(now.x - prev.x, now.y - prev.y) <= DRAG_THRESHOLD_PX;
}
