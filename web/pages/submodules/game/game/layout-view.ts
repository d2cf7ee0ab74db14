import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Insets, Size } from '../../../../game/layouts-math.ts';

export interface LayoutView {
  view: Size;
  insets: Insets;
}

const px = (v: string): number => Number.parseFloat(v) || 0;

/**
 * The size of the layer `ref` covers and its padding, which is the game
 * screen's safe area (`--gs-pad-*`: the notch, the home bar, the offline
 * bar, a host app's bars): read again whenever the layer changes size (a turn
 * of the phone), and when the insets may have moved from one side to the other
 * with the size unchanged: the phone turned half round (the notch's side
 * swaps), or the host's insets set anew on the root (web/app/host-safe-area.ts).
 */
export function useLayoutView(ref: RefObject<HTMLElement | null>): LayoutView | null {
  const [measured, setMeasured] = useState<LayoutView | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => {
      const cs = getComputedStyle(el);
      const next: LayoutView = {
        view: { width: el.clientWidth, height: el.clientHeight },
        insets: { top: px(cs.paddingTop), right: px(cs.paddingRight), bottom: px(cs.paddingBottom), left: px(cs.paddingLeft) },
      };
      setMeasured((old) => (old && JSON.stringify(old) === JSON.stringify(next) ? old : next));
    };
    measure();
    const rootStyle = typeof MutationObserver === 'function' ? new MutationObserver(measure) : null;
    rootStyle?.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
    const orientation = typeof screen === 'object' ? screen.orientation : undefined;
    orientation?.addEventListener?.('change', measure);
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    if (!ro) window.addEventListener('resize', measure);
    return () => {
      rootStyle?.disconnect();
      orientation?.removeEventListener?.('change', measure);
      ro?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return measured;
}
