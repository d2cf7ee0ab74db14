/**
 * `/__db/<collection>` beyond users (QA guide §5): one live edit per
 * collection and its effect on the app's next call, a bad write answering
 * 400 with the field named and nothing changed, another session unaffected.
 */
import { describe, expect, it } from 'vitest';
import { BODY_CODE, PATH, type Game, type GameSummary, type Page } from '../../web/api/contract.ts';
import { callIn, json, loginIn, MEMBER_MOBILE } from './control-helpers.ts';
import { type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started));

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

interface LiveCase {
  /** The collection and what QA writes. */
  path: string;
  edit: Rec;
  /** What the app's next call answers, read in a session. */
  read: (session: string) => Promise<unknown>;
  before: unknown;
  after: unknown;
  bad: Rec;
  error: RegExp;
}

const get = <T>(session: string, path: string, data: Record<string, string | number> = {}) => callIn<T>(s.port, session, path, { method: 'GET', data });
const post = <T>(session: string, path: string, data: Record<string, string | number> = {}) => callIn<T>(s.port, session, path, { data });

const LIVE: Record<string, LiveCase> = {
  'products (SPEC §4 shop)': {
    path: '/__db/products/201',
    edit: { price: '5.00', name: '60 coins (sale)' },
    read: async (session) => (await get<{ list: Rec[] }>(session, PATH.productList)).envelope.data.list.find((p) => p['id'] === 201)?.['price'],
    before: '6.00',
    after: '5.00',
    bad: { price: 'cheap' },
    error: /Invalid products\.json: "products\[0\]\.price"/,
  },
  member_cards: {
    path: '/__db/member_cards/101',
    edit: { price: '25.00' },
    read: async (session) => (await get<{ list: Rec[] }>(session, PATH.memberCardList)).envelope.data.list.find((c) => c['id'] === 101)?.['price'],
    before: '30.00',
    after: '25.00',
    bad: { days: -1 },
    error: /Invalid member_cards\.json: "cards\[0\]\.days"/,
  },
  banners: {
    path: '/__db/banners/1',
    edit: { title: 'QA banner', game_id: 2 },
    read: async (session) => (await get<{ banners: Rec[] }>(session, PATH.homeList)).envelope.data.banners[0]?.['title'],
    before: 'Starfall Odyssey',
    after: 'QA banner',
    bad: { game_id: 999 },
    error: /Invalid home\.json: "banners\[0\]\.game_id" names no game in games\.json \(999\)/,
  },
  sections: {
    path: '/__db/sections/hot',
    edit: { title: 'Keep going' },
    read: async (session) => (await get<{ sections: Rec[] }>(session, PATH.homeList)).envelope.data.sections.map((x) => x['title']).includes('Keep going'),
    before: false,
    after: true,
    bad: { layout: 'diagonal' },
    error: /Invalid home\.json: "sections\[1\]\.layout"/,
  },
  tags: {
    path: '/__db/tags/1',
    edit: { name: 'Fast action' },
    read: async (session) => (await post<{ list: Rec[] }>(session, PATH.getTagList)).envelope.data.list.find((t) => t['id'] === 1)?.['name'],
    before: 'Action',
    after: 'Fast action',
    bad: { name: '' },
    error: /Invalid games\.json: "tags\[0\]\.name"/,
  },
  'shield (SPEC §6)': {
    path: '/__db/shield',
    edit: { game: '' },
    read: async (session) => (await post<Rec>(session, PATH.gameInfo, { game_id: 3 })).envelope.code,
    before: BODY_CODE.failed,
    after: BODY_CODE.success,
    bad: { game: 7 },
    error: /Invalid shield\.json: "game"/,
  },
  'system_info': {
    path: '/__db/system_info',
    edit: { h5_can_sign_agents: 'cg_official' },
    read: async (session) => (await post<Rec>(session, PATH.systemInfo)).envelope.data['h5_can_sign_agents'],
    before: 'cg_official,cg_partner',
    after: 'cg_official',
    bad: { h5_can_sign_agents: 5 },
    error: /Invalid system_info\.json: "h5_can_sign_agents"/,
  },
  op_plans: {
    path: '/__db/op_plans',
    edit: { screen: { width: 1280, height: 720 } },
    read: async (session) => ((await post<{ list: Array<{ screen: Rec }> }>(session, PATH.getOpPlan, { game_id: 1 })).envelope.data.list[0]?.screen['width']),
    before: 1920,
    after: 1280,
    bad: { templates: 'none' },
    error: /Invalid op_plans\.json: "templates"/,
  },
};

describe.each(Object.entries(LIVE))('/__db/ %s', (_name, c) => {
  it('an edit shows in the next call of that session only', async () => {
    expect(await c.read('qa')).toEqual(c.before);
    const r = await json<Rec>(s.port, 'PATCH', `${c.path}?session=qa`, c.edit);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject(c.edit);
    expect(await c.read('qa')).toEqual(c.after);
    expect(await c.read('other')).toEqual(c.before);
  });

  it('a bad write answers 400 naming the field and changes nothing', async () => {
    const r = await json<Rec>(s.port, 'PATCH', `${c.path}?session=qa`, c.bad);
    expect(r.status, r.text).toBe(400);
    expect(String(r.body['error'])).toMatch(c.error);
    const unknown = await json<Rec>(s.port, 'PATCH', `${c.path}?session=qa`, { no_such_field: 1 });
    expect(unknown.status).toBe(400);
    expect(String(unknown.body['error'])).toMatch(/Unknown .* field "no_such_field"; fields: /);
    expect(await c.read('qa')).toEqual(c.before);
  });
});

it('sign_in: new durations show in the next sign_in_conf (SPEC §4 daily sign-in)', async () => {
  const login = await loginIn(s.port, 'qa', MEMBER_MOBILE);
  const conf = async (): Promise<number[]> =>
    (await callIn<{ user_sign_data: Array<{ duration: number }> }>(s.port, 'qa', PATH.signInConf, { data: { uid: login.swcloud_uid }, token: login.gly_token })).envelope.data.user_sign_data.map((d) => d.duration);
  expect(await conf()).toEqual([1800, 1800, 3600, 1800, 1800, 3600, 7200]);
  const bad = await json<Rec>(s.port, 'PATCH', '/__db/sign_in?session=qa', { durations: [60] });
  expect(bad.status).toBe(400);
  expect(String(bad.body['error'])).toMatch(/Invalid sign_in\.json: "durations"/);
  expect((await json(s.port, 'PUT', '/__db/sign_in?session=qa', { durations: [60, 60, 60, 60, 60, 60, 60] })).status).toBe(200);
  expect(await conf()).toEqual([60, 60, 60, 60, 60, 60, 60]);
});

it('GET /__db/db shows every collection of the session', async () => {
  await json(s.port, 'PATCH', '/__db/products/201?session=qa', { price: '5.00' });
  const db = (await json<Record<string, unknown>>(s.port, 'GET', '/__db/db?session=qa')).body;
  expect(Object.keys(db)).toEqual(['users', 'saves', 'orders', 'games', 'products', 'member_cards', 'banners', 'sections', 'tags', 'shield', 'sign_in', 'system_info', 'op_plans']);
  expect((db['products'] as Rec[])[0]).toMatchObject({ id: 201, price: '5.00' });
});

describe('/__db/saves (SPEC §3 saves)', () => {
  const GAME = 'g_starfall_odyssey';
  it('a save added, renamed and removed here is what the next game_save_list answers; other sessions have none', async () => {
    const login = await loginIn(s.port, 'qa', MEMBER_MOBILE);
    const other = await loginIn(s.port, 'other', MEMBER_MOBILE);
    const list = async (session: string, token: string): Promise<string[]> =>
      (await callIn<{ list: Array<{ save_name: string }> }>(s.port, session, PATH.gameSaveList, { game: true, token, data: { game_key: GAME } })).envelope.data.list.map((x) => x.save_name);
    const added = await json<Rec>(s.port, 'POST', '/__db/saves?session=qa', { uid: login.swcloud_uid, gameKey: GAME, name: 'Seeded by QA' });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ uid: login.swcloud_uid, gameKey: GAME, gameId: 1, name: 'Seeded by QA', isShare: 0 });
    expect(await list('qa', login.gly_token)).toEqual(['Seeded by QA']);
    expect(await list('other', other.gly_token)).toEqual([]);
    const id = String(added.body['saveId']);
    expect((await json(s.port, 'PATCH', `/__db/saves/${id}?session=qa`, { name: 'Renamed' })).status).toBe(200);
    expect(await list('qa', login.gly_token)).toEqual(['Renamed']);

    for (const [body, error] of [
      [{ name: 'x'.repeat(33) }, /Invalid save: "name"/],
      [{ gameKey: 'g_nope' }, /Invalid save: "gameKey" names no visible game/],
      [{ uid: 42 }, /Invalid save: "uid" names no user/],
      [{ size: -1 }, /Invalid save: "size"/],
      [{ slot: 1 }, /Unknown save field "slot"/],
    ] as const) {
      const bad = await json<Rec>(s.port, 'PATCH', `/__db/saves/${id}?session=qa`, body);
      expect(bad.status, bad.text).toBe(400);
      expect(String(bad.body['error'])).toMatch(error);
    }
    expect(await list('qa', login.gly_token)).toEqual(['Renamed']);

    expect((await json<Rec[]>(s.port, 'GET', `/__db/saves?uid=${login.swcloud_uid}&session=qa`)).body).toHaveLength(1);
    expect((await json(s.port, 'DELETE', `/__db/saves/${id}?session=qa`)).status).toBe(200);
    expect(await list('qa', login.gly_token)).toEqual([]);
    expect((await json<Rec>(s.port, 'DELETE', `/__db/saves/${id}?session=qa`)).status).toBe(404);
  });
});

describe('/__db/orders (SPEC §4 shop)', () => {
  it('an order cancelled, repriced or expired here is what the next order_status answers; bad edits answer 400', async () => {
    const login = await loginIn(s.port, 'qa', MEMBER_MOBILE);
    const other = await loginIn(s.port, 'other', MEMBER_MOBILE);
    const created = await callIn<{ order_id: string }>(s.port, 'qa', PATH.createOrder, { data: { product_id: 201, pay_type: 'wxpay' }, token: login.gly_token });
    const id = created.envelope.data.order_id;
    const status = async (session = 'qa', token = login.gly_token): Promise<Rec> =>
      (await callIn<Rec>(s.port, session, PATH.orderStatus, { method: 'GET', data: { order_id: id }, token })).envelope.data;
    expect(await status()).toMatchObject({ status: 'pending', amount: '6.00' });
    expect((await json(s.port, 'PATCH', `/__db/orders/${id}?session=qa`, { amount: '1.00' })).status).toBe(200);
    expect(await status()).toMatchObject({ status: 'pending', amount: '1.00' });
    expect((await json(s.port, 'PATCH', `/__db/orders/${id}?session=qa`, { expireMs: 0 })).status).toBe(200);
    expect((await status()).status).toBe('expired');
    for (const [body, error] of [
      [{ status: 'refunded' }, /Invalid order: "status"/],
      [{ amount: 'free' }, /Invalid order: "amount"/],
      [{ uid: 1 }, /"uid" cannot change; editable: status, title/],
      [{ note: 'x' }, /Invalid order: "note"/],
    ] as const) {
      const bad = await json<Rec>(s.port, 'PATCH', `/__db/orders/${id}?session=qa`, body);
      expect(bad.status, bad.text).toBe(400);
      expect(String(bad.body['error'])).toMatch(error);
    }
    expect(await status()).toMatchObject({ status: 'expired', amount: '1.00' });
    expect((await json<Rec[]>(s.port, 'GET', '/__db/orders?session=other')).body).toEqual([]);
    expect((await json<Rec>(s.port, 'POST', '/__db/orders?session=qa', {})).status).toBe(405);
    expect((await json(s.port, 'DELETE', `/__db/orders/${id}?session=qa`)).status).toBe(200);
    expect((await callIn(s.port, 'qa', PATH.orderStatus, { method: 'GET', data: { order_id: id }, token: login.gly_token })).envelope.code).toBe(BODY_CODE.failed);
    expect((await callIn(s.port, 'other', PATH.orderStatus, { method: 'GET', data: { order_id: id }, token: other.gly_token })).envelope.code).toBe(BODY_CODE.failed);
  });
});
