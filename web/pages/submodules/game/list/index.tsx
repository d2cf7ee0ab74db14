import { useSearch } from 'wouter';
import { api } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { parseId, parseSort } from '../../../../state/catalogue.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { PagedGames, usePaged } from '../../../../ui/paged.tsx';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('play/list', { games: 'Games', empty: 'No games here yet.' });

/** A titled list of one tag's games, or all games in one sort (`?tag_id=…&sort=…&title=…`). */
export default function GameListPage() {
  const t = useStore(msgs);
  const q = new URLSearchParams(useSearch());
  const tagId = parseId(q.get('tag_id'));
  const sort = parseSort(q.get('sort'));
  const title = q.get('title')?.trim() || t.games;
  const paged = usePaged(
    (page) => api.gameList({ page, page_size: 20, ...(tagId ? { tag_id: tagId } : {}), ...(sort ? { sort } : {}) }, { silent: true }),
    [tagId, sort],
  );
  return (
    <>
      <NavBar title={title} onBack={() => goBack(PAGE_PATH.gameLibrary)} />
      <div className="content">
        <PagedGames paged={paged} empty={<p>{t.empty}</p>} />
      </div>
    </>
  );
}
