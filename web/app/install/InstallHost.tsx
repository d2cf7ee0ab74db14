/**
 * Where the install sheet shows (decision 0022): the shell's layers hold this; the install module loads after the
 * first paint, when the browser is idle, and never inside a host app. It is told every page shown.
 */
import { useEffect, useState } from 'react';
import type { PageKey } from '../../core/paths.ts';
import { afterPaintWhenIdle } from '../after-paint.ts';
import { bridge, clock } from '../services.ts';

type Offer = typeof import('./offer.ts');

export function InstallHost({ page }: { page: PageKey | null }) {
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    if (bridge.hasHost) return;
    let live = true;
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback.bind(window) : undefined;
    afterPaintWhenIdle({ clock, requestAnimationFrame: (fn) => window.requestAnimationFrame(fn), requestIdleCallback: idle }, () => {
      void import('./offer.ts').then((m) => live && setOffer(m)).catch(() => undefined);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => offer?.installOffer.pageShown(page), [offer, page]);
  return offer && <offer.InstallSheet offer={offer.installOffer} />;
}
