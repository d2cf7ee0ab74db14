import { useLocation, useSearch } from 'wouter';
import { api } from '../../../../app/services.ts';
import { gameScreenUrl } from '../../../../core/paths.ts';
import { Button } from '../../../../ui/Button.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { Sheet } from '../Sheet.tsx';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('webview/detail', {
  title: 'Game details',
  loadFailed: 'This game could not be loaded.',
  noGame: 'No game was chosen.',
  play: 'Play',
});

/** A game's essentials in a sheet over the host app: cover, title, description and Play. */
export default function WebviewDetailPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const gameId = Number(new URLSearchParams(useSearch()).get('game_id'));
  const valid = Number.isInteger(gameId) && gameId > 0;
  const [game, reload] = useAsync(() => (valid ? api.gameInfo({ game_id: gameId }, { silent: true }) : Promise.reject(new Error('no game'))), [gameId, valid]);

  return (
    <Sheet title={game.status === 'ready' ? game.value.title : t.title}>
      {game.status === 'loading' && <Spinner />}
      {game.status === 'error' && (
        // A link without a game has nothing to retry.
        valid ? <LoadFailed message={t.loadFailed} onRetry={reload} /> : <p className="muted center-stack">{t.noGame}</p>
      )}
      {game.status === 'ready' && (
        <div className="wv-detail">
          <div className="wv-detail__top">
            <img className="wv-detail__cover" src={game.value.cover} alt="" width={96} height={128} />
            <div className="wv-detail__meta">
              <p className="muted small">{game.value.tags.map((tag) => tag.name).join(' · ')}</p>
              <p className="small">★ {game.value.rating.toFixed(1)}</p>
              <p className="muted small">{game.value.short_desc}</p>
            </div>
          </div>
          <div className="wv-detail__desc">
            {game.value.description.split(/\n\s*\n/).map((para, i) => (
              <p key={i}>{para}</p>
            ))}
          </div>
          <Button block onClick={() => navigate(gameScreenUrl(game.value.id))}>
            {t.play}
          </Button>
        </div>
      )}
    </Sheet>
  );
}
