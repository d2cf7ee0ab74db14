import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Game } from '../../../../api/contract.ts';
import { api, auth, clock } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { formatCount, isGameNotFound, isLongText, paragraphs, parseId } from '../../../../state/catalogue.ts';
import { playGame } from '../../../../state/play.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { GameCard } from '../../../../ui/GameCard.tsx';
import { ImagePreview } from '../../../../ui/ImagePreview.tsx';
import { VideoPlayer } from '../../../../ui/VideoPlayer.tsx';
import { useGameMenu } from '../../../../ui/game-menu.tsx';

type Load = { kind: 'found'; game: Game } | { kind: 'missing' };

/** Danmaku lines shown over the trailer (the API has no comments; a few friendly lines). */
const danmakuFor = (g: Game): string[] => [
  `${g.title}!`,
  'Runs so smooth in the cloud',
  `${g.rating.toFixed(1)} stars well deserved`,
  'No download, just play',
  `Love the ${g.tags[0]?.name ?? 'game'} vibes`,
  'Trying this tonight',
];

/** Game detail: banner, facts, description, screenshots, trailer, similar games, and Play. */
export default function GameDetailPage() {
  const [, navigate] = useLocation();
  const id = parseId(new URLSearchParams(useSearch()).get('game_id'));
  // A missing or shielded game answers code 0 "Game not found": shown as a state, not a toast.
  const [state, retry] = useAsync<Load>(
    () =>
      id === null
        ? Promise.resolve({ kind: 'missing' })
        : api.gameInfo({ game_id: id }, { silent: true }).then(
            (game): Load => ({ kind: 'found', game }),
            (e: unknown): Load => {
              if (isGameNotFound(e)) return { kind: 'missing' };
              throw e;
            },
          ),
    [id],
  );
  const back = () => goBack(PAGE_PATH.gameLibrary);

  if (state.status === 'loading')
    return (
      <>
        <NavBar title="Game details" onBack={back} />
        <Spinner label="Loading game" />
      </>
    );
  if (state.status === 'error')
    return (
      <>
        <NavBar title="Game details" onBack={back} />
        <div className="cat-empty" role="alert">
          <p>This game could not be loaded.</p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      </>
    );
  if (state.value.kind === 'missing')
    return (
      <>
        <NavBar title="Game details" onBack={back} />
        <div className="cat-empty">
          <Icon name="gamepad" size={44} />
          <h2>Game not found</h2>
          <p className="muted">This game does not exist or is not available here.</p>
          <Button onClick={() => navigate(PAGE_PATH.gameLibrary, { replace: true })}>Browse the library</Button>
        </div>
      </>
    );
  return <Detail game={state.value.game} onBack={back} onPlay={(gameId) => playGame({ auth, api }, gameId, navigate)} />;
}

function Detail({ game, onBack, onPlay }: { game: Game; onBack: () => void; onPlay: (id: number) => void }) {
  const [expanded, setExpanded] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);
  const long = isLongText(game.description);
  const paras = paragraphs(game.description);
  return (
    <div className="detail">
      <NavBar title={game.title} onBack={onBack} />
      <img className="detail__banner" src={game.banner} alt={`${game.title} banner`} width={640} height={360} fetchPriority="high" />
      <div className="content">
        <section className="detail__head" aria-labelledby="game-title">
          <img className="detail__cover" src={game.cover} alt="" width={84} height={112} />
          <div className="detail__facts">
            <h2 id="game-title">{game.title}</h2>
            <p className="muted small">{game.developer}</p>
            <ul className="tags" aria-label="Tags">
              {game.tags.map((t) => (
                <li key={t.id}>{t.name}</li>
              ))}
            </ul>
          </div>
        </section>
        <dl className="detail__stats">
          <div>
            <dt>Rating</dt>
            <dd>★ {game.rating.toFixed(1)}</dd>
          </div>
          <div>
            <dt>Plays</dt>
            <dd>{formatCount(game.play_count)}</dd>
          </div>
          <div>
            <dt>Released</dt>
            <dd>{game.release_date}</dd>
          </div>
        </dl>

        <section aria-labelledby="about-title">
          <h3 id="about-title" className="detail__h">About</h3>
          <div id="game-desc" className={`detail__desc${long && !expanded ? ' detail__desc--clamped' : ''}`}>
            {paras.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          {long && (
            <button type="button" className="link-btn" aria-expanded={expanded} aria-controls="game-desc" onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Less' : 'More'}
            </button>
          )}
        </section>

        <section aria-labelledby="trailer-title">
          <h3 id="trailer-title" className="detail__h">Trailer</h3>
          <VideoPlayer src={game.trailer.url} poster={game.trailer.poster} title={game.title} danmaku={danmakuFor(game)} autoPlay timers={clock} />
        </section>

        <section aria-labelledby="shots-title">
          <h3 id="shots-title" className="detail__h">Screenshots</h3>
          <div className="shots">
            {game.screenshots.map((s, i) => (
              <button key={s} type="button" className="shot" aria-label={`Open screenshot ${i + 1} of ${game.screenshots.length}`} onClick={() => setPreview(i)}>
                <img src={s} alt="" loading="lazy" />
              </button>
            ))}
          </div>
        </section>

        <Similar id={game.id} />
      </div>
      <div className="detail__play">
        <Button block aria-label={`Play ${game.title}`} onClick={() => onPlay(game.id)}>
          Play
        </Button>
      </div>
      {preview !== null && <ImagePreview images={game.screenshots} startIndex={preview} label={game.title} timers={clock} onClose={() => setPreview(null)} />}
    </div>
  );
}

function Similar({ id }: { id: number }) {
  const [state] = useAsync(() => api.similarList({ game_id: id, limit: 10 }, { silent: true }), [id]);
  const { open, menu, sheet } = useGameMenu({ auth, api });
  if (state.status !== 'ready' || state.value.list.length === 0) return null;
  return (
    <section aria-labelledby="similar-title">
      <h3 id="similar-title" className="detail__h">Similar games</h3>
      <div className="hsection__row">
        {state.value.list.map((g) => (
          <GameCard key={g.id} game={g} onOpen={open} onMenu={menu} />
        ))}
      </div>
      {sheet}
    </section>
  );
}
