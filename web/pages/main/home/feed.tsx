import { useLocation } from 'wouter';
import type { HomeList, HomeSection } from '../../../api/contract.ts';
import { api, auth, clock } from '../../../app/services.ts';
import { detailUrl, listUrl } from '../../../core/paths.ts';
import { useAsync } from '../../../ui/use-async.ts';
import { Carousel } from '../../../ui/Carousel.tsx';
import { firstImageShown } from '../../../ui/first-image-shown.ts';
import { GameCard } from '../../../ui/GameCard.tsx';
import { useGameMenu } from '../../../ui/game-menu.tsx';
import { FeedFailed, FeedPlaceholder } from './feed-placeholder.tsx';
import { messages } from '../../../core/i18n/messages.ts';
import { useStore } from '../../../ui/use-store.ts';

const msgs = messages('home/feed-rows', {
  featured: 'Featured games',
  more: 'More',
});

const moreUrl = (s: HomeSection): string | null =>
  !s.more ? null : s.tag_id ? listUrl({ tagId: s.tag_id, title: s.title }) : s.type === 'hot' || s.type === 'new' ? listUrl({ sort: s.type, title: s.title }) : null;

/** Shaped by the questionnaire's answers, read lazily (the database code stays out of home's first load); as sent when logged out. */
const inTaste = (home: HomeList, loggedIn: boolean): Promise<HomeList> | HomeList =>
  loggedIn ? import('../../../app/guide.ts').then((m) => m.shapedHome(home)) : home;

/** home_list: the banner carousel and the sections of game rows, in the player's taste (the questionnaire's genres). */
export function HomeFeed() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const loggedIn = useStore(auth.$auth).token !== null;
  // Home's first request (app/first-request.ts): started with the app, this call takes its answer on the first view.
  const [state, retry] = useAsync(
    () => api.homeList({}, { silent: true }).then((home) => inTaste(home, loggedIn)),
    [loggedIn],
  );
  const { open, menu, sheet } = useGameMenu();
  if (state.status === 'loading') return <FeedPlaceholder />;
  if (state.status === 'error') return <FeedFailed onRetry={retry} />;
  const { banners, sections } = state.value;
  return (
    <>
      {banners.length > 0 && (
        <Carousel
          label={t.featured}
          items={banners}
          clock={clock}
          render={(b, i, near) => (
            <button type="button" className="hbanner" onClick={() => navigate(detailUrl(b.game_id))}>
              {/* The first banner is home's largest paint: fetched first, its 16:9 box reserved before it arrives, and
                  its load reported (ui/first-image-shown.ts); the others once their slide is near and it is on screen
                  (ui/Carousel.tsx). */}
              <img
                src={near ? b.image : undefined}
                alt=""
                width={640}
                height={360}
                fetchPriority={i === 0 ? 'high' : 'low'}
                {...(i === 0 ? { onLoad: firstImageShown, onError: firstImageShown } : {})}
                draggable={false}
              />
              <span className="hbanner__text">
                <strong>{b.title}</strong>
                <span>{b.subtitle}</span>
              </span>
            </button>
          )}
        />
      )}
      {sections.map((s) => {
        const more = moreUrl(s);
        return (
          <section key={s.key} className="hsection" aria-labelledby={`hs-${s.key}`}>
            <div className="hsection__head">
              <h2 id={`hs-${s.key}`}>{s.title}</h2>
              {more && (
                <button type="button" className="link-btn" onClick={() => navigate(more)}>
                  {t.more}
                </button>
              )}
            </div>
            <div className={`hsection__${s.layout}`}>
              {s.games.map((g) => (
                <GameCard key={g.id} game={g} wide={s.layout === 'large'} onOpen={open} onMenu={menu} />
              ))}
            </div>
          </section>
        );
      })}
      {sheet}
    </>
  );
}
