import { describe, expect, it } from 'vitest';
import { BODY_CODE } from '../../web/api/contract.ts';
import { balanceIn, callIn, json, loginIn, MEMBER_MOBILE, openDurationIn } from './control-helpers.ts';
import { rawRequest, type Started, useApp } from './helpers.ts';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';

let s: Started;
useApp((started) => (s = started));

interface Summary {
  session: string;
  scenario: string;
  clock: { virtual: boolean; now: number; pending: number };
  script: Record<string, unknown>;
  faults: Record<string, unknown>[];
  sockets: Record<string, number>;
  journal: { size: number; dropped: number };
  users: number;
}

describe('control API /__mock/ (QA guide §2)', () => {
  it('GET /__mock/scenarios lists every scenario with its description, "default" first', async () => {
    const r = await json<{ scenarios: { name: string; description: string }[] }>(s.port, 'GET', '/__mock/scenarios');
    expect(r.status).toBe(200);
    const names = r.body.scenarios.map((x) => x.name);
    expect(names[0]).toBe('default');
    expect(names).toEqual(expect.arrayContaining(['play-now', 'queue', 'server-error-500', 'duration-socket-drops']));
    expect(r.body.scenarios.every((x) => x.description.length > 20)).toBe(true);
  });

  it('POST /__mock/scenario {name} resets the session and applies the scenario', async () => {
    const info = await loginIn(s.port, 'qa', MEMBER_MOBILE);
    await json(s.port, 'POST', '/__mock/faults?session=qa', { status: 500, count: 5 });
    const r = await json<Summary>(s.port, 'POST', '/__mock/scenario?session=qa', { name: 'queue' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ session: 'qa', scenario: 'queue', script: { queue: { positions: [5, 4, 3, 2, 1] } }, faults: [] });
    // Reset first: the login of before is gone.
    expect((await balanceIn(s.port, 'qa', info)).envelope.code).toBe(BODY_CODE.tokenExpired);
  });

  it('POST /__mock/scenario {scenario} applies an inline one; keepState keeps logins', async () => {
    const info = await loginIn(s.port, 'qa', MEMBER_MOBILE);
    const r = await json<Summary>(s.port, 'POST', '/__mock/scenario', {
      scenario: { game: { user: { member_status: 0 } }, faults: [{ match: { path: 'api/ps_shield' }, status: 503 }] },
      keepState: true,
    }, 'qa');
    expect(r.body).toMatchObject({ scenario: 'inline', script: { user: { member_status: 0 } }, faults: [{ status: 503, remaining: 1 }] });
    const balance = await balanceIn(s.port, 'qa', info);
    expect(balance.envelope.data.member_status).toBe(0);
    expect((await callIn(s.port, 'qa', 'api/ps_shield', { data: {} })).status).toBe(503);
  });

  it.each([
    [{}, 400, /Send \{"name": "<scenario>"\} or \{"scenario": \{\.\.\.\}\}/],
    [{ name: 'nope' }, 404, /^Unknown scenario "nope"\. Known scenarios: default, /],
    [{ name: 'queue', scenario: {} }, 400, /either "name".*or "scenario"/],
    [{ scenario: { game: { queue: { positions: 'soon' } } } }, 400, /^Invalid inline scenario: Field "scenario\.game\.queue\.positions" must be an array$/],
    [{ scenario: { game: { stream: [{ atMs: 1, code: 42 }] } } }, 400, /scenario\.game\.stream\[0\]\.code" must be one of 43000, 43001, 43100, 45001, 54001/],
    [{ scenario: { gmae: {} } }, 400, /Field "scenario\.gmae" is not a known field/],
    [{ name: 'queue', keepState: 'yes' }, 400, /"keepState" must be true or false/],
  ])('POST /__mock/scenario %j answers %i with a clear error', async (body, status, error) => {
    const r = await json(s.port, 'POST', '/__mock/scenario', body);
    expect(r.status).toBe(status);
    expect(String(r.body['error'])).toMatch(error);
  });

  it('POST /__mock/reset gives a fresh session: store, script, faults, journal, clock and sockets', async () => {
    const info = await loginIn(s.port, 'qa', MEMBER_MOBILE);
    const sock = await openDurationIn(s.port, 'qa', info);
    await json(s.port, 'POST', '/__mock/scenario?session=qa', { name: 'token-expired-30001', keepState: true });
    await json(s.port, 'POST', '/__mock/faults?session=qa', { delayMs: 5 });
    await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: true, advanceMs: 1000 });
    const r = await json<Summary>(s.port, 'POST', '/__mock/reset?session=qa');
    expect(r.body).toMatchObject({ scenario: 'default', script: {}, faults: [], clock: { virtual: false, now: s.clock.now() }, journal: { size: 0 } });
    expect((await sock.closed()).code).toBe(4000);
    expect((await balanceIn(s.port, 'qa', info)).envelope.code).toBe(BODY_CODE.tokenExpired);
  });

  it('POST/GET/DELETE /__mock/faults add, list and drop faults', async () => {
    const added = await json(s.port, 'POST', '/__mock/faults?session=qa', [{ status: 500 }, { match: { path: 'user/', method: 'post' }, count: 2, malformed: true }]);
    expect(added.body).toMatchObject({ added: 2, faults: [{ status: 500, count: 1 }, { match: { path: 'user/', method: 'POST' }, count: 2, remaining: 2 }] });
    const wrapped = await json(s.port, 'POST', '/__mock/faults?session=qa', { faults: [{ drop: true }] });
    expect(wrapped.body['added']).toBe(1);
    expect((await json<{ faults: unknown[] }>(s.port, 'GET', '/__mock/faults?session=qa')).body.faults).toHaveLength(3);
    expect((await json(s.port, 'DELETE', '/__mock/faults?session=qa')).body).toMatchObject({ dropped: 3, faults: [] });
  });

  it.each([
    [{}, /at least one of status, body, delayMs, drop, malformed/],
    [{ status: 99 }, /"status" must be at least 100/],
    [{ status: 500, drop: true }, /"drop" cannot be combined/],
    [{ count: 0, status: 500 }, /"count" must be at least 1/],
    [{ delayMs: -1 }, /"delayMs" must be at least 0/],
    [{ match: { path: 5 }, status: 500 }, /"match\.path" must be a string/],
    [{ match: { verb: 'GET' }, status: 500 }, /"match\.verb" is not a known field/],
    [{ match: { method: 'FETCH' }, status: 500 }, /"match\.method" must be one of GET, POST/],
    [{ status: 500, malformed: 'yes' }, /"malformed" must be true or false/],
    [[{ status: 500 }, { stauts: 500 }], /"\[1\]\.stauts" is not a known field/],
  ])('POST /__mock/faults %j answers 400 naming the problem', async (body, error) => {
    const r = await json(s.port, 'POST', '/__mock/faults', body);
    expect(r.status).toBe(400);
    expect(String(r.body['error'])).toMatch(error);
    expect((await json<{ faults: unknown[] }>(s.port, 'GET', '/__mock/faults')).body.faults).toEqual([]);
  });

  it('POST /__mock/push sends to every open socket of the kind and says how many got it', async () => {
    const one = await openDurationIn(s.port, 'qa');
    const two = await openDurationIn(s.port, 'qa');
    const r = await json(s.port, 'POST', '/__mock/push?session=qa', { socket: 'duration', message: { code: 408, event: 1 } });
    expect(r.body).toEqual({ session: 'qa', socket: 'duration', delivered: 2 });
    // A duration code goes through the game logic: the message gets its default msg.
    expect(await one.next()).toEqual({ code: 408, event: 1, msg: 'Please log in again' });
    expect(await two.next()).toEqual({ code: 408, event: 1, msg: 'Please log in again' });
    const none = await json(s.port, 'POST', '/__mock/push?session=qa', { socket: 'stream', message: { code: 43000 } });
    expect(none.body['delivered']).toBe(0);
    one.ws.close();
    two.ws.close();
  });

  it.each([
    [{ message: {} }, /Missing field "socket"/],
    [{ socket: 'chat', message: {} }, /"socket" must be one of "duration", "stream"/],
    [{ socket: 'duration' }, /Missing field "message"/],
  ])('POST /__mock/push %j answers 400', async (body, error) => {
    const r = await json(s.port, 'POST', '/__mock/push', body);
    expect(r.status).toBe(400);
    expect(String(r.body['error'])).toMatch(error);
  });

  it('GET /__mock/session and /__mock/sessions describe the sessions', async () => {
    await json(s.port, 'POST', '/__mock/scenario?session=qa', { name: 'play-now' });
    const one = await json<Summary>(s.port, 'GET', '/__mock/session', undefined, 'qa');
    expect(one.body).toMatchObject({ session: 'qa', scenario: 'play-now', script: { play: { code: 200 } }, users: 5 });
    // Without --admin a caller sees its own session only (QA guide §2; hardening-control.test.ts has the admin view).
    const own = await json<{ listing: string; count: number; sessions: { session: string; scenario: string }[] }>(s.port, 'GET', '/__mock/sessions', undefined, 'qa');
    expect(own.body).toMatchObject({ listing: 'own', count: 2, sessions: [{ session: 'qa', scenario: 'play-now' }] });
  });

  it('unknown paths answer 404, wrong methods 405, bad JSON 400, huge bodies 413, all as {error}', async () => {
    const unknown = await json(s.port, 'GET', '/__mock/whatever');
    expect(unknown.status).toBe(404);
    expect(unknown.body['error']).toMatch(/Unknown control path "\/__mock\/whatever"/);
    const wrong = await json(s.port, 'PUT', '/__mock/reset');
    expect(wrong.status).toBe(405);
    expect(wrong.body['error']).toBe('Method PUT is not allowed on /__mock/reset; use POST');
    const bad = await rawRequest(s.port, { method: 'POST', path: '/__mock/faults', headers: CONTROL_WRITE_HEADERS, body: '{"status": 5' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: expect.stringMatching(/^Malformed JSON body/) });
    const notObject = await json(s.port, 'POST', '/__mock/push', [1, 2]);
    expect(notObject.body['error']).toBe('The body must be a JSON object');
    const huge = await rawRequest(s.port, { method: 'POST', path: '/__mock/scenario', headers: CONTROL_WRITE_HEADERS, body: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text)).toEqual({ error: 'Request body is larger than 1 MiB' });
  });
});
