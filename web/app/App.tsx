import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { resolve } from './guard.ts';
import { PageHost } from './PageHost.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { auth, network, storageBlocked, tabBar, toaster } from './services.ts';
import type { RouteDef } from './route-table.ts';
import { HOME_PATH } from '../core/paths.ts';
import { useStore } from '../ui/use-store.ts';
import { TabBar } from '../ui/TabBar.tsx';
import { Toast } from '../ui/Toast.tsx';
import { OfflineBar } from '../ui/OfflineBar.tsx';
import { StorageBar } from '../ui/StorageBar.tsx';
import { routeTitle, routeTitles } from './route-titles.ts';
import { queueBarSlot } from './queue-slot.ts';
import { PopupHost } from './PopupHost.tsx';

export function App() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const { token } = useStore(auth.$auth);
  const resolution = resolve(pathname, search, !!token);
  const page = resolution.kind === 'render' ? resolution.route.page : null;

  useEffect(() => {
    if (resolution.kind === 'redirect') navigate(resolution.to, { replace: true });
  }, [resolution.kind === 'redirect' ? resolution.to : null]);

  // The tab's title follows the page and the language (issue 9).
  const titles = useStore(routeTitles);
  const QueueBarHost = useStore(queueBarSlot);
  const title = page === null ? null : routeTitle(page, titles);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);

  return (
    <>
      {resolution.kind === 'render' ? <PageFrame route={resolution.route} /> : <div className="page" />}
      {QueueBarHost && <QueueBarHost />}
      <OfflineBar state={network.state} />
      {storageBlocked && <StorageBar />}
      <Toast state={toaster.state} />
      <PopupHost />
    </>
  );
}

function PageFrame({ route }: { route: RouteDef }) {
  const { meta } = route;
  const contained = meta.fixed || meta.disableScroll;
  const className = ['page', contained ? 'page--contained' : '', meta.isTabBar ? 'page--tabbar' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={className}
      data-page={route.page}
      style={{ background: meta.pageBackgroundColor, ['--nav-height' as string]: `calc(${meta.navigationBarHeight} * var(--rpx))` }}
    >
      <main className="page__body">
        <ErrorBoundary resetKey={route.path}>
          <PageHost pageKey={route.page} />
        </ErrorBoundary>
      </main>
      {meta.isTabBar && meta.tabBarIndex !== null && <PageTabBar route={route} index={meta.tabBarIndex} />}
    </div>
  );
}

function PageTabBar({ route, index }: { route: RouteDef; index: number }) {
  const [, navigate] = useLocation();
  const pagePath = route.page === 'home' ? HOME_PATH : route.path;
  return <TabBar items={tabBar.itemsFor(pagePath)} selectedIndex={index} onSelect={(item) => navigate(item.pagePath)} />;
}
