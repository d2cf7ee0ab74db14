/**
 * What the Play tap does before it leaves for the game screen (start-tap.ts: full screen on a phone, asked inside the
 * tap). That code is shared with the game screen, so it is loaded once the detail page is shown rather than with it:
 * a module the detail page imported itself would be drawn into every page's first load (decision 0015). A tap
 * before it has arrived plays all the same, and the game screen's first tap enters full screen instead.
 */
import { useEffect, useRef } from 'react';
import type { Game } from '../../../../api/contract.ts';
import { afterFirstImage } from '../../../../ui/first-image.ts';

type StartTap = (game: Pick<Game, 'full_screen'>) => void;

export function usePlayTap(): StartTap {
  const ref = useRef<StartTap | null>(null);
  useEffect(() => {
    let open = true;
    // Once the banner, the page's largest paint, is on screen: asked before it, it shared the banner's link and was
    // counted in its LCP (ui/first-image.ts).
    const cancel = afterFirstImage(() => {
      import('../game/start-tap.ts').then(
        (m) => {
          if (open) ref.current = m.fullScreenOnStart;
        },
        () => undefined,
      );
    });
    return () => {
      open = false;
      cancel();
    };
  }, []);
  return (game) => ref.current?.(game);
}
