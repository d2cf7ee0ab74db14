/**
 * When the first view's largest image is on screen, which ends its hold (first-image.ts). The app names the image
 * once the first answer is in (watchFirstImage, app/api-client.ts); the image's `<img>` reports its load or error
 * (home's first banner, the library's first covers, the detail's banner). Out of the first load: only the chunks
 * that show such an image use it.
 */
import type { Clock } from '../core/clock.ts';
import { afterFirstImage, releaseFirstImage } from './first-image.ts';

/** After the first image loaded, the longest the rest waits for the browser to report it painted. */
export const PAINT_WAIT_MS = 500;

export interface PaintWatch {
  clock: Pick<Clock, 'setTimeout'>;
  /**
   * Calls back with the URL of each largest paint the browser reports (`largest-contentful-paint`, reports already
   * made included) until the callback returns true; absent where the browser makes no such reports.
   */
  largestPaints?: ((seen: (url: string) => boolean) => void) | undefined;
}

let watch: PaintWatch | null = null;

/** The first answer named the first image: its `<img>` ends the hold once it is on screen (firstImageShown). */
export function watchFirstImage(paints: PaintWatch): void {
  watch = paints;
}

/**
 * The first image loaded or failed. Loaded is not yet on screen (decoding and a frame come first), and the rest
 * should ask for nothing before: the browser's report of it as the largest paint ends the hold, or PAINT_WAIT_MS
 * after it loaded (an image that is not the largest paint, a browser without these reports).
 */
export function firstImageShown(event: { type: string; currentTarget: { currentSrc: string } }): void {
  const w = watch;
  // The first of them counts (the library shows a row of first covers).
  watch = null;
  if (!w) return;
  if (event.type === 'error') return releaseFirstImage();
  const src = event.currentTarget.currentSrc;
  w.largestPaints?.((url) => {
    if (url !== src) return false;
    releaseFirstImage();
    return true;
  });
  w.clock.setTimeout(releaseFirstImage, PAINT_WAIT_MS);
}

/** Settles once nothing holds the first image: a page's data the first view's largest paint does not need waits on it. */
export const firstImageDone = (): Promise<void> => new Promise((go) => void afterFirstImage(go));
