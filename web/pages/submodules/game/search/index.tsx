import { useEffect, useMemo, useState } from 'react';
import { api, clock, local } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import {
  RECENT_KEY,
  SEARCH_DEBOUNCE_MS,
  addRecent,
  createDebouncer,
  readRecent,
  removeRecent,
} from '../../../../state/catalogue.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { PagedGames, usePaged } from '../../../../ui/paged.tsx';
import { useGameMenu } from '../../../../ui/game-menu.tsx';
import { GameCard } from '../../../../ui/GameCard.tsx';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('play/search', {
  hotFailed: 'Popular games could not be loaded.',
  back: 'Back',
  label: 'Search games',
  placeholder: 'Search games, tags, studios',
  clear: 'Clear',
  recent: 'Recent searches',
  clearAll: 'Clear all',
  remove: params('Remove {keyword}'),
  results: params('Results for {keyword}'),
  // The keyword goes between these two, in bold.
  noResultsBefore: 'No results for “',
  noResultsAfter: '”.',
  tip: 'Try a shorter word, a tag such as “RPG”, or a studio name.',
  hot: 'Hot right now',
});

/** Search: debounced game_search (300 ms), hot games and recent searches while empty. */
export default function SearchPage() {
  const t = useStore(msgs);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [recent, setRecent] = useState<string[]>(() => readRecent(local.getOr<unknown>(RECENT_KEY, [])));
  const debounce = useMemo(() => createDebouncer<string>(clock, SEARCH_DEBOUNCE_MS, (k) => setKeyword(k.trim())), []);
  useEffect(() => debounce.cancel, [debounce]);

  const saveRecent = (next: string[]) => {
    setRecent(next);
    if (next.length) local.set(RECENT_KEY, next);
    else local.remove(RECENT_KEY);
  };
  const remember = (k: string) => saveRecent(addRecent(recent, k));
  const searchNow = (k: string) => {
    debounce.cancel();
    setText(k);
    setKeyword(k.trim());
    remember(k);
  };

  return (
    <>
      <form
        className="searchbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          searchNow(text);
        }}
      >
        <button type="button" className="navbar__back" aria-label={t.back} onClick={() => goBack(PAGE_PATH.gameLibrary)}>
          <Icon name="back" />
        </button>
        <label className="searchbar__field">
          <Icon name="search" size={18} />
          <input
            type="search"
            enterKeyHint="search"
            autoFocus
            aria-label={t.label}
            placeholder={t.placeholder}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              debounce.push(e.target.value);
            }}
          />
        </label>
        {text && (
          <button type="button" className="link-btn" onClick={() => searchNow('')}>
            {t.clear}
          </button>
        )}
      </form>
      <div className="content">
        {keyword ? (
          <Results key={keyword} keyword={keyword} onOpen={() => remember(keyword)} />
        ) : (
          <>
            {recent.length > 0 && (
              <section aria-labelledby="recent-title">
                <div className="hsection__head">
                  <h2 id="recent-title">{t.recent}</h2>
                  <button type="button" className="link-btn" onClick={() => saveRecent([])}>
                    {t.clearAll}
                  </button>
                </div>
                <ul className="chips chips--wrap">
                  {recent.map((r) => (
                    <li key={r} className="chip chip--split">
                      <button type="button" onClick={() => searchNow(r)}>
                        {r}
                      </button>
                      <button type="button" aria-label={t.remove({ keyword: r })} onClick={() => saveRecent(removeRecent(recent, r))}>
                        <Icon name="close" size={14} />
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <HotGames />
          </>
        )}
      </div>
    </>
  );
}

function Results({ keyword, onOpen }: { keyword: string; onOpen: () => void }) {
  const t = useStore(msgs);
  const paged = usePaged((page) => api.gameSearch({ keyword, page, page_size: 20 }, { silent: true }), [keyword]);
  return (
    <section aria-label={t.results({ keyword })}>
      <PagedGames
        paged={paged}
        onOpen={onOpen}
        empty={
          <>
            <p>
              {t.noResultsBefore}
              <strong>{keyword}</strong>
              {t.noResultsAfter}
            </p>
            <p className="muted small">{t.tip}</p>
          </>
        }
      />
    </section>
  );
}

function HotGames() {
  const t = useStore(msgs);
  const [state, retry] = useAsync(() => api.hotGame({ page: 1, page_size: 9 }, { silent: true }), []);
  const { open, menu, sheet } = useGameMenu();
  if (state.status === 'error') return <LoadFailed message={t.hotFailed} onRetry={retry} />;
  if (state.status !== 'ready' || state.value.list.length === 0) return null;
  return (
    <section aria-labelledby="hot-title">
      <div className="hsection__head">
        <h2 id="hot-title">{t.hot}</h2>
      </div>
      <ul className="ggrid">
        {state.value.list.map((g) => (
          <li key={g.id}>
            <GameCard game={g} onOpen={open} onMenu={menu} />
          </li>
        ))}
      </ul>
      {sheet}
    </section>
  );
}
