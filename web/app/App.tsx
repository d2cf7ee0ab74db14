import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { resolve } from './guard.ts';
import { PageHost } from './PageHost.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { auth, tabBar } from './services.ts';
import type { RouteDef } from './route-table.ts';
import { frameClass, frameTab } from './page-frame.ts';
import { HOME_PATH } from '../core/paths.ts';
import { useStore } from '../ui/use-store.ts';
import { TabBar } from '../ui/TabBar.tsx';
import { afterFirstImage } from '../ui/first-image.ts';
import { queueBarSlot } from './queue-slot.ts';

export function App() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const { token } = useStore(auth.$auth);
  const resolution = resolve(pathname, search, !!token);
  const page = resolution.kind === 'render' ? resolution.route.page : null;

  const redirectTo = resolution.kind === 'redirect' ? resolution.to : null;
  useEffect(() => {
    if (redirectTo !== null) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  const QueueBarHost = useStore(queueBarSlot);
  const Layers = useShellLayers();

  return (
    <>
      {resolution.kind === 'render' ? <PageFrame route={resolution.route} /> : <div className={frameClass(null)} />}
      {QueueBarHost && <QueueBarHost />}
      {Layers && <Layers page={page} />}
    </>
  );
}

type Layers = typeof import('./ShellLayers.tsx').ShellLayers;
let layers: Layers | null = null;

/**
 * The shell's layers (ShellLayers.tsx) load after the first commit (decision 0015), and after the first view's largest
 * image is on screen when one is on its way (ui/first-image.ts; LCP, decision 0017), not with the first view; a load
 * lost with the connection is tried again when the browser is back online.
 */
function useShellLayers(): Layers | null {
  const [loaded, setLoaded] = useState(() => layers);
  useEffect(() => {
    const load = (): void => {
      import('./ShellLayers.tsx').then(
        (m) => setLoaded(() => (layers = m.ShellLayers)),
        () => addEventListener('online', load, { once: true }),
      );
    };
    return layers ? undefined : afterFirstImage(load);
  }, []);
  return loaded;
}

function PageFrame({ route }: { route: RouteDef }) {
  const { meta } = route;
  const tab = frameTab(meta);
  return (
    <div
      className={frameClass(meta)}
      data-page={route.page}
      style={{ background: meta.pageBackgroundColor, ['--nav-height' as string]: `calc(${meta.navigationBarHeight} * var(--rpx))` }}
    >
      <main className="page__body">
        <ErrorBoundary resetKey={route.path}>
          {/* Keyed: without it the last page renders once more under the next page's URL, and its effects act on it. */}
          <PageHost key={route.page} pageKey={route.page} />
        </ErrorBoundary>
      </main>
      {tab !== null && <PageTabBar route={route} index={tab} />}
    </div>
  );
}

function PageTabBar({ route, index }: { route: RouteDef; index: number }) {
  const [, navigate] = useLocation();
  const pagePath = route.page === 'home' ? HOME_PATH : route.path;
  return <TabBar items={tabBar.itemsFor(pagePath)} selectedIndex={index} onSelect={(item) => navigate(item.pagePath)} />;
}
