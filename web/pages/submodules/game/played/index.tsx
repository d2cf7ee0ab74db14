import { useLocation } from 'wouter';
import { api } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { LIBRARY_PATH, playedLabel } from '../../../../state/catalogue.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { PagedGames, usePaged } from '../list/paged.tsx';

/** The games this player has played, latest first (login). */
export default function PlayedPage() {
  const [, navigate] = useLocation();
  const paged = usePaged((page) => api.playedList({ page, page_size: 20 }, { silent: true }), []);
  return (
    <>
      <NavBar title="Played games" onBack={() => goBack('/main/user/index')} />
      <div className="content">
        <PagedGames
          paged={paged}
          extra={(g) => (
<span className="gcard__meta">{playedLabel(g.last_played, g.play_times)}</span>
          )}
          empty={
            <>
              <p>You have not played any games yet.</p>
              <Button onClick={() => navigate(LIBRARY_PATH)}>Browse the library</Button>
            </>
          }
        />
      </div>
    </>
  );
}
