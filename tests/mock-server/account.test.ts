import { describe, expect, it } from 'vitest';
import {
  BODY_CODE,
  PATH,
  type AuthMessage,
  type LoginInfo,
  type MinorWebConfig,
  type Property,
  type UserInfo,
} from '../../web/api/contract.ts';
import { checkIdCard } from '../../mock-server/idcard.ts';
import { idCardCheckChar as idCheckChar } from '../../web/api/idcard.ts';
import { call, login, T0, EXPIRED, type Started, useApp } from './helpers.ts';

// helpers.T0 is Saturday 2025-03-01 10:00 China time.
const HOUR = 60 * 60 * 1000;
const ADULT_ID = '11010519491231002X';
const MINOR_ID = '110105201206150017'; // born 2012-06-15

let s: Started;
useApp((started) => (s = started));

const authPost = (u: LoginInfo, real_name: unknown, id_card: unknown) =>
  call<AuthMessage>(s.port, PATH.authPost, { data: { real_name, id_card } as Record<string, string>, token: u.gly_token });
const minor = (u: LoginInfo, usage_time: number, game_id = 1) =>
  call<MinorWebConfig>(s.port, PATH.minorWebConfig, { data: { uid: u.swcloud_uid, game_id, usage_time }, token: u.gly_token });

describe('ID numbers (GB 11643, ISO 7064 MOD 11-2)', () => {
  it('computes the check character and checks region, date and check', () => {
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(checkIdCard(ADULT_ID, '2025-03-01')).toEqual({ ok: true, birth: '1949-12-31', normalized: ADULT_ID });
    expect(checkIdCard('11010519491231002x', '2025-03-01')).toMatchObject({ ok: true, normalized: ADULT_ID });
    expect(checkIdCard('110105194912310021', '2025-03-01')).toEqual({ ok: false, failure: 'idCardChecksum' });
    expect(checkIdCard('990105194912310021', '2025-03-01')).toEqual({ ok: false, failure: 'idCardRegion' });
    expect(checkIdCard('110105201302300010', '2025-03-01')).toEqual({ ok: false, failure: 'idCardBirth' });
    expect(checkIdCard(`11010520300101001${idCheckChar('11010520300101001')}`, '2025-03-01')).toEqual({ ok: false, failure: 'idCardFuture' });
  });
});

describe('user/auth_post and user/get_auth_message', () => {
  it('verifies an unverified user: is_auth becomes 1 everywhere, data comes back masked', async () => {
    const u = await login(s.port, '13800000003');
    const before = await call<AuthMessage>(s.port, PATH.getAuthMessage, { token: u.gly_token });
    expect(before.envelope.data).toEqual({ is_auth: 0, real_name: '', id_card: '', is_minor: 0, auth_time: '' });
    const r = await authPost(u, '张三', ADULT_ID.toLowerCase());
    expect(r.envelope).toEqual({
      code: BODY_CODE.success,
      msg: 'Verified',
      data: { is_auth: 1, real_name: '*三', id_card: '110***********002X', is_minor: 0, auth_time: '2025-03-01 10:00:00' },
    });
    expect((await call<AuthMessage>(s.port, PATH.getAuthMessage, { token: u.gly_token })).envelope.data).toEqual(r.envelope.data);
    const balance = await call<UserInfo>(s.port, PATH.getUserBalance, { data: { uid: u.swcloud_uid }, token: u.gly_token });
    expect(balance.envelope.data.is_auth).toBe(1);
    // Once verified, for good.
    expect((await authPost(u, '李四', ADULT_ID)).envelope).toEqual({ code: 0, msg: 'Already verified', data: null });
  });

  it('a persona verified in the fixtures is already verified', async () => {
    const u = await login(s.port, '13800000000');
    expect((await authPost(u, 'Jane Doe', ADULT_ID)).envelope.msg).toBe('Already verified');
    expect((await call<AuthMessage>(s.port, PATH.getAuthMessage, { token: u.gly_token })).envelope.data).toMatchObject({ is_auth: 1, id_card: '' });
  });

  it.each([
    ['110105194912310021', 'the check character does not match'],
    ['990105194912310021', 'the region code is not valid'],
  ])('a well-formed but invalid number %s answers code 0 saying why', async (id, problem) => {
    const u = await login(s.port, '13800000003');
    const r = await authPost(u, '张三', id);
    expect(r.envelope).toEqual({ code: 0, msg: `Invalid ID card number: ${problem}`, data: null });
    expect((await call<AuthMessage>(s.port, PATH.getAuthMessage, { token: u.gly_token })).envelope.data.is_auth).toBe(0);
  });

  it.each([
    [{ real_name: '张三' }, 'Missing field "id_card"'],
    [{ real_name: '张三', id_card: '1101051949123100' }, 'Field "id_card" must be 18 characters'],
    [{ real_name: '张三', id_card: 110105194912310020 }, 'Field "id_card" must be a string'],
    [{ id_card: ADULT_ID }, 'Missing field "real_name"'],
    [{ real_name: '张', id_card: ADULT_ID }, 'Field "real_name" must be 2 to 30'],
    [{ real_name: '<b>x</b>', id_card: ADULT_ID }, 'Field "real_name" must be 2 to 30'],
  ])('bad input %j answers 40000 naming the field', async (data, msg) => {
    const u = await login(s.port, '13800000003');
    const r = await call(s.port, PATH.authPost, { data: data as Record<string, string>, token: u.gly_token });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain(msg);
  });

  it.each([PATH.authPost, PATH.getAuthMessage])('%s without a token answers 30001', async (path) => {
    expect((await call(s.port, path, { data: { real_name: '张三', id_card: ADULT_ID } })).envelope).toEqual(EXPIRED);
  });
});

describe('api/minor_web_config (anti-addiction)', () => {
  it('an adult has no limit', async () => {
    const u = await login(s.port, '13800000000');
    const r = await minor(u, 7200);
    expect(r.envelope).toEqual({
      code: 1,
      msg: 'success',
      data: { is_auth: 1, is_minor: 0, can_play: 1, daily_limit_minutes: 0, remaining_minutes: -1, play_window: '', tip: '' },
    });
  });

  it('an unverified user is not limited but is asked to verify', async () => {
    const u = await login(s.port, '13800000003');
    const d = (await minor(u, 0)).envelope.data;
    expect(d).toMatchObject({ is_auth: 0, is_minor: 0, can_play: 1, remaining_minutes: -1 });
    expect(d.tip).toMatch(/real-name/);
  });

  it('a verified minor plays only Fri–Sun and holidays 20:00–21:00, 60 minutes a day', async () => {
    const u = await login(s.port, '13800000003');
    expect((await authPost(u, '王小明', MINOR_ID)).envelope.data.is_minor).toBe(1);
    const morning = (await minor(u, 0)).envelope.data;
    expect(morning).toMatchObject({ is_auth: 1, is_minor: 1, can_play: 0, daily_limit_minutes: 60, remaining_minutes: 0 });
    expect(morning.play_window).toBe('Fri, Sat, Sun and holidays 20:00–21:00');
    expect(morning.tip).toContain('under 18');
    s.clock.advance(10 * HOUR); // Saturday 20:00
    expect((await minor(u, 0)).envelope.data).toMatchObject({ can_play: 1, remaining_minutes: 60 });
    expect((await minor(u, 10 * 60)).envelope.data).toMatchObject({ can_play: 1, remaining_minutes: 50 });
    expect((await minor(u, 60 * 60)).envelope.data).toMatchObject({ can_play: 0, remaining_minutes: 0 });
    s.clock.advance(45 * 60 * 1000); // 20:45: the window ends first
    expect((await minor(u, 0)).envelope.data.remaining_minutes).toBe(15);
    s.clock.advance(2 * 24 * HOUR); // Monday 20:45: not a play day
    expect((await minor(u, 0)).envelope.data).toMatchObject({ can_play: 0, remaining_minutes: 0 });
    expect(s.clock.now()).toBe(T0 + 10 * HOUR + 45 * 60 * 1000 + 48 * HOUR);
  });

  it('checks its input and the game', async () => {
    const u = await login(s.port, '13800000000');
    expect((await minor(u, 0, 3)).envelope).toEqual({ code: 0, msg: 'Game not found', data: null });
    const neg = await minor(u, -1);
    expect(neg.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Field "usage_time" must be at least 0' });
    const missing = await call(s.port, PATH.minorWebConfig, { data: { uid: u.swcloud_uid, game_id: 1 }, token: u.gly_token });
    expect(missing.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Missing field "usage_time"' });
    expect((await call(s.port, PATH.minorWebConfig, { data: { uid: u.swcloud_uid, game_id: 1, usage_time: 0 } })).envelope).toEqual(EXPIRED);
  });
});

describe('user/cg_property_detail', () => {
  it('answers coins, play time, every card and the latest changes', async () => {
    const u = await login(s.port, '13800000001');
    const before = await call<Property>(s.port, PATH.cgPropertyDetail, { data: { uid: u.swcloud_uid }, token: u.gly_token });
    expect(before.envelope.code).toBe(BODY_CODE.success);
    const p = before.envelope.data;
    expect(p).toMatchObject({ coin_balance: 120, duration: 36000, coin_balance_duration: 7200, duration_coin: 43200, member_status: 1, records: [] });
    expect(p.cards.map((c) => [c.kind, c.active])).toEqual([
      ['member', 1],
      ['quick', 0],
      ['bgmember', 0],
    ]);
    expect(p.cards[0]).toMatchObject({ end_time: Math.floor(T0 / 1000) + 30 * 86400, endtime: '2025-03-31 10:00:00' });
    await call(s.port, PATH.signIn, { data: { uid: u.swcloud_uid }, token: u.gly_token });
    const after = (await call<Property>(s.port, PATH.cgPropertyDetail, { token: u.gly_token })).envelope.data;
    expect(after.duration).toBe(36000 + 3600);
    expect(after.records).toEqual([
      { id: 1, kind: 'sign_in', title: 'Daily sign-in 2025-03-01', coin: 0, duration: 3600, time: Math.floor(T0 / 1000), time_text: '2025-03-01 10:00:00' },
    ]);
    // The same record read by a Chinese app (decision 0010): the mock words its own titles when asked.
    const zh = (await call<Property>(s.port, PATH.cgPropertyDetail, { token: u.gly_token, headers: { 'accept-language': 'zh-CN' } })).envelope.data;
    expect(zh.records.map((r) => r.title)).toEqual(['每日签到 2025-03-01']);
  });

  it('no token answers 30001; another uid 40000', async () => {
    expect((await call(s.port, PATH.cgPropertyDetail, {})).envelope).toEqual(EXPIRED);
    const u = await login(s.port, '13800000001');
    const r = await call(s.port, PATH.cgPropertyDetail, { data: { uid: 5 }, token: u.gly_token });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain('"uid"');
  });
});
