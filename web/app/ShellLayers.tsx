/**
 * What the shell adds after the first view is on screen (docs/decisions/0015-first-load.md): the tab's title, the offline
 * and storage bars, the toast and the pop-ups. None of it draws anything on a normal first view, so App loads this
 * module after its first commit; a toast or a change of network raised before then shows as soon as it arrives.
 */
import { useEffect } from 'react';
import { network, storageBlocked, toaster } from './services.ts';
import { routeTitles } from './route-titles.ts';
import { PAGES } from './route-table.ts';
import type { PageKey } from '../core/paths.ts';
import { useStore } from '../ui/use-store.ts';
import { Toast } from '../ui/Toast.tsx';
import { OfflineBar } from '../ui/OfflineBar.tsx';
import { StorageBar } from '../ui/StorageBar.tsx';
import { UpdateBar } from '../ui/UpdateBar.tsx';
import { appUpdate } from './app-update.ts';
import { PopupHost } from './PopupHost.tsx';
import { InstallHost } from './install/InstallHost.tsx';

export function ShellLayers({ page }: { page: PageKey | null }) {
  // The tab's title follows the page and the language (docs/decisions/0010-i18n.md).
  const titles = useStore(routeTitles);
  const title = page === null ? null : titles[PAGES[page].title];
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);

  return (
    <>
      <OfflineBar state={network.state} />
      {storageBlocked && <StorageBar />}
      <UpdateBar update={appUpdate} page={page} />
      <Toast state={toaster.state} />
      <PopupHost />
      <InstallHost page={page} />
    </>
  );
}
