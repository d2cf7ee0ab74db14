import { describe, expect, it } from 'vitest';
import { BODY_CODE, HEADER } from '../../web/api/contract.ts';
import { createSessionRegistry } from '../../mock-server/sessions/registry.ts';
import { createStore } from '../../mock-server/sessions/store.ts';
import { balanceIn, callIn, json, loginIn, MEMBER_MOBILE, MEMBER_UID, openDurationIn } from './control-helpers.ts';
import { call, login, openSocket, rawRequest, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started));

describe('mock sessions: parallel QA scripts never see each other (QA guide §1)', () => {
  it('a login in session A gives a token that answers 30001 in session B (SPEC §8 token expiry)', async () => {
    const a = await loginIn(s.port, 'qa-a', MEMBER_MOBILE);
    expect((await balanceIn(s.port, 'qa-a', a)).envelope.code).toBe(BODY_CODE.success);
    const inB = await balanceIn(s.port, 'qa-b', a);
    expect(inB.envelope.code).toBe(BODY_CODE.tokenExpired);
    // Nor in the default session (no header).
    const inDefault = await call(s.port, 'user/get_user_balance', { data: { uid: a.swcloud_uid }, token: a.gly_token });
    expect(inDefault.envelope.code).toBe(BODY_CODE.tokenExpired);
  });

  it('a scenario applied in A does not change B', async () => {
    const a = await loginIn(s.port, 'qa-a', MEMBER_MOBILE);
    const b = await loginIn(s.port, 'qa-b', MEMBER_MOBILE);
    const applied = await json(s.port, 'POST', '/__mock/scenario?session=qa-a', { name: 'out-of-play-time', keepState: true });
    expect(applied.status).toBe(200);
    expect((await balanceIn(s.port, 'qa-a', a)).envelope.data.duration_coin).toBe(0);
    expect((await balanceIn(s.port, 'qa-b', b)).envelope.data.duration_coin).toBe(43200);
    await json(s.port, 'POST', '/__mock/scenario', { name: 'token-expired-30001' }, 'qa-a');
    expect((await balanceIn(s.port, 'qa-b', b)).envelope.code).toBe(BODY_CODE.success);
    expect((await json(s.port, 'GET', '/__mock/session?session=qa-b')).body['scenario']).toBe('default');
  });

  it('SMS resend limits, users created at login and /__db/ edits are per session', async () => {
    const send = (session: string): Promise<number> =>
      callIn(s.port, session, 'user/send_code', { data: { mobile: '13912345678', area_code: '86' } }).then((r) => r.envelope.code);
    expect(await send('qa-a')).toBe(BODY_CODE.success);
    expect(await send('qa-a')).toBe(BODY_CODE.failed);
    expect(await send('qa-b')).toBe(BODY_CODE.success);

    const login = await loginIn(s.port, 'qa-a', '13912345678');
    expect(s.app.sessions.find('qa-a')?.store.findUser('86', '13912345678')).toMatchObject({ uid: login.swcloud_uid, areaCode: '86', mobile: '13912345678' });
    expect(s.app.sessions.find('qa-b')?.store.findUser('86', '13912345678')).toBeUndefined();

    const patched = await json(s.port, 'PATCH', `/__db/users/${MEMBER_UID}?session=qa-a`, { memberStatus: 0 });
    expect(patched.status).toBe(200);
    expect(s.app.sessions.find('qa-b')?.store.userByUid(MEMBER_UID)?.memberStatus).toBe(1);
    expect(s.app.store.userByUid(MEMBER_UID)?.memberStatus).toBe(1);
  });

  it('faults, clocks and journals stay in their session', async () => {
    await json(s.port, 'POST', '/__mock/faults?session=qa-a', { status: 503 });
    await json(s.port, 'POST', '/__mock/clock?session=qa-a', { virtual: true, advanceMs: 60_000 });
    const inB = await callIn(s.port, 'qa-b', 'index/api/system_info', { data: {} });
    expect(inB.status).toBe(200);
    const inA = await callIn(s.port, 'qa-a', 'index/api/system_info', { data: {} });
    expect(inA.status).toBe(503);

    const clockA = await json(s.port, 'GET', '/__mock/clock?session=qa-a');
    const clockB = await json(s.port, 'GET', '/__mock/clock?session=qa-b');
    expect(clockA.body).toMatchObject({ virtual: true, now: s.clock.now() + 60_000 });
    expect(clockB.body).toMatchObject({ virtual: false, now: s.clock.now() });

    const journalB = await json<{ entries: { status: number }[] }>(s.port, 'GET', '/__mock/journal?session=qa-b');
    expect(journalB.body.entries.map((e) => e.status)).toEqual([200]);
  });

  it('a push reaches only the sockets of its session; the socket names its session in the query', async () => {
    const a = await openDurationIn(s.port, 'qa-a');
    const b = await openDurationIn(s.port, 'qa-b');
    const pushed = await json(s.port, 'POST', '/__mock/push?session=qa-a', { socket: 'duration', message: { code: 202, msg: 'only A' } });
    expect(pushed.body).toMatchObject({ session: 'qa-a', delivered: 1 });
    expect(await a.next()).toEqual({ code: 202, msg: 'only A' });
    b.ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await b.next()).toMatchObject({ type: 'heartbeat' });
    a.ws.close();
    b.ws.close();
  });

  it('ten sessions working at once each journal only their own requests', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `par-${i}`);
    await Promise.all(
      names.map(async (name, i) => {
        const info = await loginIn(s.port, name, `1390000000${i}`);
        for (let k = 0; k <= i; k++) await balanceIn(s.port, name, info);
      }),
    );
    for (const [i, name] of names.entries()) {
      const j = await json<{ entries: { path: string; code: number }[] }>(s.port, 'GET', `/__mock/journal?session=${name}`);
      expect(j.body.entries).toHaveLength(2 + i);
      expect(j.body.entries.every((e) => e.code === BODY_CODE.success)).toBe(true);
    }
  });

  it('requests without a session use "default", which app.store shows', async () => {
    const info = await login(s.port, MEMBER_MOBILE);
    expect(s.app.store.userForToken(info.gly_token)?.uid).toBe(MEMBER_UID);
    const viaHeader = await callIn(s.port, 'default', 'user/get_user_balance', { data: { uid: info.swcloud_uid }, token: info.gly_token });
    expect(viaHeader.envelope.code).toBe(BODY_CODE.success);
  });

  it.each(['bad name!', 'x'.repeat(65), 'a/b', 'é'])('the session name %j answers a clear 40000 body, 400 on control and socket', async (name) => {
    const api = await call(s.port, 'index/api/system_info', { data: {}, headers: { [HEADER.mockSession]: name } });
    expect(api.envelope.code).toBe(BODY_CODE.badRequest);
    expect(api.envelope.msg).toMatch(/^Invalid mock session name .*: use 1 to 64 letters, digits, "_", "\." or "-"$/);
    const control = await json(s.port, 'GET', `/__mock/session?session=${encodeURIComponent(name)}`);
    expect(control.status).toBe(400);
    expect(control.body['error']).toMatch(/Invalid mock session name/);
    await expect(openSocket(s.port, `/socket/duration?mock_session=${encodeURIComponent(name)}`)).rejects.toThrow(/400/);
    expect((await rawRequest(s.port, { path: '/__health' })).status).toBe(200);
  });
});

describe('session registry', () => {
  it('keeps at most maxSessions, dropping the least recently used one without sockets (never "default")', () => {
    const registry = createSessionRegistry(s.clock, (clock) => createStore(s.app.fixtures, clock), 3);
    registry.get(undefined);
    registry.get('a');
    registry.get('b');
    registry.get('a'); // a is now more recent than b
    registry.get('c');
    expect(registry.list().map((x) => x.name).sort()).toEqual(['a', 'c', 'default']);
    expect(registry.find('b')).toBeUndefined();
    registry.close();
  });
});
