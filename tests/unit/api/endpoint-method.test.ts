/**
 * What each call's HTTP method means on the wire (SPEC §7): every function of
 * createApi, called through the real HTTP client against a fake transport,
 * goes to its path with its method; a GET carries its data as /key/value
 * path pairs and no body, a POST as a JSON body; game calls go to the game
 * base with the game header. The expected paths and the GET list are written
 * out here from the spec table, not read back from the contract. (The mock's
 * answer to a wrong method is checked in tests/mock-server/api-request-checks.)
 */
import { describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../../web/api/endpoints.ts';
import { harness } from '../core/http/harness.ts';

type Call = readonly [path: string, kind: 'api' | 'game'];

/** Every function of the API and the call it makes (SPEC §7, and the contract for the "not shown" ones). */
const CALLS: Record<keyof Api, Call> = {
  systemInfo: ['index/api/system_info', 'api'],
  downurl: ['index/api/downurl', 'api'],
  psShield: ['api/ps_shield', 'api'],
  sendCode: ['user/send_code', 'api'],
  webLogin: ['user/web_login', 'api'],
  getUserBalance: ['user/get_user_balance', 'api'],
  protocol: ['index/api/protocol', 'api'],
  gameInfo: ['index/game/game_info', 'api'],
  gameList: ['index/game/game_list', 'api'],
  getTagList: ['index/game/get_tag_list', 'api'],
  gameSearch: ['index/game/game_search', 'api'],
  hotGame: ['index/game/hot_game', 'api'],
  similarList: ['index/game/similar_list', 'api'],
  playgame: ['index/game/playgame', 'api'],
  updateDown: ['index/game/update_down', 'api'],
  playedList: ['index/game/played_list', 'api'],
  getOpPlan: ['index/game/get_op_plan', 'api'],
  homeList: ['index/api/home_list', 'api'],
  minorWebConfig: ['api/minor_web_config', 'api'],
  signInConf: ['user/sign_in_conf', 'api'],
  signIn: ['user/sign_in', 'api'],
  authPost: ['user/auth_post', 'api'],
  getAuthMessage: ['user/get_auth_message', 'api'],
  cgPropertyDetail: ['user/cg_property_detail', 'api'],
  inviteInfo: ['user/invite_info', 'api'],
  bindInvite: ['user/bind_invite', 'api'],
  eventReport: ['api/event_report', 'api'],
  memberCardList: ['pay/member_card_list', 'api'],
  productList: ['pay/product_list', 'api'],
  createOrder: ['h5_pay/create_order', 'api'],
  orderStatus: ['h5_pay/order_status', 'api'],
  getToken: ['get_token', 'game'],
  playGame: ['play_game', 'game'],
  gameQueue: ['game_queue', 'game'],
  cancelQueue: ['cancel_queue', 'game'],
  stopGame: ['stop_game', 'game'],
  displayGrade: ['display_grade', 'game'],
  setHangUpTimer: ['set_hang_up_timer', 'game'],
  scHangUp: ['sc_hang_up', 'game'],
  userScList: ['user_sc_list', 'game'],
  reconPlayGame: ['recon_play_game', 'game'],
  manualSave: ['manual_save', 'game'],
  gameSaveList: ['game_save_list', 'game'],
  editSave: ['edit_save', 'game'],
  delSave: ['del_save', 'game'],
  // The duration socket's jtoken: under the API base ("socket prefix"), authorised by the token in its data.
  generateToken: ['socket/generate_token', 'api'],
};

/** The GET calls: the spec's two, and the read-only lists and lookups the contract makes GET. */
const GETS = new Set([
  'index/api/downurl',
  'socket/generate_token',
  'index/game/game_list',
  'index/game/played_list',
  'index/api/home_list',
  'user/invite_info',
  'pay/member_card_list',
  'pay/product_list',
  'h5_pay/order_status',
]);

const API_BASE = '/api/';
const GAME_BASE = 'https://game.example.com/g/';
const DATA = { game_id: 7, title: 'a b/c' };

async function sent(name: keyof Api) {
  const h = harness({ config: { apiBase: API_BASE, gameApiBase: GAME_BASE, socketBase: '/socket/' } });
  const api = createApi(h.client);
  const fn = api[name] as (data: unknown) => Promise<unknown>;
  await fn(DATA);
  expect(h.sent).toHaveLength(1);
  const [call] = h.sent;
  if (!call) throw new Error(`${name} sent nothing`);
  return call;
}

describe('the HTTP method of every call (SPEC §7)', () => {
  it('the table names every function of the API', () => {
    const api = createApi(harness().client);
    expect(Object.keys(api).sort()).toEqual(Object.keys(CALLS).sort());
  });

  it.each(Object.entries(CALLS).filter(([, [path]]) => GETS.has(path)))('%s is a GET of %j: data as /key/value path pairs, no body', async (name, [path, kind]) => {
    const call = await sent(name as keyof Api);
    expect(call.method).toBe('GET');
    expect(call.url).toBe(`${kind === 'game' ? GAME_BASE : API_BASE}${path}/game_id/7/title/a%20b%2Fc`);
    expect(call.body).toBeUndefined();
    expect(call.headers['content-type']).toBeUndefined();
  });

  it.each(Object.entries(CALLS).filter(([, [path]]) => !GETS.has(path)))('%s is a POST of %j: data as a JSON body', async (name, [path, kind]) => {
    const call = await sent(name as keyof Api);
    expect(call.method).toBe('POST');
    expect(call.url).toBe(`${kind === 'game' ? GAME_BASE : API_BASE}${path}`);
    expect(call.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call.body ?? '')).toEqual(DATA);
  });

  it.each(Object.entries(CALLS))('%s carries the game header only when it is a game call', async (name, [, kind]) => {
    const call = await sent(name as keyof Api);
    expect(call.headers['game-client'] !== undefined).toBe(kind === 'game');
  });
});
