/** Video player rules (SPEC §4 "Video player", §9 playback rates). Pure. */
export const PLAYBACK_RATES = [0.5, 0.8, 1, 1.25, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
export const CONTROLS_HIDE_MS = 3000;
/** A drag decides seek vs volume once it moved this far. */
export const GESTURE_SLOP_PX = 10;
/** Dragging across the whole width seeks at most this many seconds (or the whole video if shorter). */
export const SEEK_FULL_WIDTH_S = 90;

export type Gesture = 'seek' | 'volume' | 'none';

/**
 * Horizontal drags seek; vertical drags that started on the right half change
 * the volume; vertical drags on the left half do nothing (SPEC §4 gestures).
 */
export function classifyGesture(dx: number, dy: number, startX: number, width: number): Gesture | null {
  if (Math.hypot(dx, dy) < GESTURE_SLOP_PX) return null;
  if (Math.abs(dx) >= Math.abs(dy)) return 'seek';
  return startX >= width / 2 ? 'volume' : 'none';
}

/** Seek target after a horizontal drag of dx px, clamped to 0..duration. */
export function seekTarget(startTime: number, dx: number, width: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || width <= 0) return 0;
  const span = Math.min(duration, SEEK_FULL_WIDTH_S);
  return Math.min(duration, Math.max(0, startTime + (dx / width) * span));
}

/** Volume after a vertical drag: up (negative dy) raises; the full height is the full range; clamped 0..1. */
export function volumeTarget(startVolume: number, dy: number, height: number): number {
  if (height <= 0) return startVolume;
  return Math.min(1, Math.max(0, Math.round((startVolume - dy / height) * 100) / 100));
}

export const isRate = (r: number): r is PlaybackRate => (PLAYBACK_RATES as readonly number[]).includes(r);

/** Danmaku: each comment gets a lane (0..lanes-1) and a start delay so lines do not overlap. */
export function danmakuLayout(comments: readonly string[], lanes = 3, gapS = 1.6): { text: string; lane: number; delay: number }[] {
  const n = Math.max(1, lanes);
  return comments.map((text, i) => ({ text, lane: i % n, delay: Math.floor(i / n) * gapS + (i % n) * 0.5 }));
}
