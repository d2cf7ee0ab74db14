import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import { inviteCode, uidOfInviteCode } from '../../mock-server/routes/invite.ts';
import { BODY_CODE, PATH, type BindInviteResponse, type InviteInfo, type LoginInfo, type Property, type UserInfo } from '../../web/api/contract.ts';
import { call, login, startApp, T0, tempDir, EXPIRED, type Started, useApp } from './helpers.ts';


let s: Started;
let inviter: LoginInfo;
let friend: LoginInfo;
useApp(async (started) => {
  s = started;
  inviter = await login(s.port, '13800000001');
  friend = await login(s.port, '13912345678');
});

const info = (u: LoginInfo, port = s.port) => call<InviteInfo>(port, PATH.inviteInfo, { method: 'GET', token: u.gly_token });
const bind = (u: LoginInfo, code: string, port = s.port) => call<BindInviteResponse>(port, PATH.bindInvite, { data: { code }, token: u.gly_token });
const balance = async (u: LoginInfo): Promise<UserInfo> =>
  (await call<UserInfo>(s.port, PATH.getUserBalance, { data: { uid: u.swcloud_uid }, token: u.gly_token })).envelope.data;

describe('invitation codes', () => {
  it('are stable per uid and read back; anything else is no code', () => {
    expect(inviteCode(10000002)).toBe(inviteCode(10000002));
    expect(inviteCode(10000002)).toMatch(/^[0-9A-Z]{4,16}$/);
    expect(uidOfInviteCode(inviteCode(10000002))).toBe(10000002);
    expect(uidOfInviteCode(inviteCode(10000002).toLowerCase())).toBe(10000002);
    expect(uidOfInviteCode('ZZZZZZ')).toBeUndefined();
    expect(uidOfInviteCode('0000')).toBeUndefined();
  });
});

describe('GET user/invite_info', () => {
  it('answers the code, a link to share, the rewards and the rules', async () => {
    const r = await info(inviter);
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const code = inviteCode(inviter.swcloud_uid);
    expect(r.envelope.data).toMatchObject({
      code,
      invite_url: `http://127.0.0.1:${s.port}/main/login/index?invite_code=${code}`,
      invited_count: 0,
      inviter_reward: 3600,
      invitee_reward: 1800,
      max_rewarded: 20,
      total_reward: 0,
      bound_code: '',
      invited: [],
    });
    expect(r.envelope.data.rules.length).toBeGreaterThan(0);
  });

  it('no token answers 30001', async () => {
    expect((await call(s.port, PATH.inviteInfo, { method: 'GET' })).envelope).toEqual(EXPIRED);
  });
});

describe('POST user/bind_invite', () => {
  it('binding grants play time to both and shows up on both sides', async () => {
    const friendBefore = await balance(friend);
    const inviterBefore = await balance(inviter);
    const code = (await info(inviter)).envelope.data.code;
    s.clock.advance(1000);
    const r = await bind(friend, code.toLowerCase());
    expect(r.envelope).toEqual({
      code: 1,
      msg: 'Invitation bound',
      data: { inviter: 'Member Player', duration: 1800, user_duration: friendBefore.duration + 1800, duration_coin: friendBefore.duration_coin + 1800 },
    });
    expect((await balance(inviter)).duration_coin).toBe(inviterBefore.duration_coin + 3600);
    const mine = (await info(inviter)).envelope.data;
    expect(mine).toMatchObject({ invited_count: 1, total_reward: 3600 });
    expect(mine.invited).toEqual([{ uid: friend.swcloud_uid, username: 'Player 5678', mobile: '139****5678', bound_at: Math.floor(T0 / 1000) + 1, reward: 3600 }]);
    expect((await info(friend)).envelope.data.bound_code).toBe(code);
    const records = (await call<Property>(s.port, PATH.cgPropertyDetail, { token: inviter.gly_token })).envelope.data.records;
    expect(records.map((x) => [x.kind, x.duration])).toEqual([['invite', 3600]]);
  });

  it('a user binds once, never their own code, never an unknown one', async () => {
    const code = inviteCode(inviter.swcloud_uid);
    expect((await bind(inviter, code)).envelope).toEqual({ code: 0, msg: 'You cannot bind your own code', data: null });
    expect((await bind(friend, 'ZZZZZZ')).envelope).toEqual({ code: 0, msg: 'Invalid invitation code', data: null });
    expect((await bind(friend, inviteCode(99999999))).envelope.msg).toBe('Invalid invitation code');
    expect((await bind(friend, code)).envelope.code).toBe(BODY_CODE.success);
    const other = await login(s.port, '13800000002');
    expect((await bind(friend, inviteCode(other.swcloud_uid))).envelope).toEqual({
      code: 0,
      msg: 'You have already bound an invitation code',
      data: null,
    });
  });

  it('bad input answers 40000 naming code; no token 30001', async () => {
    for (const code of ['', 'a-b', 'x'.repeat(17)]) {
      const r = await call(s.port, PATH.bindInvite, { data: { code }, token: friend.gly_token });
      expect(r.envelope.code).toBe(BODY_CODE.badRequest);
      expect(r.envelope.msg).toContain('"code"');
    }
    expect((await call(s.port, PATH.bindInvite, { data: { code: 'ABCDEF' } })).envelope).toEqual(EXPIRED);
  });

  it('past max_rewarded friends the inviter gets nothing more, friends still do', async () => {
    const d = tempDir('mock-invite');
    cpSync(DEFAULT_FIXTURES_DIR, d.dir, { recursive: true });
    const file = path.join(d.dir, 'invite.json');
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), max_rewarded: 1 }));
    const other = await startApp({ fixturesDir: d.dir });
    try {
      const a = await login(other.port, '13800000001');
      const code = inviteCode(a.swcloud_uid);
      expect((await bind(await login(other.port, '13900000001'), code, other.port)).envelope.code).toBe(1);
      const second = await bind(await login(other.port, '13900000002'), code, other.port);
      expect(second.envelope.data.duration).toBe(1800);
      const mine = (await info(a, other.port)).envelope.data;
      expect(mine.invited.map((f) => f.reward)).toEqual([0, 3600]);
      expect(mine).toMatchObject({ invited_count: 2, total_reward: 3600 });
    } finally {
      await other.close();
      d.remove();
    }
  });
});
