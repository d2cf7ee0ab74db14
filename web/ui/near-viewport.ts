/**
 * Images that wait until their box is near what the player sees (LCP; docs/decisions/0017-images.md).
 * Chromium's `loading="lazy"` starts anything within 1250 px of the viewport, and home fits in that: every cover
 * and banner of the feed shared the slow line with the first banner. Here an image gets its `src` once its box is
 * within about half a screen of the viewport, or one row's width beside it in a horizontal row.
 *
 * One IntersectionObserver serves every image. Where there is none (an old webview, the unit tests' happy-dom)
 * images load at once, as plain `<img>` would.
 */
import { useCallback, useEffect, useState, type RefCallback } from 'react';
import { afterFirstImage, firstImageHeld } from './first-image.ts';

/**
 * Pages scroll inside `.scroll` and rows scroll sideways, so the margin that matters is `scrollMargin` (Chromium
 * 120+), which widens every scroll container's clip: half its height above and below, its width to either side.
 * `rootMargin` widens the viewport the same way for pages that scroll the document.
 */
export const NEAR = { rootMargin: '50% 0px 50% 0px', scrollMargin: '50% 100%' } as const;

type Wake = () => void;

let shared: { io: IntersectionObserver; made: typeof IntersectionObserver; waiting: Map<Element, Wake> } | null = null;

/** Whether images can wait at all (else they load at once). */
const canWait = (): boolean => typeof IntersectionObserver !== 'undefined';

function observer(): NonNullable<typeof shared> {
  // Rebuilt if the global changed (a test swapping in its own fake).
  if (shared === null || shared.made !== IntersectionObserver) {
    const waiting = new Map<Element, Wake>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          const wake = waiting.get(e.target);
          waiting.delete(e.target);
          io.unobserve(e.target);
          wake?.();
        }
      },
      NEAR as IntersectionObserverInit,
    );
    shared = { io, made: IntersectionObserver, waiting };
  }
  return shared;
}

/** Calls `wake` once, when `el` comes near the viewport (at once without IntersectionObserver); returns a cancel. */
export function whenNear(el: Element, wake: Wake): () => void {
  if (!canWait()) {
    wake();
    return () => undefined;
  }
  const { io, waiting } = observer();
  waiting.set(el, wake);
  io.observe(el);
  return () => {
    if (waiting.get(el) !== wake) return;
    waiting.delete(el);
    io.unobserve(el);
  };
}

/**
 * `[ref, near]` for an element that should show its image only once near: `near` turns true once and stays.
 * `now` (a first-view image) is near from the first render.
 */
export function useNear<T extends Element>(now = false): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(() => now || !canWait());
  const ref = useCallback<RefCallback<T>>(
    (el) => {
      if (el === null || near) return;
      // Near, it still lets the first view's largest image go first (first-image.ts).
      return whenNear(el, () => afterFirstImage(() => setNear(true)));
    },
    [near],
  );
  return [ref, near];
}

/**
 * For art in the first view that is not its largest image (the detail's small cover, the carousel's other slides):
 * false while that image is held (first-image.ts), then true for good.
 */
export function useAfterFirstImage(): boolean {
  const [free, setFree] = useState(() => !firstImageHeld());
  useEffect(() => (free ? undefined : afterFirstImage(() => setFree(true))), [free]);
  return free;
}
