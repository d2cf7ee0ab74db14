import { useLocation } from 'wouter';
import { api, auth } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { playedLabel } from '../../../../state/catalogue.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { PagedGames, usePaged } from '../../../../ui/paged.tsx';

/** The games this player has played, latest first (login). */
export default function PlayedPage() {
  const [, navigate] = useLocation();
  const paged = usePaged((page) => api.playedList({ page, page_size: 20 }, { silent: true }), []);
  return (
    <>
      <NavBar title="Played games" onBack={() => goBack(PAGE_PATH.user)} />
      <div className="content">
        <PagedGames
          paged={paged}
          play={{ auth, api }}
          extra={(g) => (
<span className="gcard__meta">{playedLabel(g.last_played, g.play_times)}</span>
          )}
          empty={
            <>
              <p>You have not played any games yet.</p>
              <Button onClick={() => navigate(PAGE_PATH.gameLibrary)}>Browse the library</Button>
            </>
          }
        />
      </div>
    </>
  );
}
