import { useState } from 'react';
import { useLocation } from 'wouter';
import { api, auth } from '../../../app/services.ts';
import { SORTS, type SortKey } from '../../../state/catalogue.ts';
import { PAGE_PATH } from '../../../core/paths.ts';
import { useAsync } from '../../../ui/use-async.ts';
import { Icon } from '../../../ui/icons.tsx';
import { PagedGames, usePaged } from '../../../ui/paged.tsx';

/** The library tab: search entry, tag chips, sort, and the paged grid (scrolls inside `.scroll`). */
export default function GameLibraryPage() {
  const [, navigate] = useLocation();
  const [tag, setTag] = useState(0);
  const [sort, setSort] = useState<SortKey>('hot');
  const [tags, retryTags] = useAsync(() => api.getTagList({}, { silent: true }), []);
  const paged = usePaged((page) => api.gameList({ page, page_size: 20, sort, ...(tag ? { tag_id: tag } : {}) }, { silent: true }), [tag, sort]);

  return (
    <div className="scroll">
      <h1 className="page-title">Game Library</h1>
      <div className="content">
        <button type="button" className="searchbox" onClick={() => navigate(PAGE_PATH.search)}>
          <Icon name="search" size={18} />
          <span>Search games, tags, studios</span>
        </button>
        <div className="chips" role="group" aria-label="Tags">
          <button type="button" className="chip" aria-pressed={tag === 0} onClick={() => setTag(0)}>
            All
          </button>
          {tags.status === 'ready' &&
            tags.value.list.map((t) => (
              <button key={t.id} type="button" className="chip" aria-pressed={tag === t.id} onClick={() => setTag(t.id)}>
                {t.name}
              </button>
            ))}
          {tags.status === 'error' && (
            <button type="button" className="chip" onClick={retryTags}>
              Reload tags
            </button>
          )}
        </div>
        <div className="seg" role="group" aria-label="Sort">
          {SORTS.map((s) => (
            <button key={s.key} type="button" aria-pressed={sort === s.key} onClick={() => setSort(s.key)}>
              {s.label}
            </button>
          ))}
        </div>
        <PagedGames paged={paged} play={{ auth, api }} empty={<p>No games with this tag yet.</p>} />
      </div>
    </div>
  );
}
