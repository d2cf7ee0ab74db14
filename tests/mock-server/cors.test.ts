/**
 * Decision 0009: the API, the sockets and the control API answer pages of
 * allowed origins (the CLI's `--allow-origin`, any loopback origin, the
 * mock's own), preflight included, and refuse any other origin clearly; a
 * request without an Origin (curl, same-origin GET) is unchanged.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { HEADER } from '../../web/api/contract.ts';
import { CliError, parseCli } from '../../mock-server/cli.ts';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';
import { createOriginPolicy, normalizeOrigin } from '../../mock-server/http/cors.ts';
import { json } from './control-helpers.ts';
import { call, rawRequest, REQUEST_LIMIT_MS, startApp, type Started } from './helpers.ts';

let s: Started | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const LOCAL_DEV = 'http://localhost:5173';
const FOREIGN = 'https://evil.example';

const preflight = (port: number, path: string, origin: string, headers = 'content-type,sign,timestamp,nonce,x-mock-session'): ReturnType<typeof rawRequest> =>
  rawRequest(port, { method: 'OPTIONS', path, headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers } });

const scenarioOf = async (port: number, session: string): Promise<unknown> => (await json(port, 'GET', `/__mock/session?session=${session}`)).body['scenario'];

/** Open a socket as a browser on `origin` would: resolves with the status of a refused upgrade and its body, or 101. */
function upgrade(port: number, path: string, origin: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { origin });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no answer to the upgrade of ${path} within ${REQUEST_LIMIT_MS} ms`));
    }, REQUEST_LIMIT_MS);
    ws.on('open', () => {
      clearTimeout(timer);
      ws.close();
      resolve({ status: 101, body: '' });
    });
    ws.on('unexpected-response', (_req, res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

describe('the origin rule (decision 0009)', () => {
  it('loopback origins on any port, the listed ones and the same origin are allowed; anything else is not', () => {
    const policy = createOriginPolicy(['http://qa-box:8080', 'HTTPS://CDN.example.com:443/']);
    expect(policy.origins).toEqual(['http://qa-box:8080', 'https://cdn.example.com']);
    for (const origin of ['http://localhost:5173', 'https://localhost', 'http://127.0.0.1:9000', 'http://[::1]:3000', 'http://qa-box:8080', 'https://cdn.example.com']) {
      expect(policy.allows(origin, '127.0.0.1:8080'), origin).toBe(true);
    }
    // The page the mock itself served, under whatever name it was reached by.
    expect(policy.allows('http://192.168.1.20:8080', '192.168.1.20:8080')).toBe(true);
    for (const origin of ['http://qa-box:8081', 'https://qa-box:8080', 'http://evil.example', 'null', 'file://', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example']) {
      expect(policy.allows(origin, '127.0.0.1:8080'), origin).toBe(false);
    }
    expect(policy.allows('http://192.168.1.20:8080', '192.168.1.20:9090')).toBe(false);
  });

  it('an origin is scheme, host and port only', () => {
    expect(normalizeOrigin('http://QA-Box:80')).toBe('http://qa-box');
    expect(normalizeOrigin('http://qa-box:8080/')).toBe('http://qa-box:8080');
    for (const bad of ['qa-box:8080', 'http://qa-box:8080/app', 'http://user@qa-box', 'ftp://qa-box', 'http://qa-box?x=1', '*', '']) {
      expect(normalizeOrigin(bad), bad).toBeUndefined();
    }
    expect(() => createOriginPolicy(['http://qa-box/app'])).toThrow('allowedOrigins: "http://qa-box/app" is not an origin like http://qa-box:8080');
  });
});

describe('the API across origins (decision 0009)', () => {
  it('a preflight from a localhost page on another port answers 204 naming the origin, the methods, the app headers and a max age', async () => {
    s = await startApp();
    const r = await preflight(s.port, '/api/user/web_login', LOCAL_DEV);
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe(LOCAL_DEV);
    expect(r.headers['vary']).toBe('Origin');
    expect(r.headers['access-control-allow-methods']).toContain('POST');
    const allowed = String(r.headers['access-control-allow-headers']).split(', ');
    for (const name of [...Object.values(HEADER), 'content-type']) expect(allowed, name).toContain(name);
    expect(Number(r.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(r.text).toBe('');
  });

  it('a preflight from a foreign origin answers 403 with a JSON error naming the origin and --allow-origin', async () => {
    s = await startApp();
    const r = await preflight(s.port, '/api/user/web_login', FOREIGN);
    expect(r.status).toBe(403);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(r.text)).toEqual({
      error:
        'Origin "https://evil.example" may not use the API of the mock cloud: only this machine\'s own pages (localhost, 127.0.0.1, [::1]), the mock\'s own origin and the origins of --allow-origin may. Start the mock with --allow-origin https://evil.example to allow it',
    });
  });

  it('an API call from an allowed origin carries the allow-origin header; from a foreign one it does not; without Origin it is unchanged', async () => {
    s = await startApp({ allowedOrigins: ['http://qa-box:8080'] });
    const allowed = await call(s.port, 'index/api/system_info', { data: {}, headers: { origin: 'http://qa-box:8080' } });
    expect(allowed.envelope.code).toBe(1);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://qa-box:8080');
    const game = await call(s.port, 'get_token', { game: true, data: { manufacturer: 'x', client_sid: 'y' }, headers: { origin: LOCAL_DEV } });
    expect(game.headers['access-control-allow-origin']).toBe(LOCAL_DEV);
    const foreign = await call(s.port, 'index/api/system_info', { data: {}, headers: { origin: FOREIGN } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await call(s.port, 'index/api/system_info', { data: {} });
    expect(plain.envelope.code).toBe(1);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    // Error answers are readable too, so the page can show the mock's message.
    const unsigned = await call(s.port, 'index/api/system_info', { data: {}, sign: false, headers: { origin: LOCAL_DEV } });
    expect(unsigned.envelope.code).not.toBe(1);
    expect(unsigned.headers['access-control-allow-origin']).toBe(LOCAL_DEV);
  });

  it('--allow-origin is read by the CLI; a value that is not an origin is one clear line', () => {
    expect(parseCli(['--allow-origin', 'http://qa-box:8080,https://CDN.example.com/'], {})).toMatchObject({ allowedOrigins: ['http://qa-box:8080', 'https://cdn.example.com'] });
    expect(parseCli(['--allow-origin=http://qa-box:8080'], {})).toMatchObject({ allowedOrigins: ['http://qa-box:8080'] });
    expect(parseCli([], {})).toMatchObject({ allowedOrigins: [] });
    expect(() => parseCli(['--allow-origin', 'http://ok.test,qa-box:8080'], {})).toThrow(CliError);
    expect(() => parseCli(['--allow-origin', 'http://ok.test,qa-box/app'], {})).toThrow(
      'Invalid --allow-origin "qa-box/app": expected origins (scheme, host and port, no path) separated by commas, e.g. --allow-origin http://qa-box:8080,https://cdn.example.com.',
    );
    expect(() => parseCli(['--allow-origin'], {})).toThrow('Missing value for --allow-origin.');
  });
});

describe('the control API across origins (decision 0009)', () => {
  it('a control write from an allowed origin passes its preflight and applies; the guard still wants X-Mock-Control', async () => {
    s = await startApp({ allowedOrigins: ['http://qa-box:8080'] });
    const pre = await preflight(s.port, '/__mock/scenario?session=qa', 'http://qa-box:8080', 'content-type,x-mock-control');
    expect(pre.status).toBe(204);
    expect(String(pre.headers['access-control-allow-headers'])).toContain('x-mock-control');
    const write = await rawRequest(s.port, {
      method: 'POST',
      path: '/__mock/scenario?session=qa',
      headers: { ...CONTROL_WRITE_HEADERS, origin: 'http://qa-box:8080' },
      body: '{"name":"queue"}',
    });
    expect(write.status).toBe(200);
    expect(write.headers['access-control-allow-origin']).toBe('http://qa-box:8080');
    expect(await scenarioOf(s.port, 'qa')).toBe('queue');
    // Without the control header the guard refuses, and the page can read why.
    const bare = await rawRequest(s.port, { method: 'POST', path: '/__mock/reset?session=qa', headers: { 'content-type': 'application/json', origin: LOCAL_DEV } });
    expect(bare.status).toBe(403);
    expect(bare.headers['access-control-allow-origin']).toBe(LOCAL_DEV);
    expect(await scenarioOf(s.port, 'qa')).toBe('queue');
  });

  it('the control API and /__db/ refuse a foreign origin with 403 JSON, reads and writes alike, and change nothing', async () => {
    s = await startApp();
    const pre = await preflight(s.port, '/__db/users/10000002', FOREIGN, 'content-type,x-mock-control');
    expect(pre.status).toBe(403);
    expect(JSON.parse(pre.text)).toMatchObject({ error: expect.stringMatching(/^Origin "https:\/\/evil\.example" may not use \/__db\/ .*--allow-origin https:\/\/evil\.example to allow it$/) as string });
    const write = await rawRequest(s.port, { method: 'POST', path: '/__mock/scenario?session=qa', headers: { ...CONTROL_WRITE_HEADERS, origin: FOREIGN }, body: '{"name":"queue"}' });
    expect(write.status).toBe(403);
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(write.text)).toMatchObject({ error: expect.stringContaining('may not use /__mock/') as string });
    expect(await scenarioOf(s.port, 'qa')).toBe('default');
    const read = await rawRequest(s.port, { path: '/__db/users', headers: { origin: FOREIGN } });
    expect(read.status).toBe(403);
    expect(s.logs.some((line) => line.includes('origin https://evil.example not allowed'))).toBe(true);
  });

  it('an allowed origin does not weaken the Host guard (DNS rebinding stays refused)', async () => {
    s = await startApp();
    const r = await rawRequest(s.port, { path: '/__mock/faults?session=qa', headers: { origin: LOCAL_DEV, host: 'evil.example:8080' } });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.text)).toMatchObject({ error: expect.stringMatching(/^Host "evil.example" may not use \/__mock\//) as string });
  });
});

describe('the sockets across origins (decision 0009)', () => {
  it('a socket upgrade from a foreign origin is refused with 403 and the message before any upgrade; an allowed one opens', async () => {
    s = await startApp({ allowedOrigins: ['http://qa-box:8080'] });
    const path = '/socket/duration?version_code=103&mock_session=qa';
    const refused = await upgrade(s.port, path, FOREIGN);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: expect.stringMatching(/^Origin "https:\/\/evil\.example" may not use the sockets .*--allow-origin https:\/\/evil\.example/) as string });
    expect(s.app.sessions.get('qa').journal.entries().some((e) => e.kind === 'ws-open')).toBe(false);
    // The duration socket then closes for want of a jtoken, which shows the upgrade itself went through.
    expect((await upgrade(s.port, path, 'http://qa-box:8080')).status).toBe(101);
    expect((await upgrade(s.port, path, LOCAL_DEV)).status).toBe(101);
    expect((await upgrade(s.port, path, `http://127.0.0.1:${s.port}`)).status).toBe(101);
  });
});
