import { useLocation } from 'wouter';
import { api } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { playedLabel } from '../../../../state/catalogue.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { PagedGames, usePaged } from '../../../../ui/paged.tsx';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('play/played', {
  title: 'Played games',
  empty: 'You have not played any games yet.',
  browse: 'Browse the library',
});

/** The games this player has played, latest first (login). */
export default function PlayedPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const paged = usePaged((page) => api.playedList({ page, page_size: 20 }, { silent: true }), []);
  return (
    <>
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.user)} />
      <div className="content">
        <PagedGames
          paged={paged}
          extra={(g) => (
            <span className="gcard__meta">{playedLabel(g.last_played, g.play_times)}</span>
          )}
          empty={
            <>
              <p>{t.empty}</p>
              <Button onClick={() => navigate(PAGE_PATH.gameLibrary)}>{t.browse}</Button>
            </>
          }
        />
      </div>
    </>
  );
}
