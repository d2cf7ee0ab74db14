/**
 * Named scenarios driven the way QA drives them (see scenarios-behaviour.test.ts):
 * the duration socket's scripted messages and drop, play time, tokens, server
 * errors, and POST /__mock/push through the game logic.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_CODE, GAME_CODE, HEADER, PATH, type LoginInfo, type SignInConf, type UserInfo } from '../../web/api/contract.ts';
import { callIn, json, loginIn, MEMBER_MOBILE, qaRig, type Msg, type QaRig } from './control-helpers.ts';
import { rawRequest, REQUEST_LIMIT_MS, type Started, useApp } from './helpers.ts';

let s: Started;
let qa: QaRig;
useApp((started) => {
  s = started;
  qa = qaRig(s);
});
afterEach(() => qa.closeAll());

/** A game that runs, with its duration socket open and the scripted message arriving 10 s after it opened. */
async function durationMessageAt10s(name: string, acceptLanguage?: string): Promise<Msg> {
  const p = await qa.qaPlayer(await qa.scenario(name));
  await qa.startGame(p);
  const duration = await qa.openDuration(p, acceptLanguage);
  await qa.advance(p.session, 9_999);
  expect(duration.notable()).toEqual([]);
  await qa.advance(p.session, 1);
  const msg = await duration.waitFor(() => true);
  expect(duration.closeInfo).toBeUndefined();
  return msg;
}

describe('named scenarios: the duration socket, play time, tokens and server errors (QA guide §3, SPEC §4, §8)', () => {
  it('duration-timeout-202: 202 on the duration socket 10 s after it opens (SPEC §4 "Duration socket messages")', async () => {
    expect(await durationMessageAt10s('duration-timeout-202')).toEqual({ code: 202, msg: 'You have been idle for a long time' });
  });

  it('relogin-408: 408 with event 1 on the duration socket 10 s after it opens (SPEC §4, §8 forced relogin)', async () => {
    expect(await durationMessageAt10s('relogin-408')).toEqual({ code: 408, event: 1, msg: 'Your account logged in on another device' });
  });

  it('quit-408: 408 with event 0 on the duration socket 10 s after it opens (SPEC §4)', async () => {
    expect(await durationMessageAt10s('quit-408')).toEqual({ code: 408, event: 0, msg: 'The game has ended' });
  });

  it.each([
    ['duration-error-500', 500, 'Service error'],
    ['duration-error-5001', 5001, 'The game service disconnected'],
  ])('%s: %i on the duration socket 10 s after it opens (SPEC §4, §8)', async (name, code, msg) => {
    expect(await durationMessageAt10s(name)).toEqual({ code, msg });
  });

  it("a scenario's message reaches a Chinese browser (decision 0010) in its script (the handshake's Accept-Language)", async () => {
    expect(await durationMessageAt10s('duration-timeout-202', 'zh-CN,zh;q=0.9')).toEqual({ code: 202, msg: '您已长时间未操作' });
    expect(await durationMessageAt10s('relogin-408', 'zh-TW')).toEqual({ code: 408, event: 1, msg: '帳號已在其他裝置登入' });
  });

  it('out-of-play-time: balance 0, play_game answers 4003 "Out of play time", and the duration socket sends no balance (SPEC §4 "Start", §8)', async () => {
    const p = await qa.qaPlayer(await qa.scenario('out-of-play-time'));
    const balance = await callIn<UserInfo>(s.port, p.session, PATH.getUserBalance, { data: { uid: p.login.swcloud_uid }, token: p.login.gly_token });
    expect(balance.envelope.data).toMatchObject({ duration_coin: 0, duration: 0, coin_balance_duration: 0 });
    // Already signed in today (signedToday), so the app's sign-in at start cannot top the balance up (SPEC §4 Sign-in).
    const uid = { uid: p.login.swcloud_uid };
    const conf = await callIn<SignInConf>(s.port, p.session, PATH.signInConf, { data: uid, token: p.login.gly_token });
    expect(conf.envelope.data.signed_today).toBe(1);
    expect((await callIn(s.port, p.session, PATH.signIn, { data: uid, token: p.login.gly_token })).envelope.code).toBe(BODY_CODE.failed);
    expect((await qa.playGame(p)).envelope).toMatchObject({ code: 1, data: { code: GAME_CODE.outOfPlayTime, sub_msg: 'Out of play time' } });
    const duration = await qa.openDuration(p);
    await qa.advance(p.session, 65_000);
    expect(duration.notable()).toEqual([]);
    expect(await qa.scList(p)).toEqual([]);
  });

  it('token-expired-30001: a token works for 30 s, then every token-checked call (user, game) answers 30001; a new login works again (SPEC §8 30001)', async () => {
    const session = await qa.scenario('token-expired-30001');
    const balanceOf = async (login: LoginInfo): Promise<number> =>
      (await callIn(s.port, session, PATH.getUserBalance, { data: { uid: login.swcloud_uid }, token: login.gly_token })).envelope.code;
    const login = await loginIn(s.port, session, MEMBER_MOBILE);
    expect(await balanceOf(login)).toBe(1);
    await json(s.port, 'POST', '/__mock/clock', { virtual: true }, session);
    await qa.advance(session, 29_000);
    expect(await balanceOf(login)).toBe(1);
    await qa.advance(session, 1_000);
    expect(await balanceOf(login)).toBe(BODY_CODE.tokenExpired);
    const token = await callIn(s.port, session, PATH.getToken, { game: true, token: login.gly_token, data: { manufacturer: 'mock', client_sid: 'c' } });
    expect(token.envelope.code).toBe(BODY_CODE.tokenExpired);
    const relogin = await loginIn(s.port, session, MEMBER_MOBILE);
    expect(await balanceOf(relogin)).toBe(1);
  });

  it('tokenExpired applied with keepState: the tokens held now answer 30001 at once, a new login works (SPEC §8 30001)', async () => {
    const session = await qa.scenario('play-now');
    const login = await loginIn(s.port, session, MEMBER_MOBILE);
    const r = await json(s.port, 'POST', '/__mock/scenario', { scenario: { game: { tokenExpired: true } }, keepState: true }, session);
    expect(r.status).toBe(200);
    const balance = await callIn(s.port, session, PATH.getUserBalance, { data: { uid: login.swcloud_uid }, token: login.gly_token });
    expect(balance.envelope.code).toBe(BODY_CODE.tokenExpired);
    const relogin = await loginIn(s.port, session, MEMBER_MOBILE);
    const again = await callIn(s.port, session, PATH.getUserBalance, { data: { uid: relogin.swcloud_uid }, token: relogin.gly_token });
    expect(again.envelope.code).toBe(1);
  });

  it('server-error-500: the next 3 API calls, whatever the path, answer HTTP 500; later calls answer normally (SPEC §8 500)', async () => {
    const session = await qa.scenario('server-error-500');
    const statuses: number[] = [];
    for (const endpoint of ['system/system_info', 'user/web_login', PATH.getUserBalance]) {
      const r = await rawRequest(s.port, { method: 'POST', path: `/api/${endpoint}`, headers: { [HEADER.mockSession]: session }, timeoutMs: REQUEST_LIMIT_MS });
      statuses.push(r.status);
      expect(JSON.parse(r.text)).toEqual({ code: 50000, msg: 'Internal Server Error', data: null });
    }
    expect(statuses).toEqual([500, 500, 500]);
    const login = await loginIn(s.port, session, MEMBER_MOBILE);
    expect(login.gly_token).not.toBe('');
  });

  it('duration-socket-drops: 30 s after the duration socket opens it is dropped without a close frame (1006); a reconnected socket stays (SPEC §8 reconnect)', async () => {
    const p = await qa.qaPlayer(await qa.scenario('duration-socket-drops'));
    await qa.startGame(p);
    const duration = await qa.openDuration(p);
    await qa.advance(p.session, 29_999);
    expect(duration.closeInfo).toBeUndefined();
    await qa.advance(p.session, 1);
    expect((await duration.closed()).code).toBe(1006);
    const again = await qa.openDuration(p);
    await qa.advance(p.session, 5_000);
    again.ws.send(JSON.stringify({ type: 'heartbeat' }));
    await again.waitFor((m) => m['type'] === 'heartbeat');
    await qa.advance(p.session, 30_000);
    expect(again.closeInfo).toBeUndefined();
  });
});

describe('POST /__mock/push goes through the game logic (SPEC §4 "Stream events", "Duration socket messages")', () => {
  it('a pushed stream event 43000 ends the game session like a scripted one; 45001 leaves it running', async () => {
    const p = await qa.qaPlayer(await qa.scenario('play-now'));
    const scId = await qa.startGame(p);
    const stream = await qa.streamAt100(p, scId);
    const idle = await json(s.port, 'POST', '/__mock/push', { socket: 'stream', message: { type: 'event', code: 45001 } }, p.session);
    expect(idle.body).toEqual({ session: p.session, socket: 'stream', delivered: 1 });
    expect(await stream.waitFor((m) => m['type'] === 'event')).toMatchObject({ code: 45001 });
    expect(await qa.scList(p)).toContainEqual(expect.objectContaining({ sc_id: scId, type: 'able_recon' }));
    const quit = await json(s.port, 'POST', '/__mock/push', { socket: 'stream', message: { type: 'event', code: 43000, msg: 'QA quit', sc_id: scId } }, p.session);
    expect(quit.body).toMatchObject({ delivered: 1 });
    expect(await stream.waitFor((m) => m['code'] === 43000)).toEqual({ type: 'event', code: 43000, msg: 'QA quit' });
    expect((await stream.closed()).code).toBe(1000);
    expect(await qa.scList(p)).not.toContainEqual(expect.objectContaining({ sc_id: scId }));
    expect((await qa.stopGame(p, scId)).envelope.code).toBe(GAME_CODE.sessionNotFound);
  });

  it('a pushed duration 200 carries the user\'s balance; other messages are relayed as given', async () => {
    const p = await qa.qaPlayer(await qa.scenario('play-now'));
    await qa.startGame(p);
    const duration = await qa.openDuration(p);
    const r = await json(s.port, 'POST', '/__mock/push', { socket: 'duration', message: { code: 200 } }, p.session);
    expect(r.body).toMatchObject({ delivered: 1 });
    expect(await duration.waitFor(() => true)).toMatchObject({ code: 200, msg: 'success', data: { member_status: 1, duration_coin: 43_200 } });
    await json(s.port, 'POST', '/__mock/push', { socket: 'duration', message: { custom: 'anything' } }, p.session);
    expect(await duration.waitFor(() => true, 1)).toEqual({ custom: 'anything' });
  });
});
