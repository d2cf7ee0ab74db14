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
 * bar): read again whenever the layer changes size (a turn of the phone).
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
    if (typeof ResizeObserver === 'function') {
      const ro = new ResizeObserver(measure);
      ro.observe(el);
      return () => ro.disconnect();
    }
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return measured;
}
