import { describe, expect, it } from 'vitest';
import { BODY_CODE, PATH, type LoginInfo, type SignInConf, type SignInResult, type UserInfo } from '../../web/api/contract.ts';
import { call, login, EXPIRED, type Started, useApp } from './helpers.ts';

// helpers.T0 is Saturday 2025-03-01 10:00 in China time: day 6 of the week Mon 2025-02-24 … Sun 2025-03-02.
const DAY = 24 * 60 * 60 * 1000;
const WEEK = [1800, 1800, 3600, 1800, 1800, 3600, 7200];

let s: Started;
let user: LoginInfo;
useApp(async (started) => {
  s = started;
  user = await login(s.port, '13800000000');
});

const conf = () => call<SignInConf>(s.port, PATH.signInConf, { data: { uid: user.swcloud_uid }, token: user.gly_token });
const signIn = () => call<SignInResult>(s.port, PATH.signIn, { data: { uid: user.swcloud_uid }, token: user.gly_token });
const balance = async (): Promise<UserInfo> =>
  (await call<UserInfo>(s.port, PATH.getUserBalance, { data: { uid: user.swcloud_uid }, token: user.gly_token })).envelope.data;

describe('user/sign_in_conf', () => {
  it('answers the Monday–Sunday week: past days missed (-1), today and later 0, with each day’s duration', async () => {
    const r = await conf();
    expect(r.envelope.code).toBe(BODY_CODE.success);
    expect(r.envelope.data).toEqual({
      current_week: 6,
      week_start: '2025-02-24',
      signed_today: 0,
      user_sign_data: ['2025-02-24', '2025-02-25', '2025-02-26', '2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02'].map((date, i) => ({
        day: i + 1,
        date,
        duration: WEEK[i],
        state: i < 5 ? -1 : 0,
      })),
    });
  });

  it('uid is optional but must be the user; no token answers 30001', async () => {
    expect((await call(s.port, PATH.signInConf, { token: user.gly_token })).envelope.code).toBe(BODY_CODE.success);
    const other = await call(s.port, PATH.signInConf, { data: { uid: 1 }, token: user.gly_token });
    expect(other.envelope.code).toBe(BODY_CODE.badRequest);
    expect(other.envelope.msg).toContain('"uid"');
    expect((await call(s.port, PATH.signInConf, { data: { uid: user.swcloud_uid } })).envelope).toEqual(EXPIRED);
  });
});

describe('user/sign_in (SPEC §4: once per day by the server clock)', () => {
  it('grants today’s duration to duration and duration_coin and marks today 1', async () => {
    const before = await balance();
    const r = await signIn();
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const d = r.envelope.data;
    expect(d.duration).toBe(3600);
    expect(d.current_week).toBe(6);
    expect(d.user_sign_data.map((x) => x.state)).toEqual([-1, -1, -1, -1, -1, 1, 0]);
    expect(d.user_duration).toBe(before.duration + 3600);
    expect(d.duration_coin).toBe(before.duration_coin + 3600);
    const after = await balance();
    expect(after).toMatchObject({ duration: before.duration + 3600, duration_coin: before.duration_coin + 3600 });
    expect((await conf()).envelope.data.signed_today).toBe(1);
  });

  it('a second sign-in the same day answers code 0 and grants nothing; 24 h later it works again', async () => {
    expect((await signIn()).envelope.code).toBe(BODY_CODE.success);
    s.clock.advance(13 * 60 * 60 * 1000 - 1); // 22:59:59.999 China time, still Saturday
    const again = await signIn();
    expect(again.envelope).toEqual({ code: BODY_CODE.failed, msg: 'Already signed in today', data: null });
    const mid = await balance();
    s.clock.advance(DAY - 13 * 60 * 60 * 1000 + 1); // exactly 24 h after the first sign-in: Sunday
    const sunday = await signIn();
    expect(sunday.envelope.code).toBe(BODY_CODE.success);
    expect(sunday.envelope.data.duration).toBe(7200);
    expect(sunday.envelope.data.current_week).toBe(7);
    expect(sunday.envelope.data.user_sign_data.map((x) => x.state)).toEqual([-1, -1, -1, -1, -1, 1, 1]);
    expect((await balance()).duration).toBe(mid.duration + 7200);
  });

  it('the day turns at midnight China time, not 24 h after signing', async () => {
    expect((await signIn()).envelope.code).toBe(BODY_CODE.success);
    s.clock.advance(14 * 60 * 60 * 1000); // Sunday 00:00 China time
    expect((await signIn()).envelope.code).toBe(BODY_CODE.success);
  });

  it('a new week starts on Monday with every day 0 again', async () => {
    expect((await signIn()).envelope.code).toBe(BODY_CODE.success);
    s.clock.advance(2 * DAY); // Monday 2025-03-03
    const c = (await conf()).envelope.data;
    expect(c).toMatchObject({ current_week: 1, week_start: '2025-03-03', signed_today: 0 });
    expect(c.user_sign_data.map((x) => x.state)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    const monday = await signIn();
    expect(monday.envelope.data.duration).toBe(1800);
    expect(monday.envelope.data.user_sign_data.map((x) => x.state)).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it('each user signs for themselves', async () => {
    expect((await signIn()).envelope.code).toBe(BODY_CODE.success);
    const member = await login(s.port, '13800000001');
    const r = await call<SignInResult>(s.port, PATH.signIn, { data: { uid: member.swcloud_uid }, token: member.gly_token });
    expect(r.envelope.code).toBe(BODY_CODE.success);
  });

  it('no token answers 30001; a missing or wrong uid 40000', async () => {
    expect((await call(s.port, PATH.signIn, { data: { uid: user.swcloud_uid } })).envelope).toEqual(EXPIRED);
    expect((await call(s.port, PATH.signIn, { data: {}, token: user.gly_token })).envelope).toMatchObject({
      code: BODY_CODE.badRequest,
      msg: 'Missing field "uid"',
    });
    const wrong = await call(s.port, PATH.signIn, { data: { uid: 10000002 }, token: user.gly_token });
    expect(wrong.envelope.code).toBe(BODY_CODE.badRequest);
    expect(wrong.envelope.msg).toContain('"uid"');
  });
});
