/**
 * Where the purchase pop-ups appear by themselves (SPEC §5): on each change
 * of page of a logged-in player it asks the schedule (popups.ts, a dynamic
 * import) and renders the pop-up due, its component loaded only then, so
 * home's first load carries just this file.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { auth } from './services.ts';
import { findRoute } from './route-table.ts';
import { shownPopup } from './shown.ts';
import { useStore } from '../ui/use-store.ts';

type PopupView = ComponentType<{ onClosed: () => void }>;

export function PopupHost() {
  const [pathname] = useLocation();
  const kind = useStore(shownPopup);
  const previous = useRef<string | null>(null);
  const [View, setView] = useState<{ kind: string; C: PopupView } | null>(null);

  useEffect(() => {
    const page = findRoute(pathname)?.page ?? null;
    const from = previous.current;
    previous.current = page;
    if (auth.isLoggedIn()) void import('./popups.ts').then((m) => m.considerPopup(page, from)).catch(() => undefined);
  }, [pathname]);

  useEffect(() => {
    if (!kind) return;
    let live = true;
    const load =
      kind === 'recommend'
        ? import('../pages/submodules/webview/recommendPopup/product.tsx')
        : import('../pages/submodules/webview/memberPopup/premium.tsx');
    void load.then((m) => live && setView({ kind, C: m.default })).catch(() => shownPopup.set(null));
    return () => {
      live = false;
    };
  }, [kind]);

  if (!kind || View?.kind !== kind) return null;
  return <View.C onClosed={() => shownPopup.set(null)} />;
}
