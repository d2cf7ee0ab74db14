/**
 * What the Play tap does before it leaves for the game screen (start-tap.ts: full screen on a phone, asked inside the
 * tap). That code is shared with the game screen, so it is loaded once the detail page is shown rather than with it:
 * a module the detail page imported itself would be drawn into every page's first load (decision 0015). A tap
 * before it has arrived plays all the same, and the game screen's first tap enters full screen instead.
 */
import { useEffect, useRef } from 'react';
import type { Game } from '../../../../api/contract.ts';

type StartTap = (game: Pick<Game, 'full_screen'>) => void;

export function usePlayTap(): StartTap {
  const ref = useRef<StartTap | null>(null);
  useEffect(() => {
    let open = true;
    import('../game/start-tap.ts').then(
      (m) => {
        if (open) ref.current = m.fullScreenOnStart;
      },
      () => undefined,
    );
    return () => {
      open = false;
    };
  }, []);
  return (game) => ref.current?.(game);
}
