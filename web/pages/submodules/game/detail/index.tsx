import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Game } from '../../../../api/contract.ts';
import { api, clock } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { findGame, formatCount, isLongText, paragraphs, parseId } from '../../../../state/catalogue.ts';
import { downloadUrl, gameScreenUrl, PAGE_PATH } from '../../../../core/paths.ts';
import { usePlayTap } from './play-tap.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { GameCard } from '../../../../ui/GameCard.tsx';
import { NearImage } from '../../../../ui/NearImage.tsx';
import { useAfterFirstImage } from '../../../../ui/near-viewport.ts';
import { ImagePreview } from '../../../../ui/ImagePreview.tsx';
import { VideoPlayer } from '../../../../ui/VideoPlayer.tsx';
import { useGameMenu } from '../../../../ui/game-menu.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { locale } from '../../../../core/i18n/locale.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { firstImageDone, firstImageShown } from '../../../../ui/first-image-shown.ts';

const msgs = messages('play/detail', {
  title: 'Game details',
  loading: 'Loading game',
  failed: 'This game could not be loaded.',
  similarFailed: 'Similar games could not be loaded.',
  getApp: 'Get the app',
  notFound: 'Game not found',
  notFoundText: 'This game does not exist or is not available here.',
  browse: 'Browse the library',
  banner: params('{title} banner'),
  tags: 'Tags',
  rating: 'Rating',
  plays: 'Plays',
  released: 'Released',
  about: 'About',
  less: 'Less',
  more: 'More',
  trailer: 'Trailer',
  screenshots: 'Screenshots',
  openShot: params('Open screenshot {n} of {total}'),
  playLabel: params('Play {title}'),
  play: 'Play',
  similar: 'Similar games',
  cheer1: 'Runs so smooth in the cloud',
  cheer2: params('{rating} stars well deserved'),
  cheer3: 'No download, just play',
  cheer4: params('Love the {tag} vibes'),
  cheer4Game: 'Love the game vibes',
  cheer5: 'Trying this tonight',
});

type Texts = ReturnType<typeof msgs.get>;

/** Danmaku lines shown over the trailer (the API has no comments; a few friendly lines). */
const danmakuFor = (g: Game, t: Texts): string[] => {
  const tag = g.tags[0]?.name;
  return [
    `${g.title}!`,
    t.cheer1,
    t.cheer2({ rating: g.rating.toFixed(1) }),
    t.cheer3,
    tag ? t.cheer4({ tag }) : t.cheer4Game,
    t.cheer5,
  ];
};

/** Game detail: banner, facts, description, screenshots, trailer, similar games, and Play. */
export default function GameDetailPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const id = parseId(new URLSearchParams(useSearch()).get('game_id'));
  // A missing or shielded game answers code 0 "Game not found": shown as a state, not a toast. The page's first request
  // (app/first-request.ts): started with the app, this call takes its answer when the page is opened directly.
  const [state, retry] = useAsync(() => findGame(api, id), [id]);
  const back = () => goBack(PAGE_PATH.gameLibrary);

  if (state.status === 'loading')
    return (
      <>
        <NavBar title={t.title} onBack={back} />
        <Spinner label={t.loading} />
      </>
    );
  if (state.status === 'error')
    return (
      <>
        <NavBar title={t.title} onBack={back} />
        <LoadFailed message={t.failed} onRetry={retry} />
      </>
    );
  if (state.value === null)
    return (
      <>
        <NavBar title={t.title} onBack={back} />
        <div className="cat-empty">
          <Icon name="gamepad" size={44} />
          <h2>{t.notFound}</h2>
          <p className="muted">{t.notFoundText}</p>
          <Button onClick={() => navigate(PAGE_PATH.gameLibrary, { replace: true })}>{t.browse}</Button>
        </div>
      </>
    );
  return (
    <Detail
      game={state.value}
      onBack={back}
      onPlay={(gameId) => navigate(gameScreenUrl(gameId))}
      onDownload={(gameId) => navigate(downloadUrl(gameId))}
    />
  );
}

function Detail({
  game,
  onBack,
  onPlay,
  onDownload,
}: {
  game: Game;
  onBack: () => void;
  onPlay: (id: number) => void;
  onDownload: (id: number) => void;
}) {
  const t = useStore(msgs);
  const lang = useStore(locale);
  const [expanded, setExpanded] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);
  const long = isLongText(game.description);
  const paras = paragraphs(game.description);
  // The small cover lets the banner, the page's largest paint, go first (ui/first-image.ts); its box is reserved.
  const coverShown = useAfterFirstImage();
  const playTap = usePlayTap();
  return (
    <div className="detail">
      <NavBar title={game.title} onBack={onBack} />
      <img className="detail__banner" src={game.banner} alt={t.banner({ title: game.title })} width={640} height={360} fetchPriority="high" onLoad={firstImageShown} onError={firstImageShown} />
      <div className="content">
        <section className="detail__head" aria-labelledby="game-title">
          <img className="detail__cover" src={coverShown ? game.cover : undefined} alt="" width={84} height={112} />
          <div className="detail__facts">
            <h2 id="game-title">{game.title}</h2>
            <p className="muted small">{game.developer}</p>
            <ul className="tags" aria-label={t.tags}>
              {game.tags.map((t) => (
                <li key={t.id}>{t.name}</li>
              ))}
            </ul>
          </div>
        </section>
        <dl className="detail__stats">
          <div>
            <dt>{t.rating}</dt>
            <dd>★ {game.rating.toFixed(1)}</dd>
          </div>
          <div>
            <dt>{t.plays}</dt>
            <dd>{formatCount(game.play_count, lang)}</dd>
          </div>
          <div>
            <dt>{t.released}</dt>
            <dd>{game.release_date}</dd>
          </div>
        </dl>

        <section aria-labelledby="about-title">
          <h3 id="about-title" className="detail__h">{t.about}</h3>
          <div id="game-desc" className={`detail__desc${long && !expanded ? ' detail__desc--clamped' : ''}`}>
            {paras.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          {long && (
            <button type="button" className="link-btn" aria-expanded={expanded} aria-controls="game-desc" onClick={() => setExpanded(!expanded)}>
              {expanded ? t.less : t.more}
            </button>
          )}
        </section>

        <section aria-labelledby="trailer-title">
          <h3 id="trailer-title" className="detail__h">{t.trailer}</h3>
          <VideoPlayer src={game.trailer.url} poster={game.trailer.poster} title={game.title} danmaku={danmakuFor(game, t)} autoPlay timers={clock} />
        </section>

        <section aria-labelledby="shots-title">
          <h3 id="shots-title" className="detail__h">{t.screenshots}</h3>
          <div className="shots">
            {game.screenshots.map((s, i) => (
              <button key={s} type="button" className="shot" aria-label={t.openShot({ n: i + 1, total: game.screenshots.length })} onClick={() => setPreview(i)}>
                <NearImage src={s} alt="" />
              </button>
            ))}
          </div>
        </section>

        <Similar id={game.id} />
        <Button block variant="secondary" onClick={() => onDownload(game.id)}>
          {t.getApp}
        </Button>
      </div>
      <div className="detail__play">
        <Button
          block
          aria-label={t.playLabel({ title: game.title })}
          onClick={() => {
            // Full screen must be asked inside the tap itself (start-tap.ts).
            playTap(game);
            onPlay(game.id);
          }}
        >
          {t.play}
        </Button>
      </div>
      {preview !== null && <ImagePreview images={game.screenshots} startIndex={preview} label={game.title} timers={clock} onClose={() => setPreview(null)} />}
    </div>
  );
}

function Similar({ id }: { id: number }) {
  const t = useStore(msgs);
  // Below the banner, the page's largest paint: asked for once that is on screen (ui/first-image.ts).
  const [state, retry] = useAsync(() => firstImageDone().then(() => api.similarList({ game_id: id, limit: 10 }, { silent: true })), [id]);
  const { open, menu, sheet } = useGameMenu();
  if (state.status === 'error') return <LoadFailed message={t.similarFailed} onRetry={retry} />;
  if (state.status !== 'ready' || state.value.list.length === 0) return null;
  return (
    <section aria-labelledby="similar-title">
      <h3 id="similar-title" className="detail__h">{t.similar}</h3>
      <div className="hsection__row">
        {state.value.list.map((g) => (
          <GameCard key={g.id} game={g} onOpen={open} onMenu={menu} />
        ))}
      </div>
      {sheet}
    </section>
  );
}
