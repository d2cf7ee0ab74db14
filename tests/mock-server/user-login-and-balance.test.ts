import { describe, expect, it } from 'vitest';
import {
  BODY_CODE,
  PATH,
  type LoginInfo,
  type SendCodeResponse,
  type UserInfo,
} from '../../web/api/contract.ts';
import { MOCK_SMS_CODE, TOKEN_TTL_MS } from '../../mock-server/limits.ts';
import { call, login, T0, EXPIRED, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started));

const balance = (token: string | undefined, uid: number) => call<UserInfo>(s.port, PATH.getUserBalance, { data: { uid }, token });

describe('user/send_code', () => {
  it.each([
    ['86', '13912345678'],
    ['1', '4155550123'],
    ['44', '7700900123'],
    ['852', '91234567'],
    ['33', '612345678'],
  ])('+%s %s is a valid number and gets resend_after 60', async (area_code, mobile) => {
    const r = await call<SendCodeResponse>(s.port, PATH.sendCode, { data: { mobile, area_code } });
    expect(r.envelope).toMatchObject({ code: BODY_CODE.success, data: { resend_after: 60 } });
  });

  it.each([
    ['86', '23912345678', 'China (+86) mobile number, e.g. 13800000000'],
    ['86', '1391234567', 'China (+86)'],
    ['1', '415555012', '(+1) mobile number'],
    ['44', '77009001234', 'United Kingdom (+44)'],
    ['852', '9123456', 'Hong Kong (China) (+852)'],
    ['33', '1234', 'France (+33)'],
    ['999', '1234', '5 to 15 digits'],
  ])('+%s %s is refused (code 0) saying which rule it breaks (same rules as the login form)', async (area_code, mobile, rule) => {
    const r = await call(s.port, PATH.sendCode, { data: { mobile, area_code } });
    expect(r.envelope.code).toBe(BODY_CODE.failed);
    expect(r.envelope.msg).toContain(rule);
  });

  it('an area code with "+" is a bad request naming area_code', async () => {
    const r = await call(s.port, PATH.sendCode, { data: { mobile: '13912345678', area_code: '+86' } });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain('"area_code"');
  });

  it('a second send within 60 s of server time answers code 0 with the seconds left; after 60 s it sends again', async () => {
    const data = { mobile: '13912345678', area_code: '86' };
    expect((await call(s.port, PATH.sendCode, { data })).envelope.code).toBe(BODY_CODE.success);
    s.clock.advance(18_000);
    const again = await call<SendCodeResponse>(s.port, PATH.sendCode, { data });
    expect(again.envelope).toEqual({ code: 0, msg: 'Please wait 42 s before requesting another code', data: { resend_after: 42 } });
    // Another number is not affected.
    expect((await call(s.port, PATH.sendCode, { data: { mobile: '13912345679', area_code: '86' } })).envelope.code).toBe(1);
    s.clock.advance(41_500);
    expect((await call(s.port, PATH.sendCode, { data })).envelope.msg).toBe('Please wait 1 s before requesting another code');
    s.clock.advance(500);
    expect((await call(s.port, PATH.sendCode, { data })).envelope.code).toBe(BODY_CODE.success);
  });
});

describe('user/web_login', () => {
  it('the wrong code answers code 0 "Wrong verification code" (no Accept-Language: English)', async () => {
    const r = await call(s.port, PATH.webLogin, {
      data: { mobile: '13800000001', area_code: '86', code: '654321', device_id: 'd1' },
    });
    expect(r.envelope).toEqual({ code: 0, msg: 'Wrong verification code', data: null });
  });

  it('logs in without a prior send_code and answers LoginInfo with a fresh token (SPEC §3, §7)', async () => {
    const r = await call<LoginInfo>(s.port, PATH.webLogin, {
      data: { mobile: '13800000001', area_code: '86', code: MOCK_SMS_CODE, device_id: 'device-abc' },
    });
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const info = r.envelope.data;
    expect(Object.keys(info).sort()).toEqual(['avatar', 'deviceID', 'gly_token', 'mobile', 'swcloud_uid', 'username']);
    expect(info).toMatchObject({ mobile: '13800000001', swcloud_uid: 10000002, deviceID: 'device-abc' });
    expect(info.gly_token).toMatch(/^[0-9a-f]{32,}$/);
    const second = await login(s.port, '13800000001');
    expect(second.gly_token).not.toBe(info.gly_token);
    expect(second.swcloud_uid).toBe(info.swcloud_uid);
  });

  it('a missing field is a bad request naming it', async () => {
    const r = await call(s.port, PATH.webLogin, { data: { mobile: '13800000001', area_code: '86', code: MOCK_SMS_CODE } });
    expect(r.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Missing field "device_id"' });
  });
});

describe('user/get_user_balance per persona (SPEC §3 user info, §6 roles)', () => {
  const cases: [string, string, Partial<UserInfo>][] = [
    ['13800000000', 'free user on trial', { member_status: 0, trial_status: 1, is_new_user: 0, buy_member: 0, quick_status: 0 }],
    ['13800000001', 'member', { member_status: 1, quick_status: 0, buy_member: 1, is_new_user: 0 }],
    ['13800000002', 'member with quick card', { member_status: 2, quick_status: 1, buy_member: 1 }],
    ['13800000003', 'new free user', { member_status: 0, is_new_user: 1 }],
    ['13800000004', 'free user without play time', { member_status: 0, duration_coin: 0, duration: 0 }],
  ];
  it.each(cases)('%s (%s)', async (mobile, _what, expected) => {
    const info = await login(s.port, mobile);
    const r = await balance(info.gly_token, info.swcloud_uid);
    expect(r.status).toBe(200);
    expect(r.envelope.code).toBe(BODY_CODE.success);
    expect(r.envelope.data).toMatchObject(expected);
    expect(r.envelope.data.current_time).toBe(Math.floor(T0 / 1000));
    expect(Object.keys(r.envelope.data)).toHaveLength(16);
  });

  it('member end times are on the server clock: 30 days after start, formatted in UTC+8', async () => {
    const info = await login(s.port, '13800000001');
    const data = (await balance(info.gly_token, info.swcloud_uid)).envelope.data;
    expect(data.member_end_time).toBe(Math.floor(T0 / 1000) + 30 * 86400);
    expect(data.member_endtime).toBe('2025-03-31 10:00:00');
    const free = await login(s.port, '13800000000');
    const freeData = (await balance(free.gly_token, free.swcloud_uid)).envelope.data;
    expect(freeData).toMatchObject({ member_end_time: 0, member_endtime: '' });
  });

  it('current_time follows the server clock in seconds', async () => {
    const info = await login(s.port, '13800000000');
    s.clock.advance(90_500);
    expect((await balance(info.gly_token, info.swcloud_uid)).envelope.data.current_time).toBe(Math.floor(T0 / 1000) + 90);
  });

  it('any other valid number becomes a new free user, created once and remembered', async () => {
    const first = await login(s.port, '13712345678');
    const again = await login(s.port, '13712345678');
    expect(again.swcloud_uid).toBe(first.swcloud_uid);
    expect(first.swcloud_uid).toBeGreaterThanOrEqual(20000001);
    const other = await login(s.port, '4155550123', '1');
    expect(other.swcloud_uid).not.toBe(first.swcloud_uid);
    const data = (await balance(first.gly_token, first.swcloud_uid)).envelope.data;
    expect(data).toMatchObject({ is_new_user: 1, member_status: 0 });
  });
});

describe('token checks (SPEC §8: 30001 token expiry)', () => {

  it('no token header answers 30001, login expired', async () => {
    const r = await balance(undefined, 10000001);
    expect(r.status).toBe(200);
    expect(r.envelope).toEqual(EXPIRED);
    const zh = await call(s.port, PATH.getUserBalance, { data: { uid: 10000001 }, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.envelope).toEqual({ ...EXPIRED, msg: '登录已过期，请重新登录' });
  });

  it('an unknown token answers 30001', async () => {
    expect((await balance('f'.repeat(48), 10000001)).envelope).toEqual(EXPIRED);
  });

  it('a token expires after 7 days of server-clock time', async () => {
    const info = await login(s.port, '13800000001');
    s.clock.advance(TOKEN_TTL_MS - 1);
    expect((await balance(info.gly_token, info.swcloud_uid)).envelope.code).toBe(BODY_CODE.success);
    s.clock.advance(1);
    expect((await balance(info.gly_token, info.swcloud_uid)).envelope).toEqual(EXPIRED);
    // A fresh login works again.
    const fresh = await login(s.port, '13800000001');
    expect((await balance(fresh.gly_token, fresh.swcloud_uid)).envelope.code).toBe(BODY_CODE.success);
  });

  it("a uid that is not the token's user answers 40000", async () => {
    const info = await login(s.port, '13800000001');
    const r = await balance(info.gly_token, 10000001);
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain('"uid"');
  });

  it('the game API base serves the same handler (with the game header)', async () => {
    const info = await login(s.port, '13800000002');
    const r = await call<UserInfo>(s.port, PATH.getUserBalance, { data: { uid: info.swcloud_uid }, token: info.gly_token, game: true });
    expect(r.envelope).toMatchObject({ code: 1, data: { member_status: 2 } });
  });
});
