/**
 * Home group: GET index/api/home_list, the banner carousel and the sections
 * of the home page, built from fixtures/home.json at request time. With a
 * valid token a "continue" section lists the user's played games; without
 * one (or with an expired one: home is open to visitors) it is left out.
 * Shielded games are never shown and empty sections are dropped.
 */
import { PATH, type HomeSection } from '../../web/api/contract.ts';
import { byPlays, findGame, gameView, visibleGames } from '../content/catalogue.ts';
import type { GameFixture, HomeSectionFixture } from '../fixtures/index.ts';
import { contentState } from '../content/state.ts';
import { ok } from '../http/envelope.ts';
import { defineRoute, NO_INPUT, optionalUser, type Route, type RouteContext } from './route.ts';

function sectionGames(s: HomeSectionFixture, ctx: RouteContext): { games: GameFixture[]; more: boolean } {
  const view = gameView(ctx);
  const visible = visibleGames(ctx.fixtures);
  const top = (list: GameFixture[]): { games: GameFixture[]; more: boolean } => ({ games: list.slice(0, s.limit), more: list.length > s.limit });
  switch (s.type) {
    case 'continue': {
      const user = optionalUser(ctx);
      if (!user) return { games: [], more: false };
      const played = contentState(ctx.session)
        .playedBy(user.uid)
        .flatMap((p) => {
          const g = findGame(ctx.fixtures, p.gameId);
          return g ? [g] : [];
        });
      return top(played);
    }
    case 'hot':
      return top(visible.sort(byPlays(view)));
    case 'new':
      return top(visible.filter((g) => g.is_new === 1).sort((a, b) => b.release_date.localeCompare(a.release_date) || a.id - b.id));
    case 'tag':
      return top(visible.filter((g) => g.tag_ids.includes(s.tag_id)).sort(byPlays(view)));
    case 'picks':
      return {
        games: s.game_ids.flatMap((id) => {
          const g = findGame(ctx.fixtures, id);
          return g ? [g] : [];
        }),
        more: false,
      };
  }
}

export const homeRoutes: Route[] = [
  // GET: any /key/value pairs (e.g. /lang/en) are accepted and do not change the answer.
  defineRoute(PATH.homeList, NO_INPUT(), (_req, ctx) => {
    const view = gameView(ctx);
    const home = ctx.fixtures.content.home;
    const banners = home.banners.flatMap((b) => {
      const game = findGame(ctx.fixtures, b.game_id);
      return game ? [{ id: b.id, title: b.title, subtitle: b.subtitle, image: view.summary(game).banner, game_id: game.id }] : [];
    });
    const sections = home.sections.flatMap((s): HomeSection[] => {
      const { games, more } = sectionGames(s, ctx);
      if (games.length === 0) return [];
      return [{ key: s.key, type: s.type, title: s.title, layout: s.layout, tag_id: s.tag_id, more: more ? 1 : 0, games: games.map(view.summary) }];
    });
    return ok({ banners, sections });
  }),
];
