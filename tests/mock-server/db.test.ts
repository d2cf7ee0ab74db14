import { describe, expect, it } from 'vitest';
import { BODY_CODE } from '../../web/api/contract.ts';
import { balanceIn, json, loginIn, MEMBER_MOBILE, MEMBER_UID } from './control-helpers.ts';
import { rawRequest, type Started, useApp } from './helpers.ts';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';

let s: Started;
useApp((started) => (s = started));

interface User {
  uid: number;
  mobile: string;
  memberStatus: number;
  durationCoin: number;
  [key: string]: unknown;
}

describe('/__db/: the session data through json-server 0.17 (decision 0003, QA guide §5)', () => {
  it('GET /__db/users lists the personas of the session; json-server filters and sorting work', async () => {
    const all = await json<User[]>(s.port, 'GET', '/__db/users');
    expect(all.status).toBe(200);
    expect(all.body.map((u) => u.mobile)).toEqual(['13800000000', '13800000001', '13800000002', '13800000003', '13800000004']);
    const members = await json<User[]>(s.port, 'GET', '/__db/users?memberStatus=1');
    expect(members.body.map((u) => u.uid)).toEqual([MEMBER_UID]);
    const sorted = await json<User[]>(s.port, 'GET', '/__db/users?_sort=durationCoin&_order=desc');
    const coins = sorted.body.map((u) => u.durationCoin);
    expect(coins).toEqual([...coins].sort((a, b) => b - a));
    const one = await json<User>(s.port, 'GET', `/__db/users/${MEMBER_UID}`);
    expect(one.body).toMatchObject({ uid: MEMBER_UID, memberStatus: 1 });
    const db = await json<{ users: User[] }>(s.port, 'GET', '/__db/db');
    expect(db.body.users).toHaveLength(5);
  });

  it('PATCH a user → the next get_user_balance of that session answers it (SPEC §4 membership loss)', async () => {
    const info = await loginIn(s.port, 'qa', MEMBER_MOBILE);
    expect((await balanceIn(s.port, 'qa', info)).envelope.data.member_status).toBe(1);
    const patched = await json<User>(s.port, 'PATCH', `/__db/users/${MEMBER_UID}?session=qa`, { memberStatus: 0, durationCoin: 60 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ uid: MEMBER_UID, memberStatus: 0, durationCoin: 60 });
    const balance = await balanceIn(s.port, 'qa', info);
    expect(balance.envelope.data).toMatchObject({ member_status: 0, duration_coin: 60 });
    // Other sessions keep their own copy.
    expect((await json<User>(s.port, 'GET', `/__db/users/${MEMBER_UID}`)).body.memberStatus).toBe(1);
  });

  it('users logged in at runtime show up; the session comes from the header too', async () => {
    await loginIn(s.port, 'qa', '13900000042');
    const viaHeader = await json<User[]>(s.port, 'GET', '/__db/users?mobile=13900000042', undefined, 'qa');
    expect(viaHeader.body).toHaveLength(1);
    expect((await json<User[]>(s.port, 'GET', '/__db/users?mobile=13900000042')).body).toHaveLength(0);
  });

  it('POST adds a user who can log in; PUT replaces one; DELETE removes one and their token answers 30001', async () => {
    const template = (await json<User>(s.port, 'GET', `/__db/users/${MEMBER_UID}?session=qa`)).body;
    const created = await json<User>(s.port, 'POST', '/__db/users?session=qa', { ...template, uid: undefined, mobile: '13700000001', username: 'Added by QA' });
    expect(created.status).toBe(201);
    expect(created.body.uid).toBeGreaterThan(MEMBER_UID);
    const added = await loginIn(s.port, 'qa', '13700000001');
    expect(added.swcloud_uid).toBe(created.body.uid);
    expect(added.username).toBe('Added by QA');

    const replaced = await json<User>(s.port, 'PUT', `/__db/users/${created.body.uid}?session=qa`, { ...created.body, durationCoin: 5 });
    expect(replaced.status).toBe(200);
    expect((await balanceIn(s.port, 'qa', added)).envelope.data.duration_coin).toBe(5);

    const removed = await rawRequest(s.port, { method: 'DELETE', path: `/__db/users/${created.body.uid}?session=qa`, headers: CONTROL_WRITE_HEADERS });
    expect(removed.status).toBe(200);
    expect((await balanceIn(s.port, 'qa', added)).envelope.code).toBe(BODY_CODE.tokenExpired);
  });

  it.each([
    ['PATCH', `/__db/users/${MEMBER_UID}`, { memberStatus: 3 }, 400, /"memberStatus" must be 0, 1 or 2/],
    ['PATCH', `/__db/users/${MEMBER_UID}`, { durationCoin: '100' }, 400, /"durationCoin" must be an integer ≥ 0/],
    ['PATCH', `/__db/users/${MEMBER_UID}`, { member_status: 0 }, 400, /Unknown user field "member_status"; fields: uid, areaCode/],
    ['PATCH', `/__db/users/${MEMBER_UID}`, { uid: 5 }, 400, /"uid" cannot change/],
    ['PATCH', `/__db/users/${MEMBER_UID}`, { mobile: '13800000000' }, 400, /Another user \(uid 10000001\) has the phone number \+86 13800000000/],
    ['PATCH', '/__db/users/999', { memberStatus: 0 }, 404, /No user with uid 999/],
    ['PUT', `/__db/users/${MEMBER_UID}`, { memberStatus: 0 }, 400, /Missing user field\(s\): areaCode, mobile/],
    ['POST', '/__db/users', { mobile: '13700000009' }, 400, /Missing user field\(s\)/],
    ['POST', `/__db/users/${MEMBER_UID}`, {}, 405, /POST to \/__db\/users \(without an id\)/],
    ['PATCH', '/__db/users', {}, 405, /PATCH needs an id/],
    ['DELETE', '/__db/users/999', undefined, 404, /No user with uid 999/],
    ['POST', '/__db/db', {}, 405, /The whole database is read-only/],
    ['GET', '/__db/nope', undefined, 404, /Unknown \/__db\/ path "\/__db\/nope": collections are \/__db\/users, \/__db\/saves, \/__db\/orders, \/__db\/games/],
    ['GET', '/__db/users?session=bad%20name', undefined, 400, /Invalid mock session name/],
  ])('%s %s %j answers %i with {error} and changes nothing', async (method, path, body, status, error) => {
    const r = await json(s.port, method, path, body);
    expect(r.status, r.text).toBe(status);
    expect(String(r.body['error'])).toMatch(error);
    expect((await json<User>(s.port, 'GET', `/__db/users/${MEMBER_UID}`)).body).toMatchObject({ uid: MEMBER_UID, memberStatus: 1, mobile: MEMBER_MOBILE });
  });

  it('malformed JSON, a form body and a huge body answer {error}', async () => {
    const send = (body: string, type: string): ReturnType<typeof rawRequest> =>
      rawRequest(s.port, { method: 'PATCH', path: `/__db/users/${MEMBER_UID}`, headers: { ...CONTROL_WRITE_HEADERS, 'content-type': type }, body });
    const bad = await send('{"memberStatus": ', 'application/json');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: expect.stringMatching(/^Malformed JSON body/) });
    const form = await send('memberStatus=0', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(JSON.parse(form.text)).toMatchObject({ error: expect.stringMatching(/must be sent as "Content-Type: application\/json"/) as string });
    const huge = await send(`{"username": "${'x'.repeat(1024 * 1024)}"}`, 'application/json');
    expect(huge.status).toBe(413);
    expect((await rawRequest(s.port, { path: '/__health' })).status).toBe(200);
  });

  it('a reset gives /__db/ the fresh store', async () => {
    await json(s.port, 'PATCH', `/__db/users/${MEMBER_UID}?session=qa`, { memberStatus: 0 });
    await json(s.port, 'POST', '/__mock/reset?session=qa');
    expect((await json<User>(s.port, 'GET', `/__db/users/${MEMBER_UID}?session=qa`)).body.memberStatus).toBe(1);
    await json(s.port, 'PATCH', `/__db/users/${MEMBER_UID}?session=qa`, { memberStatus: 2 });
    expect(s.app.sessions.find('qa')?.store.userByUid(MEMBER_UID)?.memberStatus).toBe(2);
  });
});
