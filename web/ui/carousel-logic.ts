/** Banner carousel index math (home banners; auto-advance every 5 s). Pure. */
export const AUTO_ADVANCE_MS = 5000;
/** A swipe changes slide past this share of the width (or SWIPE_MIN_PX, whichever is smaller). */
export const SWIPE_RATIO = 0.2;
export const SWIPE_MIN_PX = 50;

/** Any integer index into 0..n-1, wrapping both ways; 0 when empty. */
export function wrapIndex(i: number, n: number): number {
  if (n <= 0) return 0;
  return ((i % n) + n) % n;
}

/** The slide after a horizontal swipe of dx px (negative = left = next). */
export function afterSwipe(index: number, dx: number, width: number, n: number): number {
  const threshold = Math.min(SWIPE_MIN_PX, Math.max(1, width) * SWIPE_RATIO);
  if (Math.abs(dx) < threshold) return wrapIndex(index, n);
  return wrapIndex(index + (dx < 0 ? 1 : -1), n);
}

/** A touch is a horizontal swipe once it moved more sideways than down (else the page scrolls). */
export const isHorizontal = (dx: number, dy: number): boolean => Math.abs(dx) > 6 && Math.abs(dx) > Math.abs(dy);
