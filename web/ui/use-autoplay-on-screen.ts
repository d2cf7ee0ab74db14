import { useEffect, type RefObject } from 'react';

/**
 * How much of an autoplaying player must be on screen for it to play: nearly all. The observer cannot see what covers
 * it, and on game detail a player whose top three quarters peek out at the bottom of the first screen sits behind the
 * fixed Play bar.
 */
const ON_SCREEN_SHARE = 0.9;

/**
 * Autoplay when the player is on screen (ON_SCREEN_SHARE), and pause when it leaves: a trailer below the fold does not
 * fetch video and re-render on every timeupdate while the page's first view loads (decision 0015), and a muted video
 * nobody sees does not spend the phone's data and battery. Without IntersectionObserver it starts at once.
 * `pausedByPlayer`: a pause the player chose, so the trailer stays paused when it comes back on screen.
 */
export function useAutoplayOnScreen(
  autoPlay: boolean,
  video: RefObject<HTMLVideoElement | null>,
  box: RefObject<HTMLElement | null>,
  pausedByPlayer: RefObject<boolean>,
): void {
  useEffect(() => {
    const el = video.current;
    const root = box.current;
    if (!autoPlay || !el || !root) return;
    if (typeof IntersectionObserver === 'undefined') {
      el.play().catch(() => undefined);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        const seen = entries[entries.length - 1];
        if (!seen) return;
        if (seen.isIntersecting) {
          if (el.paused && !pausedByPlayer.current) el.play().catch(() => undefined);
        } else if (!el.paused) el.pause();
      },
      { threshold: ON_SCREEN_SHARE },
    );
    io.observe(root);
    return () => io.disconnect();
  }, [autoPlay, video, box, pausedByPlayer]);
}
