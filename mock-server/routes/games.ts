/**
 * Catalogue group (SPEC §7 game_info, get_tag_list, game_search, hot_game,
 * similar_list, playgame, update_down, get_op_plan; plus the library's
 * game_list and the played page's played_list). Shielded games (ps_shield,
 * SPEC §6) never appear and answer "Game not found" like unknown ids.
 */
import { BODY_CODE, PATH, type GameSort } from '../../web/api/contract.ts';
import * as z from 'zod';
import { byPlays, downCount, findGame, gameView, opPlans, paginate, search, similar, visibleGames } from '../content/catalogue.ts';
import { oneOf, optional, text } from '../validate.ts';
import { gameId, pageFields, requireSameUid, uid } from './input.ts';
import { contentState } from '../content/state.ts';
import { fail, ok } from '../http/envelope.ts';
import { wordsIn } from '../http/words.ts';
import { formatBackendTime } from '../sessions/store.ts';
import { defineRoute, defineUserRoute, NO_INPUT, type Route } from './route.ts';

const SORTS = ['hot', 'new', 'rating'] as const satisfies readonly GameSort[];

export const catalogueRoutes: Route[] = [
  defineRoute(
    PATH.gameInfo,
    (n) => z.object({ game_id: gameId(n) }),
    (req, ctx) => {
      const game = findGame(ctx.fixtures, req.game_id);
      return game ? ok(gameView(ctx).full(game)) : fail(BODY_CODE.failed, wordsIn(ctx.language, 'gameNotFound'));
    },
  ),

  // GET: /tag_id/3/sort/new/page/2/page_size/20
  defineRoute(
    PATH.gameList,
    (n) => z.object({ ...pageFields(n), tag_id: optional(n.int({ min: 1 })), sort: optional(oneOf(SORTS)) }),
    (req, ctx) => {
      const view = gameView(ctx);
      const games = visibleGames(ctx.fixtures).filter((g) => req.tag_id === undefined || g.tag_ids.includes(req.tag_id));
      const plays = byPlays(view);
      const sort = req.sort ?? 'hot';
      games.sort((a, b) =>
        sort === 'new'
          ? b.release_date.localeCompare(a.release_date) || plays(a, b)
          : sort === 'rating'
            ? b.rating - a.rating || plays(a, b)
            : plays(a, b),
      );
      const page = paginate(games, req);
      return ok({ ...page, list: page.list.map(view.summary) });
    },
  ),

  defineRoute(PATH.getTagList, NO_INPUT(), (_req, ctx) => {
    const games = visibleGames(ctx.fixtures);
    return ok({
      list: ctx.fixtures.content.catalogue.tags.map((t) => ({
        id: t.id,
        name: t.name,
        game_count: games.filter((g) => g.tag_ids.includes(t.id)).length,
      })),
    });
  }),

  defineRoute(
    PATH.gameSearch,
    (n) => z.object({ ...pageFields(n), keyword: text({ max: 50 }) }),
    (req, ctx) => {
      const view = gameView(ctx);
      const page = paginate(search(ctx.fixtures, view, req.keyword, ctx.fixturesInEveryLanguage()), req);
      return ok({ ...page, list: page.list.map(view.summary), keyword: req.keyword });
    },
  ),

  defineRoute(PATH.hotGame, (n) => z.object(pageFields(n)), (req, ctx) => {
    const view = gameView(ctx);
    const page = paginate(visibleGames(ctx.fixtures).sort(byPlays(view)), req);
    return ok({ ...page, list: page.list.map(view.summary) });
  }),

  defineRoute(
    PATH.similarList,
    (n) => z.object({ game_id: gameId(n), limit: optional(n.int({ min: 1, max: 20 })) }),
    (req, ctx) => {
      const game = findGame(ctx.fixtures, req.game_id);
      if (!game) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'gameNotFound'));
      const view = gameView(ctx);
      return ok({ list: similar(ctx.fixtures, view, game).slice(0, req.limit ?? 10).map(view.summary) });
    },
  ),

  defineUserRoute(
    PATH.playgame,
    (n) => z.object({ uid: uid(n), game_id: gameId(n) }),
    (req, ctx, user) => {
      requireSameUid(req.uid, user);
      const game = findGame(ctx.fixtures, req.game_id);
      if (!game) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'gameNotFound'));
      const state = contentState(ctx.session);
      state.recordPlay(user.uid, game.id, ctx.clock.now());
      return ok({ game_id: game.id, play_count: gameView(ctx).plays(game) });
    },
  ),

  defineUserRoute(
    PATH.updateDown,
    (n) => z.object({ uid: uid(n), game_id: gameId(n) }),
    (req, ctx, user) => {
      requireSameUid(req.uid, user);
      const game = findGame(ctx.fixtures, req.game_id);
      if (!game) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'gameNotFound'));
      const state = contentState(ctx.session);
      state.recordDownload(game.id);
      return ok({ game_id: game.id, down_count: downCount(state, game) });
    },
  ),

  // GET: /page/1/page_size/20
  defineUserRoute(PATH.playedList, (n) => z.object(pageFields(n)), (req, ctx, user) => {
    const view = gameView(ctx);
    const played = contentState(ctx.session)
      .playedBy(user.uid)
      .flatMap((p) => {
        const game = findGame(ctx.fixtures, p.gameId);
        return game ? [{ ...view.summary(game), last_played_at: Math.floor(p.lastMs / 1000), last_played: formatBackendTime(p.lastMs), play_times: p.times }] : [];
      });
    return ok(paginate(played, req));
  }),

  defineRoute(
    PATH.getOpPlan,
    (n) => z.object({ game_id: gameId(n) }),
    (req, ctx) => {
      const game = findGame(ctx.fixtures, req.game_id);
      return game ? ok({ list: opPlans(ctx.fixtures, game) }) : fail(BODY_CODE.failed, wordsIn(ctx.language, 'gameNotFound'));
    },
  ),
];
