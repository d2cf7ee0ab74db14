import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../../../app/services.ts';
import { LIBRARY_START, libraryQuery, PAGE_CALL } from '../../../app/first-request.ts';
import { SORT_KEYS, sortLabel, type SortKey } from '../../../state/catalogue.ts';
import { PAGE_PATH } from '../../../core/paths.ts';
import { useAsync } from '../../../ui/use-async.ts';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { PagedGames, usePaged } from '../../../ui/paged.tsx';
import { messages } from '../../../core/i18n/messages.ts';
import { useStore } from '../../../ui/use-store.ts';
import { firstImageDone } from '../../../ui/first-image-shown.ts';

const msgs = messages('library/page', {
  title: 'Game Library',
  search: 'Search games, tags, studios',
  tags: 'Tags',
  all: 'All',
  tagsFailed: 'Tags could not be loaded.',
  sort: 'Sort',
  empty: 'No games with this tag yet.',
});

/** The library tab: search entry, tag chips, sort, and the paged grid (scrolls inside `.scroll`). */
export default function GameLibraryPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const [tag, setTag] = useState(LIBRARY_START.tag);
  const [sort, setSort] = useState<SortKey>(LIBRARY_START.sort);
  // The tag chips' names come once the first cover, the page's largest paint, is on screen (ui/first-image.ts).
  const [tags, retryTags] = useAsync(() => firstImageDone().then(() => api.getTagList({}, { silent: true })), []);
  // Its first page is the app's first request when the library is opened (first-request.ts): the same call.
  const paged = usePaged((page) => api.gameList(libraryQuery(page, sort, tag), PAGE_CALL), [tag, sort]);

  return (
    <div className="scroll">
      <h1 className="page-title">{t.title}</h1>
      <div className="content">
        <button type="button" className="searchbox" onClick={() => navigate(PAGE_PATH.search)}>
          <Icon name="search" size={18} />
          <span>{t.search}</span>
        </button>
        <div className="chips" role="group" aria-label={t.tags}>
          <button type="button" className="chip" aria-pressed={tag === 0} onClick={() => setTag(0)}>
            {t.all}
          </button>
          {tags.status === 'ready' &&
            tags.value.list.map((g) => (
              <button key={g.id} type="button" className="chip" aria-pressed={tag === g.id} onClick={() => setTag(g.id)}>
                {g.name}
              </button>
            ))}
        </div>
        {tags.status === 'error' && <LoadFailed message={t.tagsFailed} onRetry={retryTags} />}
        <div className="seg" role="group" aria-label={t.sort}>
          {SORT_KEYS.map((key) => (
            <button key={key} type="button" aria-pressed={sort === key} onClick={() => setSort(key)}>
              {sortLabel(key)}
            </button>
          ))}
        </div>
        <PagedGames paged={paged} empty={<p>{t.empty}</p>} />
      </div>
    </div>
  );
}
