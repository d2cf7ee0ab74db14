/**
 * The game catalogue as the routes see it: games.json indexed by id and
 * game_key, the shield list of SPEC §6 applied (shielded games are hidden
 * from every list and from game_info), play and download counts including
 * those recorded at runtime, and games shaped into the contract's
 * GameSummary / Game with absolute media URLs. Other route groups (the game
 * flow) look games up here too: `findGame`, `findGameByKey`.
 */
import {
  type Game,
  type GameSummary,
  type GameTag,
  type OpPlan,
  type OpType,
  type Page,
  type PageRequest,
} from '../../web/api/contract.ts';
import { PAGE_SIZE_DEFAULT } from '../limits.ts';
import type { GameFixture } from '../fixtures/index.ts';
import { contentState, type ContentState } from './state.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { gameMediaUrls, requestOrigin } from './media.ts';
import type { RouteContext } from '../routes/route.ts';


interface Index {
  byId: Map<number, GameFixture>;
  byKey: Map<string, GameFixture>;
  tags: Map<number, GameTag>;
}

const indexes = new WeakMap<Fixtures['content']['catalogue'], Index>();

function index(fixtures: Fixtures): Index {
  const cat = fixtures.content.catalogue;
  let idx = indexes.get(cat);
  if (!idx) {
    idx = {
      byId: new Map(cat.games.map((g) => [g.id, g])),
      byKey: new Map(cat.games.map((g) => [g.game_key, g])),
      tags: new Map(cat.tags.map((t) => [t.id, t])),
    };
    indexes.set(cat, idx);
  }
  return idx;
}

/** Game ids hidden by ps_shield (SPEC §6). */
export function shieldedIds(fixtures: Fixtures): Set<number> {
  return new Set(fixtures.shield.game.split(',').filter(Boolean).map(Number));
}

/** A visible game by id (undefined when unknown or shielded). */
export function findGame(fixtures: Fixtures, id: number): GameFixture | undefined {
  const g = index(fixtures).byId.get(id);
  return g && !shieldedIds(fixtures).has(g.id) ? g : undefined;
}

/** A visible game by game_key (undefined when unknown or shielded). */
export function findGameByKey(fixtures: Fixtures, key: string): GameFixture | undefined {
  const g = index(fixtures).byKey.get(key);
  return g && !shieldedIds(fixtures).has(g.id) ? g : undefined;
}

/** Every visible game, in fixture order. */
export function visibleGames(fixtures: Fixtures): GameFixture[] {
  const hidden = shieldedIds(fixtures);
  return fixtures.content.catalogue.games.filter((g) => !hidden.has(g.id));
}

export function tagsOf(fixtures: Fixtures, game: GameFixture): GameTag[] {
  const tags = index(fixtures).tags;
  return game.tag_ids.flatMap((id) => {
    const t = tags.get(id);
    return t ? [{ id: t.id, name: t.name }] : [];
  });
}

export function playCount(state: ContentState, game: GameFixture): number {
  return game.play_count + (state.playCounts.get(game.id) ?? 0);
}

export function downCount(state: ContentState, game: GameFixture): number {
  return game.down_count + (state.downCounts.get(game.id) ?? 0);
}

/** Shapes games for one request: media URLs on the request's origin, counts from the request's store. */
export interface GameView {
  summary(game: GameFixture): GameSummary;
  full(game: GameFixture): Game;
  plays(game: GameFixture): number;
}

export function gameView(ctx: RouteContext): GameView {
  const origin = requestOrigin(ctx.headers);
  const state = contentState(ctx.session);
  const summary = (g: GameFixture): GameSummary => {
    const media = gameMediaUrls(origin, g, ctx.language);
    return {
      id: g.id,
      game_key: g.game_key,
      title: g.title,
      tags: tagsOf(ctx.fixtures, g),
      short_desc: g.short_desc,
      cover: media.cover,
      banner: media.banner,
      developer: g.developer,
      manufacturer: g.manufacturer,
      play_count: playCount(state, g),
      rating: g.rating,
      is_new: g.is_new,
      is_hot: g.is_hot,
    };
  };
  return {
    summary,
    plays: (g) => playCount(state, g),
    full(g) {
      const media = gameMediaUrls(origin, g, ctx.language);
      return {
        ...summary(g),
        description: g.description,
        screenshots: media.screenshots,
        trailer: { url: media.trailer, poster: media.banner, duration: 5, mime: g.trailer.endsWith('.webm') ? 'video/webm' : 'video/mp4' },
        channel_id: g.channel_id,
        down_count: downCount(state, g),
        release_date: g.release_date,
        default_op_type: g.default_op_type,
        op_type: g.op_type,
        op_mode: g.op_mode,
        show_keyboard: g.show_keyboard,
        full_screen: g.full_screen,
        show_virtual: g.show_virtual,
        hang: g.hang.map((h) => ({ ...h })),
      };
    },
  };
}

/** Most played first; ties by id. */
export function byPlays(view: GameView): (a: GameFixture, b: GameFixture) => number {
  return (a, b) => view.plays(b) - view.plays(a) || a.id - b.id;
}

// ---------------------------------------------------------------- paging

export function paginate<T>(items: readonly T[], req: PageRequest): Page<T> {
  const page = req.page ?? 1;
  const pageSize = req.page_size ?? PAGE_SIZE_DEFAULT;
  const start = (page - 1) * pageSize;
  return {
    list: items.slice(start, start + pageSize),
    total: items.length,
    page,
    page_size: pageSize,
    has_more: start + pageSize < items.length ? 1 : 0,
  };
}

// ---------------------------------------------------------------- search, similar, op plans

/**
 * Title matches first (earlier match first), then tag or developer matches; within each, by play count.
 * A title matches in any language of `everyLanguage` (a player may type a game's English or Chinese name whatever the app's language).
 */
export function search(fixtures: Fixtures, view: GameView, keyword: string, everyLanguage: readonly Fixtures[] = [fixtures]): GameFixture[] {
  const k = keyword.trim().toLowerCase();
  const scored: Array<{ g: GameFixture; rank: number }> = [];
  const titles = (g: GameFixture): string[] => [g.title, ...everyLanguage.flatMap((f) => index(f).byId.get(g.id)?.title ?? [])];
  for (const g of visibleGames(fixtures)) {
    const matches = titles(g)
      .map((t) => t.toLowerCase().indexOf(k))
      .filter((at) => at >= 0);
    if (matches.length > 0) scored.push({ g, rank: Math.min(...matches) });
    else if (tagsOf(fixtures, g).some((t) => t.name.toLowerCase().includes(k)) || g.developer.toLowerCase().includes(k)) {
      scored.push({ g, rank: 1000 });
    }
  }
  const plays = byPlays(view);
  return scored.sort((a, b) => a.rank - b.rank || plays(a.g, b.g)).map((s) => s.g);
}

/** Visible games sharing a tag with `game`: most shared tags first, then by play count. */
export function similar(fixtures: Fixtures, view: GameView, game: GameFixture): GameFixture[] {
  const mine = new Set(game.tag_ids);
  const shared = (g: GameFixture): number => g.tag_ids.filter((t) => mine.has(t)).length;
  const plays = byPlays(view);
  return visibleGames(fixtures)
    .filter((g) => g.id !== game.id && shared(g) > 0)
    .sort((a, b) => shared(b) - shared(a) || plays(a, b));
}

/** The control layouts of a game: each template whose op type the game supports; the first of each type is its default. */
export function opPlans(fixtures: Fixtures, game: GameFixture): OpPlan[] {
  const { screen, templates } = fixtures.content.opPlans;
  const supported = new Set(game.op_type.split(',').map(Number));
  const seen = new Set<OpType>();
  const plans: OpPlan[] = [];
  templates.forEach((t, i) => {
    if (!supported.has(t.op_type)) return;
    const isDefault = !seen.has(t.op_type);
    seen.add(t.op_type);
    plans.push({
      id: game.id * 100 + i + 1,
      game_id: game.id,
      name: t.name,
      op_type: t.op_type,
      is_default: isDefault ? 1 : 0,
      config: t.keys.map((k) => ({ ...k })),
      screen: { ...screen },
    });
  });
  // The game's default op type first.
  return plans.sort((a, b) => Number(b.op_type === game.default_op_type) - Number(a.op_type === game.default_op_type));
}
