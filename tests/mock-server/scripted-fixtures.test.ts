/**
 * Scenarios that change what content calls answer (mock-server/content/scripted.ts):
 * `shielded-in-lists` (lists carry the shielded games, ps_shield still names them,
 * so the app's own filter of SPEC §5 can be seen to work) and `purchase-popups`
 * (non-buyers, a 60 s pop-up expiry, SPEC §5).
 */
import { describe, expect, it } from 'vitest';
import { PATH, type Game, type GameSummary, type HomeList, type Page, type PsShield, type SystemInfo, type UserInfo } from '../../web/api/contract.ts';
import { json } from './control-helpers.ts';
import { call, login, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started), {}, 'file');

const listIds = async (): Promise<number[]> =>
  (await call<Page<GameSummary>>(s.port, PATH.gameList, { method: 'GET', data: { page: 1, page_size: 50 } })).envelope.data.list.map((g) => g.id);

describe('scenarios that change content answers', () => {
  it('shielded-in-lists: game_list, home_list and game_info answer games 3 and 17; ps_shield still names them', async () => {
    expect(await listIds()).not.toContain(3);
    expect((await json(s.port, 'POST', '/__mock/scenario', { name: 'shielded-in-lists' })).status).toBe(200);
    expect(await listIds()).toEqual(expect.arrayContaining([3, 17]));
    const home = (await call<HomeList>(s.port, PATH.homeList, { method: 'GET' })).envelope.data;
    expect(home.sections.flatMap((x) => x.games.map((g) => g.id))).toEqual(expect.arrayContaining([3]));
    expect((await call<Game>(s.port, PATH.gameInfo, { data: { game_id: 3 } })).envelope).toMatchObject({ code: 1, data: { id: 3 } });
    expect((await call<PsShield>(s.port, PATH.psShield, { data: {} })).envelope.data).toEqual({ game: '3,17' });
    await json(s.port, 'POST', '/__mock/reset');
    expect(await listIds()).not.toContain(17);
  });

  it('purchase-popups: a member persona answers buy_member 0 and system_info a 60 s expire_times', async () => {
    const before = (await call<SystemInfo>(s.port, PATH.systemInfo)).envelope.data;
    expect(before.recommend_product_pop_conf.expire_times).toBe(86_400);
    expect((await json(s.port, 'POST', '/__mock/scenario', { name: 'purchase-popups' })).status).toBe(200);
    expect((await call<SystemInfo>(s.port, PATH.systemInfo)).envelope.data.recommend_product_pop_conf.expire_times).toBe(60);
    const info = await login(s.port, '13800000001');
    const user = await call<UserInfo>(s.port, PATH.getUserBalance, { token: info.gly_token, data: { uid: info.swcloud_uid } });
    expect(user.envelope.data).toMatchObject({ buy_member: 0, member_status: 0 });
  });
});
