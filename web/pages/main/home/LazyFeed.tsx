import { useEffect, useState, type ComponentType } from 'react';
import { FeedFailed, FeedPlaceholder } from './feed-placeholder.tsx';

type Feed = ComponentType;

/**
 * The feed (carousel, game rows and their menus) sits below home's first view, which the prerendered page already
 * painted (decision 0014), so its code is a chunk of its own rather than home's first load (decision 0015). Home's
 * HTML modulepreloads it (its route entry's `firstView`, app/route-table.ts), so on home it arrives with the app; it
 * is imported when home renders, not when this module is evaluated: esbuild puts home's module in the shared
 * first-load chunk, and a top-level import fetched the feed on every route. Once loaded it stays loaded.
 */
let loaded: Feed | null = null;
let pending: Promise<Feed> | null = null;
export function loadFeed(): Promise<Feed> {
  pending ??= import('./feed.tsx').then(
    (m) => (loaded = m.HomeFeed),
    (err: unknown) => {
      // Forgotten, so "try again" fetches the chunk afresh.
      pending = null;
      throw err;
    },
  );
  return pending;
}

export function LazyFeed() {
  const [Feed, setFeed] = useState<Feed | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (Feed) return;
    let live = true;
    loadFeed().then(
      (C) => live && setFeed(() => C),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [Feed, attempt]);

  if (Feed) return <Feed />;
  if (failed)
    return (
      <FeedFailed
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  return <FeedPlaceholder />;
}
