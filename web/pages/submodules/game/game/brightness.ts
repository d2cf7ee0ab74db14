/**
 * The game settings' brightness (SPEC §3, 0–100, default 50) as the picture's CSS: 50 is the picture as sent, and
 * draws it without a filter. A filter, even brightness(1), makes the browser draw the whole stream area into a
 * surface of its own and filter it on every video frame; without a GPU (and on weak phones) that cost showed as
 * frames decoded but never shown and tens of ms more input-to-frame.
 */
import type { CSSProperties } from 'react';

/** The darkest the picture gets: brightness 0 would be a black screen. */
const MIN_FACTOR = 0.2;

export function brightnessStyle(brightness: number): CSSProperties | undefined {
  const factor = Math.max(MIN_FACTOR, brightness / 50);
  return factor === 1 || !Number.isFinite(factor) ? undefined : { filter: `brightness(${factor.toFixed(2)})` };
}
