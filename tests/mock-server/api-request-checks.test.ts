import { describe, expect, it } from 'vitest';
import { BODY_CODE, ENDPOINT_METHOD, HEADER, PATH, REQUIRED_SIGNED_HEADERS, type ApiEnvelope, type Protocol } from '../../web/api/contract.ts';
import { until } from '../wait.ts';
import { apiPath, call, held, login, rawRequest, serverRoundTrip, signedHeaders, startApp, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started), {}, 'file');

const envelope = (text: string): ApiEnvelope => JSON.parse(text) as ApiEnvelope;

describe('signed headers (SPEC §7 headers)', () => {
  it('an unsigned request answers 40000 naming the first missing header', async () => {
    const r = await call(s.port, PATH.systemInfo, { sign: false });
    expect(r.status).toBe(200);
    expect(r.envelope).toEqual({ code: BODY_CODE.badRequest, msg: 'Missing header "nonce"', data: null });
  });

  it.each(REQUIRED_SIGNED_HEADERS.map((h) => [h]))('a request without "%s" answers 40000 naming it', async (name) => {
    const r = await call(s.port, PATH.systemInfo, { omit: [name] });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toBe(`Missing header "${name}"`);
  });

  it('a sign that does not match the body answers 40000 naming "sign"', async () => {
    const urlPath = apiPath(PATH.protocol);
    const headers = { ...signedHeaders('POST', urlPath, '{"type":"user"}'), 'content-type': 'application/json' };
    const r = await rawRequest(s.port, { method: 'POST', path: urlPath, headers, body: '{"type":"privacy"}' });
    expect(envelope(r.text).code).toBe(BODY_CODE.badRequest);
    expect(envelope(r.text).msg).toContain('Invalid header "sign"');
  });

  it('the sign covers the path exactly as received, query included', async () => {
    const signedFor = apiPath(PATH.downurl);
    const r = await rawRequest(s.port, { path: `${signedFor}?lang=en`, headers: signedHeaders('GET', signedFor, '') });
    expect(envelope(r.text).msg).toContain('Invalid header "sign"');
    const ok = await rawRequest(s.port, { path: `${signedFor}?lang=en`, headers: signedHeaders('GET', `${signedFor}?lang=en`, '') });
    expect(envelope(ok.text).code).toBe(BODY_CODE.success);
  });

  it('an unknown sign type answers 40000 naming "sign-type"', async () => {
    const r = await call(s.port, PATH.systemInfo, { headers: { [HEADER.signType]: 'md5' } });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain('"sign-type"');
  });

  it('a game call without the game header answers 40000 naming it; with it, it succeeds', async () => {
    const r = await call(s.port, PATH.systemInfo, { game: true, omit: [HEADER.gameClient] });
    expect(r.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: expect.stringContaining('"game-client"') as unknown });
    expect((await call(s.port, PATH.systemInfo, { game: true })).envelope.code).toBe(BODY_CODE.success);
  });
});

describe('bodies (SPEC §5: json, urlencoded or plain)', () => {
  it('urlencoded bodies are read, numbers included', async () => {
    const info = await login(s.port, '13800000001');
    const body = `uid=${info.swcloud_uid}`;
    const r = await call(s.port, PATH.getUserBalance, { rawBody: body, contentType: 'application/x-www-form-urlencoded', token: info.gly_token });
    expect(r.envelope.code).toBe(BODY_CODE.success);
  });

  it('text/plain bodies are JSON when they parse, else key=value', async () => {
    const asJson = await call<Protocol>(s.port, PATH.protocol, { rawBody: '{"type":"privacy"}', contentType: 'text/plain' });
    expect(asJson.envelope.data.type).toBe('privacy');
    const asPairs = await call<Protocol>(s.port, PATH.protocol, { rawBody: 'type=user', contentType: 'text/plain;charset=UTF-8' });
    expect(asPairs.envelope.data.type).toBe('user');
  });

  it('malformed JSON answers 40000 saying so', async () => {
    const r = await call(s.port, PATH.protocol, { rawBody: '{"type": "user"', contentType: 'application/json' });
    expect(r.status).toBe(200);
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toMatch(/^Malformed JSON body/);
  });

  it('a JSON body that is not an object answers 40000', async () => {
    const r = await call(s.port, PATH.protocol, { rawBody: '["user"]', contentType: 'application/json' });
    expect(r.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Request body must be a JSON object, got an array' });
  });

  it.each([
    [{ mobile: 13800000001, area_code: '86' }, 'Field "mobile" must be a string, got number'],
    [{ mobile: '13800000001', area_code: 86 }, 'Field "area_code" must be a string, got number'],
    [{ mobile: ['1'], area_code: '86' }, 'Field "mobile" must be a string, got an array'],
  ])('wrong field types answer 40000 naming the field: %j', async (data, msg) => {
    const r = await call(s.port, PATH.sendCode, { rawBody: JSON.stringify(data), contentType: 'application/json' });
    expect(r.envelope).toEqual({ code: BODY_CODE.badRequest, msg, data: null });
  });

  it('uid as a JSON string is a wrong type; JSON is strict', async () => {
    const info = await login(s.port, '13800000001');
    const r = await call(s.port, PATH.getUserBalance, { rawBody: JSON.stringify({ uid: String(info.swcloud_uid) }), token: info.gly_token });
    expect(r.envelope.msg).toMatch(/^Field "uid" must be an integer/);
  });

  it.each([
    [{ area_code: '86' }, 'Missing field "mobile"'],
    [{ mobile: '', area_code: '86' }, 'Missing field "mobile"'],
    [{ mobile: '13800000001' }, 'Missing field "area_code"'],
    [{}, 'Missing field "mobile"'],
  ])('missing fields answer 40000 naming the field: %j', async (data, msg) => {
    const r = await call(s.port, PATH.sendCode, { data });
    expect(r.envelope).toEqual({ code: BODY_CODE.badRequest, msg, data: null });
  });

  it('an unsupported content type answers 40000', async () => {
    const r = await call(s.port, PATH.protocol, { rawBody: 'x', contentType: 'application/xml' });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain('application/xml');
  });

  it('"__proto__" and "constructor" in a body are plain data, not fields', async () => {
    const r = await call(s.port, PATH.protocol, { rawBody: '{"__proto__":{"type":"user"},"constructor":1}', contentType: 'application/json' });
    expect(r.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Missing field "type"' });
  });

  it.each([
    ['with content-length', false],
    ['chunked', true],
  ])('a 2 MiB body (%s) answers 41300 without hanging, and the server keeps serving', async (_how, chunked) => {
    const urlPath = apiPath(PATH.protocol);
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    const headers = { ...signedHeaders('POST', urlPath, body.toString('utf8')), 'content-type': 'text/plain' };
    const started = Date.now();
    const r = await rawRequest(s.port, { method: 'POST', path: urlPath, headers, body, chunked, timeoutMs: 5000 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.status).toBe(413);
    expect(envelope(r.text)).toEqual({ code: BODY_CODE.tooLarge, msg: 'Request body is larger than 1 MiB', data: null });
    expect((await call(s.port, PATH.systemInfo)).envelope.code).toBe(BODY_CODE.success);
  });

  it('a body of exactly 1 MiB is still read', async () => {
    const padding = 'x'.repeat(1024 * 1024 - '{"type":"user","pad":""}'.length);
    const body = `{"type":"user","pad":"${padding}"}`;
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const r = await call<Protocol>(s.port, PATH.protocol, { rawBody: body, contentType: 'application/json' });
    expect(r.envelope.code).toBe(BODY_CODE.success);
  });
});

describe('paths and methods', () => {
  it('an unknown API path answers 40400 with HTTP 404', async () => {
    for (const p of ['/api/nope', '/api/index/api', '/api/game/nope', '/api/']) {
      const r = await rawRequest(s.port, { method: 'POST', path: p, headers: signedHeaders('POST', p, '') });
      expect(r.status).toBe(404);
      expect(envelope(r.text)).toMatchObject({ code: BODY_CODE.notFound, data: null });
      expect(envelope(r.text).msg).toContain(p);
    }
  });

  // Game calls live under the game base (their paths have no folder).
  it.each(Object.values(PATH).map((path) => [path, ENDPOINT_METHOD[path]] as const))('%s: the other method than %s answers 40500 (HTTP 405, Allow), its own does not', async (path, method) => {
    const game = !path.includes('/');
    const wrong = await call(s.port, path, { method: method === 'GET' ? 'POST' : 'GET', game });
    expect(wrong.status).toBe(405);
    expect(wrong.headers['allow']).toBe(method);
    expect(wrong.envelope).toMatchObject({ code: BODY_CODE.methodNotAllowed, msg: expect.stringContaining(`use ${method}`) as unknown });
    const right = await call(s.port, path, { method, game });
    expect(right.status).toBe(200);
    expect(right.envelope.code).not.toBe(BODY_CODE.methodNotAllowed);
  });

  it('malformed percent-encoding in GET pairs answers 40000, never a crash', async () => {
    const p = `${apiPath(PATH.downurl)}/lang/%E0%A4%A`;
    const r = await rawRequest(s.port, { path: p, headers: signedHeaders('GET', p, '') });
    expect(envelope(r.text).code).toBe(BODY_CODE.badRequest);
  });

  it('survives hostile input: every answer is an envelope or a 404 page, and the server keeps serving', async () => {
    const nasty = [
      '/api/user/send_code/%00/%ff',
      '/api/index/api/downurl////',
      '/api/index/api/downurl/__proto__/x',
      `/api/${'a/'.repeat(500)}`,
      '/api/index/api/system_info?%zz=%',
      '/api/../api/index/api/system_info',
    ];
    for (const p of nasty) {
      for (const method of ['GET', 'POST']) {
        const r = await rawRequest(s.port, { method, path: p, headers: signedHeaders(method, p, 'x=%'), body: 'x=%' });
        expect(r.status).toBeLessThan(500);
        expect(typeof envelope(r.text).code).toBe('number');
      }
    }
    const bad = await rawRequest(s.port, { method: 'POST', path: apiPath(PATH.protocol), headers: { 'content-type': 'application/json' }, body: Buffer.from([0xff, 0xfe, 0x00]) });
    expect(envelope(bad.text).code).toBe(BODY_CODE.badRequest);
    expect((await call(s.port, PATH.systemInfo)).envelope.code).toBe(BODY_CODE.success);
  });
});

describe('latency option', () => {
  it('holds every API answer for latencyMs of server-clock time', async () => {
    const slow = await startApp({ latencyMs: 2_000 });
    try {
      const timers = slow.clock.pending();
      const pending = held(call(slow.port, PATH.systemInfo));
      // The request has reached the server once its wait is a timer on the server clock.
      await until(() => slow.clock.pending() > timers, 'the answer to wait on the server clock');
      slow.clock.advance(1_999);
      await serverRoundTrip(slow.port);
      expect(pending.answered()).toBe(false);
      slow.clock.advance(1);
      expect((await pending.answer).envelope.code).toBe(BODY_CODE.success);
    } finally {
      await slow.close();
    }
  });
});
