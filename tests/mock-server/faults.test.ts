import { describe, expect, it } from 'vitest';
import { BODY_CODE, HEADER } from '../../web/api/contract.ts';
import { callIn, json } from './control-helpers.ts';
import { until } from '../wait.ts';
import { apiPath, held, rawRequest, serverRoundTrip, signedHeaders, type Held, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started));

const SYSTEM_INFO = 'index/api/system_info';

async function fault(body: unknown, session = 'qa'): Promise<void> {
  const r = await json(s.port, 'POST', `/__mock/faults?session=${session}`, body);
  expect(r.status, r.text).toBe(200);
}

/** A signed system_info call in session "qa", raw: the body may not be JSON. */
function systemInfoRaw(timeoutMs?: number): ReturnType<typeof rawRequest> {
  const path = apiPath(SYSTEM_INFO);
  const headers = signedHeaders('POST', path, '{}', { 'content-type': 'application/json', [HEADER.mockSession]: 'qa' });
  return rawRequest(s.port, { method: 'POST', path, headers, body: '{}', timeoutMs });
}

/** Once the request in flight has taken the pending fault (the server has it), answers whether it is still unanswered. */
async function stillHeld<T>(h: Held<T>): Promise<boolean> {
  await until(async () => (await json<{ faults: unknown[] }>(s.port, 'GET', '/__mock/faults?session=qa')).body.faults.length === 0, 'the request to take its fault');
  await serverRoundTrip(s.port);
  return !h.answered();
}

describe('faults: the next N matching API requests misbehave on purpose (SPEC §8 error paths)', () => {
  it('status: answers that HTTP status with a mock error envelope, then normal answers again (SPEC §8 HTTP 403/500/503)', async () => {
    await fault({ status: 503, count: 2 });
    for (let i = 0; i < 2; i++) {
      const r = await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} });
      expect(r.status).toBe(503);
      expect(r.envelope).toEqual({ code: BODY_CODE.serverError, msg: 'Mock fault: HTTP 503', data: null });
    }
    expect((await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} })).envelope.code).toBe(BODY_CODE.success);
  });

  it('body: answers that body with 200 (a business failure the app shows as a toast, SPEC §8 body codes)', async () => {
    await fault({ body: { code: 0, msg: '服务器繁忙 / Server busy', data: null } });
    const r = await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} });
    expect(r.status).toBe(200);
    expect(r.envelope).toEqual({ code: 0, msg: '服务器繁忙 / Server busy', data: null });
  });

  it('status and a string body: the text is sent as is (an HTML error page from a proxy)', async () => {
    await fault({ status: 502, body: '<html>Bad Gateway</html>' });
    const r = await systemInfoRaw();
    expect(r.status).toBe(502);
    expect(r.text).toBe('<html>Bad Gateway</html>');
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('delay: waits on the session clock, so with a virtual clock the answer comes when QA advances it (SPEC §9 request timeout)', async () => {
    await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: true });
    await fault({ delayMs: 120_000 });
    const pending = held(systemInfoRaw(10_000));
    expect(await stillHeld(pending)).toBe(true);
    await json(s.port, 'POST', '/__mock/clock?session=qa', { advanceMs: 119_999 });
    expect(await stillHeld(pending)).toBe(true);
    await json(s.port, 'POST', '/__mock/clock?session=qa', { advanceMs: 1 });
    const r = await pending.answer;
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ code: BODY_CODE.success });
  });

  it('delay on the app clock when the session is not virtual; a reset releases a waiting request', async () => {
    await fault({ delayMs: 5_000 });
    const pending = held(systemInfoRaw());
    expect(await stillHeld(pending)).toBe(true);
    s.clock.advance(4_999);
    expect(await stillHeld(pending)).toBe(true);
    s.clock.advance(1);
    expect((await pending.answer).status).toBe(200);

    await fault({ delayMs: 60_000, status: 504 });
    const waiting = held(systemInfoRaw());
    expect(await stillHeld(waiting)).toBe(true);
    await json(s.port, 'POST', '/__mock/reset?session=qa');
    // The reset ends the wait; the fault was already taken, so it still answers 504.
    expect((await waiting.answer).status).toBe(504);
  });

  it('drop: the connection is destroyed without an answer (SPEC §8 network failure), and the server keeps serving', async () => {
    await fault({ drop: true });
    await expect(systemInfoRaw()).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await systemInfoRaw()).status).toBe(200);
    const journal = await json<{ entries: { status: number; fault?: string }[] }>(s.port, 'GET', '/__mock/journal?session=qa');
    expect(journal.body.entries.map((e) => [e.status, e.fault])).toEqual([
      [0, 'drop'],
      [200, undefined],
    ]);
  });

  it('malformed: the real answer cut short, so it is not valid JSON', async () => {
    await fault({ malformed: true });
    const r = await systemInfoRaw();
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.text.startsWith('{"code":1,')).toBe(true);
    expect(() => JSON.parse(r.text) as unknown).toThrow();
    expect(JSON.parse((await systemInfoRaw()).text)).toMatchObject({ code: 1 });
  });

  it('match: by API path prefix, by full URL path, by method; others pass untouched', async () => {
    await fault({ match: { path: 'user/' }, status: 500 });
    expect((await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} })).status).toBe(200);
    expect((await callIn(s.port, 'qa', 'user/send_code', { data: { mobile: '13800000009', area_code: '86' } })).status).toBe(500);

    await fault({ match: { path: '/api/index/api/downurl' }, status: 403 });
    expect((await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} })).status).toBe(200);
    expect((await callIn(s.port, 'qa', 'index/api/downurl', { method: 'GET' })).status).toBe(403);

    await fault({ match: { method: 'GET' }, status: 500 });
    expect((await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} })).status).toBe(200);
    expect((await callIn(s.port, 'qa', 'index/api/downurl', { method: 'GET' })).status).toBe(500);
  });

  it('faults are used in the order they were added; the first match wins', async () => {
    await fault([{ status: 500 }, { status: 503 }]);
    expect((await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} })).status).toBe(500);
    expect((await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} })).status).toBe(503);
    expect((await callIn(s.port, 'qa', SYSTEM_INFO, { data: {} })).status).toBe(200);
  });

  it('faults answer before the request is checked: an unsigned call or an unknown path still gets the fault', async () => {
    await fault({ status: 500, count: 2 });
    const unsigned = await rawRequest(s.port, { method: 'POST', path: '/api/index/api/system_info', headers: { [HEADER.mockSession]: 'qa' } });
    expect(unsigned.status).toBe(500);
    const unknown = await rawRequest(s.port, { method: 'POST', path: '/api/no/such/path', headers: { [HEADER.mockSession]: 'qa' } });
    expect(unknown.status).toBe(500);
  });
});
