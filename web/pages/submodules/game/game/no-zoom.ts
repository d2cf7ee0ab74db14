/**
 * Pinch-zoom off while the game screen is shown (web/core/viewport.ts says why),
 * back on when the player leaves it for another page of the app.
 */
import { useEffect } from 'react';
import { VIEWPORT, VIEWPORT_NO_ZOOM } from '../../../../core/viewport.ts';

export function useNoPageZoom(): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    if (!meta) return;
    meta.content = VIEWPORT_NO_ZOOM;
    return () => {
      meta.content = VIEWPORT;
    };
  }, []);
}
