/** Paged game lists with load-more on scroll: the library, a tag's or sort's list, search and played games. */
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import type { GameSummary, Page } from '../api/contract.ts';
import { appendPage, emptyPaged, gamesCount, type PagedState } from '../state/catalogue.ts';
import { GameCard } from './GameCard.tsx';
import { Button } from './Button.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { Spinner } from './Spinner.tsx';
import { useGameMenu } from './game-menu.tsx';
import { messages, params } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/paged', {
  loadingGames: 'Loading games',
  games: 'Games',
  loadingMore: 'Loading more',
  loadMore: 'Load more',
  end: params('That’s all {games}'),
  failed: 'Games could not be loaded.',
});

export interface Paged<T> {
  state: PagedState<T>;
  loading: boolean;
  error: boolean;
  loadMore: () => void;
}

/**
 * Pages of a list, restarted when `key` changes; a stale answer never lands in a newer list. `key` is `fetchPage`'s
 * dependency list, as an effect's is: lint checks each call site's key against its callback (eslint.config.js).
 */
export function usePaged<T extends { id: number }>(fetchPage: (page: number) => Promise<Page<T>>, key: unknown[]): Paged<T> {
  const [state, setState] = useState<PagedState<T>>(emptyPaged);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const gen = useRef(0);
  const busy = useRef(false);

  const load = (from: PagedState<T>, g: number) => {
    busy.current = true;
    setLoading(true);
    setError(false);
    fetchPage(from.page + 1).then(
      (page) => {
        if (g !== gen.current) return;
        busy.current = false;
        // A page of cards renders in slices (a transition), the spinner going with it in the same commit.
        startTransition(() => {
          setLoading(false);
          setState((s) => appendPage(s, page));
        });
      },
      () => {
        if (g !== gen.current) return;
        busy.current = false;
        setLoading(false);
        setError(true);
      },
    );
  };

  useEffect(() => {
    const g = ++gen.current;
    const fresh = emptyPaged<T>();
    setState(fresh);
    load(fresh, g);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's key is fetchPage's dependency list, checked at each call site
  }, key);

  return {
    state,
    loading,
    error,
    loadMore: () => {
      if (!busy.current && state.hasMore) load(state, gen.current);
    },
  };
}

/** The covers a phone shows before any scroll: the grid's first two rows of three (web/pages/catalogue.css .ggrid). */
const FIRST_VIEW_CARDS = 6;

/** Calls `onVisible` whenever it scrolls into view (re-armed after each page). */
function Sentinel({ onVisible, page, children }: { onVisible: () => void; page: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const cb = useRef(onVisible);
  cb.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && cb.current(), { rootMargin: '0px 0px 240px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [page]);
  return (
    <div ref={ref} className="cat-more">
      {children}
    </div>
  );
}

/** A grid of games with load-more on scroll, and its loading, empty and error states. */
export function PagedGames<T extends GameSummary>({
  paged,
  empty,
  extra,
  onOpen,
}: {
  paged: Paged<T>;
  /** Called before a game opens (search remembers its keyword). */
  onOpen?: () => void;
  empty: ReactNode;
  /** A line under each card (e.g. when it was last played). */
  extra?: (game: T) => ReactNode;
}) {
  const t = useStore(msgs);
  const { state, loading, error, loadMore } = paged;
  const { open, menu, sheet } = useGameMenu();
  if (state.items.length === 0) {
    if (error) return <ErrorState onRetry={loadMore} />;
    if (loading || state.page === 0) return <Spinner label={t.loadingGames} />;
    return <div className="cat-empty">{empty}</div>;
  }
  return (
    <>
      <ul className="ggrid" aria-label={t.games}>
        {state.items.map((g, i) => (
          <li key={g.id}>
            <GameCard
              game={g}
              firstView={i < FIRST_VIEW_CARDS}
              largest={i === 0}
              onOpen={(game) => {
                onOpen?.();
                open(game);
              }}
              onMenu={menu}
            />
            {extra?.(g)}
          </li>
        ))}
      </ul>
      {error ? (
        <ErrorState onRetry={loadMore} />
      ) : state.hasMore ? (
        <Sentinel onVisible={loadMore} page={state.page}>
          {loading ? (
            <Spinner label={t.loadingMore} />
          ) : (
            <Button variant="ghost" onClick={loadMore}>
              {t.loadMore}
            </Button>
          )}
        </Sentinel>
      ) : (
        <p className="cat-end">{t.end({ games: gamesCount(state.items.length) })}</p>
      )}
      {sheet}
    </>
  );
}

function ErrorState({ onRetry }: { onRetry: () => void }) {
  const t = useStore(msgs);
  return <LoadFailed message={t.failed} onRetry={onRetry} />;
}
