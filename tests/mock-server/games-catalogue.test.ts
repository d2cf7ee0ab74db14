import { beforeEach, describe, expect, it } from 'vitest';
import {
  BODY_CODE,
  PATH,
  type DownRecordResponse,
  type Game,
  type GameListResponse,
  type GameSearchResponse,
  type GameSummary,
  type LoginInfo,
  type OpPlanListResponse,
  type Page,
  type PlayedGame,
  type PlayRecordResponse,
  type TagListResponse,
} from '../../web/api/contract.ts';
import { call, login, EXPIRED, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started));

const SHIELDED = [3, 17];

const ids = (list: GameSummary[]): number[] => list.map((g) => g.id);
const gameInfo = (game_id: unknown) => call<Game>(s.port, PATH.gameInfo, { data: { game_id } as Record<string, number> });

describe('index/game/game_info', () => {
  it('answers the full game with the session variables, generated images and the trailer', async () => {
    const r = await gameInfo(1);
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const g = r.envelope.data;
    expect(g).toMatchObject({ id: 1, game_key: 'g_starfall_odyssey', title: 'Starfall Odyssey', developer: 'Nebula Forge', manufacturer: 'mock' });
    expect(g.tags.map((t) => t.name)).toEqual(['RPG', 'Adventure', 'Open World']);
    expect(g.short_desc.length).toBeGreaterThan(20);
    expect(g.description.split('\n\n').length).toBeGreaterThanOrEqual(3);
    const origin = `http://127.0.0.1:${s.port}`;
    expect(g.cover).toBe(`${origin}/mock-media/games/1/cover.webp`);
    expect(g.banner).toBe(`${origin}/mock-media/games/1/banner.webp`);
    expect(g.screenshots.length).toBeGreaterThanOrEqual(3);
    g.screenshots.forEach((url, i) => expect(url).toBe(`${origin}/mock-media/games/1/shot-${i + 1}.webp`));
    expect(g.trailer).toEqual({ url: `${origin}/mock-media/trailer.mp4`, poster: g.banner, duration: 5, mime: 'video/mp4' });
    expect(g.op_type).toMatch(/^[012](,[012])*$/);
    expect(g.op_type.split(',')).toContain(String(g.default_op_type));
    expect([0, 1]).toContain(g.show_keyboard);
    expect([0, 1]).toContain(g.full_screen);
    expect(g.hang.length).toBeGreaterThan(0);
    for (const h of g.hang) {
      expect([3, 10, 30, 60]).toContain(h.duration);
      expect([1, 2]).toContain(h.type);
    }
    expect(g.rating).toBeGreaterThanOrEqual(1);
    expect(g.rating).toBeLessThanOrEqual(5);
    expect(g.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(g.play_count).toBeGreaterThan(0);
  });

  it('every one of the 40+ catalogue games has 3+ screenshots and member-only hang options marked type 2', async () => {
    const games = s.app.fixtures.content.catalogue.games;
    expect(games.length).toBeGreaterThanOrEqual(40);
    expect(games.every((g) => g.screenshot_count >= 3)).toBe(true);
    expect(games.some((g) => g.hang.some((h) => h.type === 2))).toBe(true);
  });

  it('an unknown id answers code 0 "Game not found"', async () => {
    expect((await gameInfo(9999)).envelope).toEqual({ code: BODY_CODE.failed, msg: 'Game not found', data: null });
  });

  it.each(SHIELDED)('shielded game %i (ps_shield) answers "Game not found" too', async (id) => {
    expect((await gameInfo(id)).envelope).toEqual({ code: BODY_CODE.failed, msg: 'Game not found', data: null });
  });

  it.each([
    [{}, 'Missing field "game_id"'],
    [{ game_id: 'one' }, 'Field "game_id" must be an integer'],
    [{ game_id: 0 }, 'Field "game_id" must be at least 1'],
  ])('bad input %j answers 40000 naming game_id', async (data, msg) => {
    const r = await call(s.port, PATH.gameInfo, { data: data as Record<string, string> });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain(msg);
  });

  it('the game base answers it too (with the game header)', async () => {
    const r = await call<Game>(s.port, PATH.gameInfo, { data: { game_id: 2 }, game: true });
    expect(r.envelope).toMatchObject({ code: 1, data: { id: 2 } });
  });
});

describe('index/game/get_tag_list', () => {
  it('answers every tag with its count of visible games', async () => {
    const r = await call<TagListResponse>(s.port, PATH.getTagList);
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const list = r.envelope.data.list;
    expect(list.length).toBeGreaterThanOrEqual(10);
    const games = s.app.fixtures.content.catalogue.games.filter((g) => !SHIELDED.includes(g.id));
    for (const t of list) expect(t.game_count).toBe(games.filter((g) => g.tag_ids.includes(t.id)).length);
    // Strategy holds shielded game 3, which is not counted.
    const strategy = list.find((t) => t.name === 'Strategy');
    expect(strategy?.game_count).toBe(s.app.fixtures.content.catalogue.games.filter((g) => g.tag_ids.includes(strategy?.id ?? 0)).length - 1);
  });
});

describe('index/game/game_search', () => {
  const search = (data: Record<string, string | number>) => call<GameSearchResponse>(s.port, PATH.gameSearch, { data });

  it('matches titles case-insensitively, title matches first', async () => {
    const r = await search({ keyword: 'DUNE' });
    expect(r.envelope.code).toBe(BODY_CODE.success);
    expect(r.envelope.data.keyword).toBe('DUNE');
    expect(r.envelope.data.list.map((g) => g.title)).toEqual(['Dune Runner', 'Dune Hawk Squadron']);
  });

  it('matches tag names and pages the answer', async () => {
    const all = await search({ keyword: 'racing', page_size: 50 });
    const total = all.envelope.data.total;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(all.envelope.data.list.every((g) => g.tags.some((t) => t.name === 'Racing') || /racing/i.test(g.title))).toBe(true);
    const p1 = await search({ keyword: 'racing', page: 1, page_size: 2 });
    const p2 = await search({ keyword: 'racing', page: 2, page_size: 2 });
    expect(p1.envelope.data).toMatchObject({ page: 1, page_size: 2, total, has_more: 1 });
    expect([...ids(p1.envelope.data.list), ...ids(p2.envelope.data.list)]).toEqual(ids(all.envelope.data.list).slice(0, 4));
    const last = await search({ keyword: 'racing', page: Math.ceil(total / 2), page_size: 2 });
    expect(last.envelope.data.has_more).toBe(0);
  });

  it('matches the studio (developer), not the cloud vendor', async () => {
    expect(ids((await search({ keyword: 'nebula forge' })).envelope.data.list)).toContain(1);
    expect((await search({ keyword: 'mock' })).envelope.data.total).toBe(0);
  });

  it('never finds a shielded game', async () => {
    expect((await search({ keyword: 'Ironclad' })).envelope.data).toMatchObject({ total: 0, list: [] });
    expect(ids((await search({ keyword: 'strategy', page_size: 50 })).envelope.data.list)).not.toContain(3);
  });

  it.each([
    [{}, 'Missing field "keyword"'],
    [{ keyword: '' }, 'Missing field "keyword"'],
    [{ keyword: 'x', page: 0 }, 'Field "page" must be at least 1'],
    [{ keyword: 'x', page_size: 51 }, 'Field "page_size" must be at most 50'],
  ])('bad input %j answers 40000 naming the field', async (data, msg) => {
    const r = await search(data);
    expect(r.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg });
  });
});

describe('index/game/hot_game and game_list', () => {
  it('hot_game orders visible games by play count', async () => {
    const r = await call<Page<GameSummary>>(s.port, PATH.hotGame, { data: { page_size: 50 } });
    const list = r.envelope.data.list;
    expect(list.length).toBe(s.app.fixtures.content.catalogue.games.length - SHIELDED.length);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]?.play_count ?? 0).toBeGreaterThanOrEqual(list[i]?.play_count ?? 0);
    expect(ids(list)).not.toContain(3);
  });

  it('hot_game counts plays recorded at runtime', async () => {
    const user = await login(s.port, '13800000001');
    const before = (await call<Page<GameSummary>>(s.port, PATH.hotGame, { data: { page_size: 50 } })).envelope.data.list;
    const last = before[before.length - 1];
    if (!last) throw new Error('empty list');
    await call(s.port, PATH.playgame, { data: { uid: user.swcloud_uid, game_id: last.id }, token: user.gly_token });
    const after = (await call<Page<GameSummary>>(s.port, PATH.hotGame, { data: { page_size: 50 } })).envelope.data.list;
    expect(after.find((g) => g.id === last.id)?.play_count).toBe(last.play_count + 1);
  });

  it('GET game_list pages one tag with /key/value pairs, sorted as asked', async () => {
    const r = await call<Page<GameSummary>>(s.port, PATH.gameList, { method: 'GET', data: { tag_id: 5, sort: 'rating', page: 1, page_size: 3 } });
    expect(r.envelope.code).toBe(BODY_CODE.success);
    expect(r.envelope.data.list.length).toBe(3);
    expect(r.envelope.data.list.every((g) => g.tags.some((t) => t.id === 5))).toBe(true);
    const ratings = r.envelope.data.list.map((g) => g.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    const bad = await call(s.port, PATH.gameList, { method: 'GET', data: { sort: 'cheapest' } });
    expect(bad.envelope.code).toBe(BODY_CODE.badRequest);
    expect(bad.envelope.msg).toContain('"sort"');
  });
});

describe('index/game/similar_list', () => {
  it('answers games sharing a tag, most shared tags first, never itself or shielded ones', async () => {
    const r = await call<GameListResponse>(s.port, PATH.similarList, { data: { game_id: 1 } });
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const list = r.envelope.data.list;
    expect(list.length).toBe(10);
    expect(ids(list)).not.toContain(1);
    const mine = new Set([3, 2, 13]);
    const shared = list.map((g) => g.tags.filter((t) => mine.has(t.id)).length);
    expect(shared.every((n) => n > 0)).toBe(true);
    expect([...shared].sort((a, b) => b - a)).toEqual(shared);
    const limited = await call<GameListResponse>(s.port, PATH.similarList, { data: { game_id: 1, limit: 3 } });
    expect(ids(limited.envelope.data.list)).toEqual(ids(list).slice(0, 3));
  });

  it('an unknown or shielded game answers "Game not found"; a bad limit 40000', async () => {
    expect((await call(s.port, PATH.similarList, { data: { game_id: 17 } })).envelope.msg).toBe('Game not found');
    const bad = await call(s.port, PATH.similarList, { data: { game_id: 1, limit: 100 } });
    expect(bad.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Field "limit" must be at most 20' });
  });
});

describe('index/game/playgame, update_down and played_list (login)', () => {
  let user: LoginInfo;
  beforeEach(async () => {
    user = await login(s.port, '13800000000');
  });

  it('playgame counts a play and adds the game to the played list, latest first', async () => {
    const base = s.app.fixtures.content.catalogue.games.find((g) => g.id === 5)?.play_count ?? 0;
    const r = await call<PlayRecordResponse>(s.port, PATH.playgame, { data: { uid: user.swcloud_uid, game_id: 5 }, token: user.gly_token });
    expect(r.envelope).toMatchObject({ code: 1, data: { game_id: 5, play_count: base + 1 } });
    s.clock.advance(60_000);
    await call(s.port, PATH.playgame, { data: { uid: user.swcloud_uid, game_id: 8 }, token: user.gly_token });
    s.clock.advance(60_000);
    await call(s.port, PATH.playgame, { data: { uid: user.swcloud_uid, game_id: 5 }, token: user.gly_token });
    const played = await call<Page<PlayedGame>>(s.port, PATH.playedList, { method: 'GET', token: user.gly_token });
    expect(played.envelope.code).toBe(BODY_CODE.success);
    expect(played.envelope.data.list.map((g) => [g.id, g.play_times])).toEqual([
      [5, 2],
      [8, 1],
    ]);
    expect(played.envelope.data.list[0]?.last_played_at).toBe(Math.floor(s.clock.now() / 1000));
    expect(played.envelope.data.list[0]?.last_played).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Counts are per session store: another user sees the same play count.
    const info = await call<Game>(s.port, PATH.gameInfo, { data: { game_id: 5 } });
    expect(info.envelope.data.play_count).toBe(base + 2);
  });

  it('update_down counts a download', async () => {
    const base = s.app.fixtures.content.catalogue.games.find((g) => g.id === 2)?.down_count ?? 0;
    const r = await call<DownRecordResponse>(s.port, PATH.updateDown, { data: { uid: user.swcloud_uid, game_id: 2 }, token: user.gly_token });
    expect(r.envelope).toEqual({ code: 1, msg: 'success', data: { game_id: 2, down_count: base + 1 } });
    expect((await gameInfo(2)).envelope.data.down_count).toBe(base + 1);
  });

  it.each([PATH.playgame, PATH.updateDown])('%s without a token answers 30001', async (path) => {
    expect((await call(s.port, path, { data: { uid: user.swcloud_uid, game_id: 1 } })).envelope).toEqual(EXPIRED);
  });

  it('played_list without a token answers 30001', async () => {
    expect((await call(s.port, PATH.playedList, { method: 'GET' })).envelope).toEqual(EXPIRED);
  });

  it.each([PATH.playgame, PATH.updateDown])('%s checks uid and game_id', async (path) => {
    const other = await call(s.port, path, { data: { uid: 10000002, game_id: 1 }, token: user.gly_token });
    expect(other.envelope.code).toBe(BODY_CODE.badRequest);
    expect(other.envelope.msg).toContain('"uid"');
    const missing = await call(s.port, path, { data: { uid: user.swcloud_uid }, token: user.gly_token });
    expect(missing.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Missing field "game_id"' });
    const shielded = await call(s.port, path, { data: { uid: user.swcloud_uid, game_id: 3 }, token: user.gly_token });
    expect(shielded.envelope).toMatchObject({ code: BODY_CODE.failed, msg: 'Game not found' });
  });
});

describe('index/game/get_op_plan', () => {
  it('answers a layout per supported op type, the default type first, each type with one default', async () => {
    const game = s.app.fixtures.content.catalogue.games.find((g) => g.op_type === '0,1,2');
    if (!game) throw new Error('no game with all op types');
    const r = await call<OpPlanListResponse>(s.port, PATH.getOpPlan, { data: { game_id: game.id } });
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const list = r.envelope.data.list;
    expect(new Set(list.map((p) => p.op_type))).toEqual(new Set([0, 1, 2]));
    expect(list[0]?.op_type).toBe(game.default_op_type);
    for (const type of [0, 1, 2]) expect(list.filter((p) => p.op_type === type && p.is_default === 1)).toHaveLength(1);
    for (const p of list) {
      expect(p.game_id).toBe(game.id);
      expect(p.screen).toEqual({ width: 1920, height: 1080 });
      expect(p.config.length).toBeGreaterThan(3);
      for (const k of p.config) {
        expect(k.x).toBeGreaterThanOrEqual(0);
        expect(k.x).toBeLessThanOrEqual(100);
      }
    }
    expect(new Set(list.map((p) => p.id)).size).toBe(list.length);
  });

  it('a touch-only game gets only the touch layout', async () => {
    const game = s.app.fixtures.content.catalogue.games.find((g) => g.op_type === '2' && ![3, 17].includes(g.id));
    if (!game) throw new Error('no touch-only game');
    const r = await call<OpPlanListResponse>(s.port, PATH.getOpPlan, { data: { game_id: game.id } });
    expect(r.envelope.data.list.map((p) => p.op_type)).toEqual([2]);
  });

  it('bad or unknown game ids', async () => {
    expect((await call(s.port, PATH.getOpPlan, { data: {} })).envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Missing field "game_id"' });
    expect((await call(s.port, PATH.getOpPlan, { data: { game_id: 404 } })).envelope.msg).toBe('Game not found');
  });
});
