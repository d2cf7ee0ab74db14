/**
 * QA guide §2 ("Who may call it"): the control API (`/__mock/`, `/__db/`) is not writable
 * from a web page. Writes need JSON plus X-Mock-Control (a cross-origin page
 * cannot send either without a preflight), every request needs a Host this
 * machine answers to (DNS rebinding), tokens never reach the journal or the
 * log, another session's name is shown only to the CLI's admin, and
 * HOST=0.0.0.0 says where it really listens.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CliError, listenLines, parseCli } from '../../mock-server/cli.ts';
import { CONTROL_WRITE_HEADERS, createHostPolicy, hostName } from '../../mock-server/http/control-guard.ts';
import { REDACTED, redactBody, redactPath } from '../../mock-server/sessions/redact.ts';
import { callIn, json, jtokenIn, loginIn, MEMBER_MOBILE, openDurationIn } from './control-helpers.ts';
import { rawRequest, startApp, type Started, type TestSocket } from './helpers.ts';

let s: Started | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const sock of sockets.splice(0)) sock.ws.terminate();
  await s?.close();
  s = undefined;
});

interface JournalAnswer {
  entries: { kind: string; path?: string; body?: unknown }[];
}

const scenarioOf = async (port: number, session: string): Promise<unknown> => (await json(port, 'GET', `/__mock/session?session=${session}`)).body['scenario'];

describe('control writes need JSON and X-Mock-Control (QA guide §2)', () => {
  it('a text/plain POST (what a page can send without a preflight) is refused with 415 and changes nothing', async () => {
    s = await startApp();
    const r = await rawRequest(s.port, { method: 'POST', path: '/__mock/scenario?session=qa', headers: { 'content-type': 'text/plain' }, body: '{"name":"queue"}' });
    expect(r.status).toBe(415);
    expect(JSON.parse(r.text)).toEqual({
      error: 'POST to /__mock/ must be sent as "Content-Type: application/json" with the header "X-Mock-Control: 1" (got "text/plain")',
    });
    expect(await scenarioOf(s.port, 'qa')).toBe('default');
  });

  it('JSON without X-Mock-Control is refused with 403; reset, DELETE and /__db/ writes too', async () => {
    s = await startApp();
    const json403 = { 'content-type': 'application/json' };
    const scenario = await rawRequest(s.port, { method: 'POST', path: '/__mock/scenario?session=qa', headers: json403, body: '{"name":"queue"}' });
    expect(scenario.status).toBe(403);
    expect(JSON.parse(scenario.text)).toEqual({
      error: 'POST to /__mock/ needs the header "X-Mock-Control: 1" (a web page can send it only after a preflight, which the mock answers only for allowed origins)',
    });
    expect(await scenarioOf(s.port, 'qa')).toBe('default');

    await json(s.port, 'POST', '/__mock/faults?session=qa', { status: 500 });
    expect((await rawRequest(s.port, { method: 'DELETE', path: '/__mock/faults?session=qa' })).status).toBe(415);
    expect((await rawRequest(s.port, { method: 'POST', path: '/__mock/reset?session=qa', headers: json403 })).status).toBe(403);
    expect((await json<{ faults: unknown[] }>(s.port, 'GET', '/__mock/faults?session=qa')).body.faults).toHaveLength(1);

    const form = await rawRequest(s.port, { method: 'PATCH', path: '/__db/users/10000002', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mock-control': '1' }, body: 'memberStatus=0' });
    expect(form.status).toBe(415);
    expect(JSON.parse(form.text)).toMatchObject({ error: expect.stringMatching(/^PATCH to \/__db\/ must be sent as "Content-Type: application\/json"/) as string });
    const patch = await rawRequest(s.port, { method: 'PATCH', path: '/__db/users/10000002', headers: json403, body: '{"memberStatus":0}' });
    expect(patch.status).toBe(403);
    expect((await json(s.port, 'GET', '/__db/users/10000002')).body['memberStatus']).toBe(1);

    // With both headers the same calls go through; reads need neither.
    expect((await rawRequest(s.port, { method: 'POST', path: '/__mock/scenario?session=qa', headers: { ...CONTROL_WRITE_HEADERS }, body: '{"name":"queue"}' })).status).toBe(200);
    expect(await scenarioOf(s.port, 'qa')).toBe('queue');
    expect((await rawRequest(s.port, { method: 'PATCH', path: '/__db/users/10000002', headers: { ...CONTROL_WRITE_HEADERS, 'content-type': 'application/json; charset=utf-8' }, body: '{"memberStatus":0}' })).status).toBe(200);
  });
});

describe('the Host must be this machine (DNS rebinding, QA guide §2)', () => {
  it('a foreign Host is refused on /__mock/ and /__db/, reads included; the app and API still answer it', async () => {
    s = await startApp();
    const foreign = { host: 'evil.example:8080' };
    const read = await rawRequest(s.port, { path: '/__mock/journal?session=qa', headers: foreign });
    expect(read.status).toBe(403);
    expect(JSON.parse(read.text)).toMatchObject({ error: expect.stringMatching(/^Host "evil\.example" may not use \/__mock\/: .*--allow-host evil\.example to allow it$/) as string });
    const write = await rawRequest(s.port, { method: 'POST', path: '/__mock/scenario?session=qa', headers: { ...foreign, ...CONTROL_WRITE_HEADERS }, body: '{"name":"queue"}' });
    expect(write.status).toBe(403);
    expect(await scenarioOf(s.port, 'qa')).toBe('default');
    expect((await rawRequest(s.port, { path: '/__db/users', headers: foreign })).status).toBe(403);

    // The player's side is not the control API: a LAN name or an e2e host plays as usual.
    const api = await callIn(s.port, 'qa', 'index/api/system_info', { data: {}, headers: foreign });
    expect(api.envelope.code).toBe(1);
    expect((await rawRequest(s.port, { path: '/__health', headers: foreign })).status).toBe(200);
  });

  it.each(['localhost:8080', 'LOCALHOST', 'qa.localhost', '127.0.0.1:1', '127.1.2.3', '[::1]:8080', '[::ffff:127.0.0.1]'])(
    'loopback Host %s may use the control API',
    async (host) => {
      s = await startApp();
      expect((await rawRequest(s.port, { path: '/__mock/session', headers: { host } })).status).toBe(200);
    },
  );

  it('--allow-host (createApp allowedHosts) lets a named host in; the listen address is always in', async () => {
    s = await startApp({ allowedHosts: ['qa-box.local', '192.168.1.20'] });
    expect((await rawRequest(s.port, { path: '/__mock/session', headers: { host: 'QA-box.local:8080' } })).status).toBe(200);
    expect((await rawRequest(s.port, { path: '/__mock/session', headers: { host: '192.168.1.20' } })).status).toBe(200);
    expect((await rawRequest(s.port, { path: '/__mock/session', headers: { host: 'qa-box.local.evil.example' } })).status).toBe(403);

    // A wildcard listen allows every interface address of the machine, and only those.
    const policy = createHostPolicy([], () => ['127.0.0.1', '10.1.2.3', 'fe80::1']);
    expect(policy.allows('10.1.2.3:8080')).toBe(false);
    policy.listening('0.0.0.0');
    expect(policy.allows('10.1.2.3:8080')).toBe(true);
    expect(policy.allows('[fe80::1]:8080')).toBe(true);
    expect(policy.allows('10.1.2.4:8080')).toBe(false);
    const named = createHostPolicy();
    named.listening('192.168.7.7');
    expect(named.allows('192.168.7.7:9000')).toBe(true);
  });

  it.each([
    ['[::1]:8080', '::1'],
    ['Example.Test.:80', 'example.test'],
    ['a:b:c', undefined],
    ['[::1', undefined],
    ['evil.example/x', undefined],
  ])('hostName(%j) is %j', (header, name) => {
    expect(hostName(header)).toBe(name);
  });
});

describe('tokens are redacted in the journal and the log (QA guide §2 Journal)', () => {
  it('the generate_token path, the jtoken of a socket URL and token fields of bodies are journalled as [redacted]', async () => {
    s = await startApp();
    const lines = s.logs;
    const login = await loginIn(s.port, 'qa', MEMBER_MOBILE);
    const jtoken = await jtokenIn(s.port, 'qa', login);
    const sock = await openDurationIn(s.port, 'qa', login);
    sockets.push(sock);
    await callIn(s.port, 'qa', 'get_token', { game: true, token: login.gly_token, data: { manufacturer: 'mock', client_sid: 'c-1', token: login.gly_token } });

    const journal = await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa');
    const text = JSON.stringify(journal.body);
    expect(text).not.toContain(login.gly_token);
    expect(text).not.toContain(jtoken);
    const generate = journal.body.entries.find((e) => e.path?.includes('generate_token'));
    expect(generate?.path?.endsWith(`/token/${REDACTED}`)).toBe(true);
    expect(journal.body.entries.find((e) => e.kind === 'ws-open')?.path).toContain(`jtoken=${REDACTED}&`);
    expect(journal.body.entries.find((e) => e.path?.includes('get_token'))?.body).toMatchObject({ token: REDACTED, manufacturer: 'mock' });
    expect(lines.join('\n')).not.toContain(login.gly_token);
    expect(lines.some((l) => l.includes(`/token/${REDACTED}`))).toBe(true);
  });

  it.each([
    ['/api/socket/generate_token/agent_id/a/uid/1/game_id/2/token/abc.DEF-1', `/api/socket/generate_token/agent_id/a/uid/1/game_id/2/token/${REDACTED}`],
    ['/socket/duration?jtoken=x%2By&version_code=103', `/socket/duration?jtoken=${REDACTED}&version_code=103`],
    ['/api/x?gly_token=1&TOKEN=2', `/api/x?gly_token=${REDACTED}&TOKEN=${REDACTED}`],
    ['/api/index/game/game_search/keyword/tokenizer', '/api/index/game/game_search/keyword/tokenizer'],
  ])('redactPath(%j)', (path, shown) => {
    expect(redactPath(path)).toBe(shown);
  });

  it('redactBody covers JSON fields (escaped quotes too) and urlencoded pairs', () => {
    expect(redactBody('{"token": "a\\"b", "gly_token":"c","n":1}')).toBe(`{"token": "${REDACTED}", "gly_token":"${REDACTED}","n":1}`);
    expect(redactBody('uid=1&token=abc&x=2')).toBe(`uid=1&token=${REDACTED}&x=2`);
    expect(redactBody('{"title":"no secrets"}')).toBe('{"title":"no secrets"}');
  });
});

describe("other sessions' names only for the admin (QA guide §2)", () => {
  interface SessionsAnswer {
    listing: string;
    count: number;
    evicted: number;
    recentlyEvicted: { session: string }[];
    sessions: { session: string }[];
  }

  it('without --admin GET /__mock/sessions names the caller\'s session only, evictions of others unnamed', async () => {
    s = await startApp({ maxSessions: 2 });
    await callIn(s.port, 'alice-secret', 'index/api/system_info', { data: {} });
    await callIn(s.port, 'bob-secret', 'index/api/system_info', { data: {} }); // evicts alice-secret
    const r = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions', undefined, 'mine');
    expect(r.text).not.toContain('secret');
    expect(r.body).toMatchObject({ listing: 'own', evicted: 2, recentlyEvicted: [], sessions: [{ session: 'mine' }] });
  });

  it('with --admin (createApp admin) every session and eviction is named', async () => {
    s = await startApp({ maxSessions: 3, admin: true });
    await callIn(s.port, 'alice', 'index/api/system_info', { data: {} });
    await callIn(s.port, 'bob', 'index/api/system_info', { data: {} });
    const r = await json<SessionsAnswer>(s.port, 'GET', '/__mock/sessions');
    expect(r.body.listing).toBe('all');
    expect(r.body.sessions.map((x) => x.session).sort()).toEqual(['alice', 'bob', 'default']);
    expect(r.body.count).toBe(3);
  });

  it('--admin and --allow-host are CLI flags; a bad host name is one clear line', () => {
    expect(parseCli(['--admin', '--allow-host', 'qa-box.local,192.168.1.20:8080,[fe80::1]'], {})).toMatchObject({
      admin: true,
      allowedHosts: ['qa-box.local', '192.168.1.20', 'fe80::1'],
    });
    expect(parseCli([], {})).toMatchObject({ admin: false, allowedHosts: [] });
    expect(() => parseCli(['--allow-host', 'ok.test,bad/host'], {})).toThrow(CliError);
    expect(() => parseCli(['--allow-host', 'ok.test,bad/host'], {})).toThrow('Invalid --allow-host "bad/host": expected host names or addresses separated by commas, e.g. --allow-host qa-box.local,192.168.1.20.');
  });
});

describe('HOST=0.0.0.0 says where it listens, since anyone who reaches the machine can then use it', () => {
  it('a wildcard host prints every real address (LAN first) and a warning; a named host prints one banner line', () => {
    const wild = listenLines('0.0.0.0', 8080, 'http://localhost:8080', ['127.0.0.1', '192.168.1.20', 'fe80::1']);
    expect(wild.out).toEqual(['Cloud gaming app and mock cloud: http://192.168.1.20:8080', '  also at http://127.0.0.1:8080']);
    expect(wild.warn[0]).toBe('Warning: HOST=0.0.0.0 listens on every network interface: anyone who can reach this machine can use the app and the mock API.');
    expect(wild.warn[1]).toMatch(/control API \(\/__mock\/, \/__db\/\) answers only to loopback names and the addresses above/);
    expect(listenLines('::', 8080, 'http://localhost:8080', ['::1', '10.0.0.2']).out).toEqual([
      'Cloud gaming app and mock cloud: http://10.0.0.2:8080',
      '  also at http://[::1]:8080',
    ]);
    expect(listenLines('127.0.0.1', 8080, 'http://127.0.0.1:8080', ['10.0.0.2'])).toEqual({ out: ['Cloud gaming app and mock cloud: http://127.0.0.1:8080'], warn: [] });
  });
});
