import { useLocation, useSearch } from 'wouter';
import { api } from '../../../../app/services.ts';
import { gameScreenUrl } from '../../../../core/paths.ts';
import { findGame, parseId } from '../../../../state/catalogue.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { Sheet } from '../Sheet.tsx';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('webview/detail', {
  title: 'Game details',
  loadFailed: 'This game could not be loaded.',
  notFound: 'Game not found',
  notFoundText: 'This game does not exist or is not available here.',
  play: 'Play',
});

/** A game's essentials in a sheet over the host app: cover, title, description and Play. */
export default function WebviewDetailPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const id = parseId(new URLSearchParams(useSearch()).get('game_id'));
  // The detail page's answer (findGame): a broken id, a missing or a shielded game is not found; only a failed load is retried.
  const [game, reload] = useAsync(() => findGame(api, id), [id]);
  const found = game.status === 'ready' ? game.value : null;

  return (
    <Sheet title={found ? found.title : t.title}>
      {game.status === 'loading' && <Spinner />}
      {game.status === 'error' && <LoadFailed message={t.loadFailed} onRetry={reload} />}
      {game.status === 'ready' && !found && (
        <div className="cat-empty">
          <Icon name="gamepad" size={44} />
          <h2>{t.notFound}</h2>
          <p className="muted">{t.notFoundText}</p>
        </div>
      )}
      {found && (
        <div className="wv-detail">
          <div className="wv-detail__top">
            <img className="wv-detail__cover" src={found.cover} alt="" width={96} height={128} />
            <div className="wv-detail__meta">
              <p className="muted small">{found.tags.map((tag) => tag.name).join(' · ')}</p>
              <p className="small">★ {found.rating.toFixed(1)}</p>
              <p className="muted small">{found.short_desc}</p>
            </div>
          </div>
          <div className="wv-detail__desc">
            {found.description.split(/\n\s*\n/).map((para, i) => (
              <p key={i}>{para}</p>
            ))}
          </div>
          <Button block onClick={() => navigate(gameScreenUrl(found.id))}>
            {t.play}
          </Button>
        </div>
      )}
    </Sheet>
  );
}
