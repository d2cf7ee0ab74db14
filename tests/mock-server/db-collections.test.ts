/**
 * `/__db/<collection>` beyond users (issue 12 part 4): one live edit per
 * collection and its effect on the app's next call, a bad write answering
 * 400 with the field named and nothing changed, another session unaffected.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BODY_CODE, PATH, type Game, type GameSummary, type Page } from '../../web/api/contract.ts';
import { callIn, json } from './control-helpers.ts';
import { startApp, type Started } from './helpers.ts';

let s: Started;
beforeEach(async () => {
  s = await startApp();
});
afterEach(() => s.close());

type Rec = Record<string, unknown>;

const gameInfo = (session: string, game_id: number) => callIn<Game>(s.port, session, PATH.gameInfo, { data: { game_id } });

describe('/__db/games', () => {
  it('PATCH a game → the next game_info and lists of that session show it; other sessions keep the fixture', async () => {
    expect((await gameInfo('qa', 1)).envelope.data.title).toBe('Starfall Odyssey');
    const patched = await json<Rec>(s.port, 'PATCH', '/__db/games/1?session=qa', { title: 'Starfall (QA)', op_type: '0,1', default_op_type: 1 });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ id: 1, title: 'Starfall (QA)', op_type: '0,1' });
    expect((await gameInfo('qa', 1)).envelope.data).toMatchObject({ title: 'Starfall (QA)', op_type: '0,1', default_op_type: 1 });
    const hot = await callIn<Page<GameSummary>>(s.port, 'qa', PATH.hotGame, { data: { page: 1, page_size: 50 } });
    expect(hot.envelope.data.list.find((g) => g.id === 1)?.title).toBe('Starfall (QA)');
    expect((await gameInfo('other', 1)).envelope.data.title).toBe('Starfall Odyssey');
    // json-server's filters work on the session's copy.
    expect((await json<Rec[]>(s.port, 'GET', '/__db/games?title=Starfall%20(QA)&session=qa')).body.map((g) => g['id'])).toEqual([1]);
    expect((await json<Rec>(s.port, 'GET', '/__db/games/1?session=other')).body['title']).toBe('Starfall Odyssey');
  });

  it('DELETE a game no banner names → game_info answers "not found"; a reset brings it back', async () => {
    const home = (await json<{ banners: Rec[]; sections: Rec[] }>(s.port, 'GET', '/__db/db')).body;
    const named = new Set([...home.banners.map((b) => b['game_id']), ...home.sections.flatMap((x) => x['game_ids'] as number[])]);
    const games = (await json<Rec[]>(s.port, 'GET', '/__db/games')).body;
    const free = games.find((g) => !named.has(g['id']));
    if (!free) throw new Error('every game is on the home page');
    const id = Number(free['id']);
    expect((await json(s.port, 'DELETE', `/__db/games/${id}?session=qa`)).status).toBe(200);
    expect((await gameInfo('qa', id)).envelope.code).toBe(BODY_CODE.failed);
    await json(s.port, 'POST', '/__mock/reset?session=qa');
    expect((await gameInfo('qa', id)).envelope.code).toBe(BODY_CODE.success);
  });

  it.each([
    ['PATCH', '/__db/games/1', { op_type: '5' }, 400, /"games\[0\]\.op_type" must be/],
    ['PATCH', '/__db/games/1', { op_type: '0', default_op_type: 2 }, 400, /"games\[0\]\.default_op_type" must be one of its op_type list/],
    ['PATCH', '/__db/games/1', { title: 5 }, 400, /"games\[0\]\.title"/],
    ['PATCH', '/__db/games/1', { maintenance: 1 }, 400, /Unknown game field "maintenance"; fields: id, game_key/],
    ['PATCH', '/__db/games/1', { id: 99 }, 400, /"id" cannot change/],
    ['PATCH', '/__db/games/999', { title: 'x' }, 404, /No game with id 999/],
    ['PUT', '/__db/games/1', { title: 'x' }, 400, /"games\[0\]\.game_key" is missing/],
    ['POST', '/__db/games/1', {}, 405, /POST to \/__db\/games \(without an id\)/],
    ['PATCH', '/__db/games', {}, 405, /PATCH needs an id/],
    ['PATCH', '/__db/games/1', [1], 400, /The body must be a JSON object/],
  ])('%s %s %j answers %i naming the problem and changes nothing', async (method, path, body, status, error) => {
    const r = await json<Rec>(s.port, method, `${path}?session=qa`, body);
    expect(r.status, r.text).toBe(status);
    expect(String(r.body['error'])).toMatch(error);
    expect((await gameInfo('qa', 1)).envelope.data).toMatchObject({ id: 1, title: 'Starfall Odyssey', op_type: '0,1,2' });
  });

  it('a game named by a banner cannot be removed', async () => {
    const banner = (await json<{ banners: Rec[] }>(s.port, 'GET', '/__db/db')).body.banners[0];
    const r = await json<Rec>(s.port, 'DELETE', `/__db/games/${String(banner?.['game_id'])}?session=qa`);
    expect(r.status).toBe(400);
    expect(String(r.body['error'])).toMatch(/Invalid home\.json: "banners\[0\]\.game_id" names no game/);
  });
});
