/**
 * Recording a session (POST /__mock/record, GET /__mock/recording) and the
 * `recorded` part of a scenario: what is kept, its limits (MAX_RECORDING_BYTES,
 * MAX_RECORDED_ITEM_BYTES) and clear 400s and 413s for bad input; the
 * replay's drops, text bodies and sockets past the recording.
 */
import { describe, expect, it } from 'vitest';
import { HEADER, PATH } from '../../web/api/contract.ts';
import { MAX_RECORDED_ITEM_BYTES, MAX_RECORDING_BYTES } from '../../mock-server/limits.ts';
import { REDACTED } from '../../mock-server/sessions/redact.ts';
import { recorderSlot } from '../../mock-server/sessions/recorder.ts';
import { createMockClient, MockControlError } from '../../mock-server/client.ts';
import type { JournalEntry } from '../../mock-server/sessions/journal.ts';
import { callIn, json, loginIn, MEMBER_MOBILE } from './control-helpers.ts';
import { openSocket, rawRequest, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started), {}, 'file');

const record = (session: string, body: unknown) => json(s.port, 'POST', '/__mock/record', body, session);
const recording = (session: string, query = '') => json<Record<string, unknown>>(s.port, 'GET', `/__mock/recording${query}`, undefined, session);
const inline = (session: string, scenario: unknown) => json(s.port, 'POST', '/__mock/scenario', { scenario }, session);
const home = (session: string) => callIn(s.port, session, PATH.homeList, { method: 'GET' });

describe('POST /__mock/record and GET /__mock/recording', () => {
  it('keeps whole answer bodies with their session-clock times, tokens redacted, only while on', async () => {
    await home('rec-keep');
    expect((await record('rec-keep', { action: 'start' })).body).toMatchObject({ session: 'rec-keep', recording: true, answers: 0, maxBytes: MAX_RECORDING_BYTES });
    const login = await loginIn(s.port, 'rec-keep', MEMBER_MOBILE);
    s.clock.advance(1_500);
    const list = await home('rec-keep');
    await record('rec-keep', { action: 'stop' });
    await home('rec-keep');
    const got = await recording('rec-keep');
    const answers = (got.body['recorded'] as { answers: { t: number; method: string; path: string; status: number; body: unknown }[] }).answers;
    expect(answers.map((a) => [a.t, a.method, a.path, a.status])).toEqual([
      [0, 'POST', '/api/user/web_login', 200],
      [1_500, 'GET', '/api/index/api/home_list', 200],
    ]);
    expect(answers[0]?.body).toMatchObject({ code: 1, data: { gly_token: REDACTED, swcloud_uid: login.swcloud_uid } });
    // Whole: the journal keeps a 512-character preview of the same answer.
    expect(JSON.stringify(list.envelope).length).toBeGreaterThan(512);
    expect(answers[1]?.body).toEqual(list.envelope);
    expect(got.body).toMatchObject({ name: 'recording', description: expect.stringContaining('2 API answers') as string, virtualClock: false });
  });

  it('refuses bad input with a clear 400 or 405', async () => {
    expect((await record('rec-bad', {})).body).toEqual({ error: 'Missing field "action"' });
    expect((await record('rec-bad', { action: 'pause' })).body.error).toMatch(/^Field "action" must be one of/);
    expect((await record('rec-bad', { action: 'start', also: 1 })).body.error).toMatch(/is not known: send \{"action": "start"\}/);
    expect((await record('rec-bad', [])).status).toBe(400);
    const none = await recording('rec-bad');
    expect(none).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Nothing recorded in this session/) as string } });
    await record('rec-bad', { action: 'start' });
    expect((await recording('rec-bad', '?name=Not%20A%20Name')).status).toBe(400);
    expect((await recording('rec-bad', '?name=default')).body.error).toMatch(/built in/);
    const del = await json(s.port, 'DELETE', '/__mock/record', undefined, 'rec-bad');
    expect(del.status).toBe(405);
  });

  it('stops at MAX_RECORDING_BYTES and answers 413 naming the limit; a new start records again', async () => {
    const session = 'rec-full';
    await record(session, { action: 'start' });
    const big = { code: 1, msg: 'big', data: 'x'.repeat(60 * 1024) };
    for (let i = 0; i * 60 * 1024 < MAX_RECORDING_BYTES + 120 * 1024; i++) {
      expect((await json(s.port, 'POST', '/__mock/faults', { match: { path: 'index/api/home_list' }, body: big }, session)).status).toBe(200);
      await home(session);
    }
    const status = await json(s.port, 'GET', '/__mock/record', undefined, session);
    expect(status.body).toMatchObject({ recording: false, full: expect.stringContaining(`${MAX_RECORDING_BYTES} bytes`) as string });
    expect((status.body['bytes'] as number) <= MAX_RECORDING_BYTES).toBe(true);
    const full = await recording(session);
    expect(full).toMatchObject({ status: 413, body: { error: expect.stringMatching(/^The recording stopped at a limit: it reached/) as string } });
    await record(session, { action: 'start' });
    expect((await recording(session)).status).toBe(200);
  });

  it('a body over MAX_RECORDED_ITEM_BYTES stops the recording too', async () => {
    await record('rec-item', { action: 'start' });
    s.app.sessions.get('rec-item').slot(recorderSlot).answer('GET', '/api/x', 200, `"${'y'.repeat(MAX_RECORDED_ITEM_BYTES)}"`);
    expect((await recording('rec-item')).body.error).toMatch(/one recorded body or message may be at most 262144 bytes/);
  });

  it('a reset drops the recording', async () => {
    await record('rec-reset', { action: 'start' });
    await json(s.port, 'POST', '/__mock/reset', {}, 'rec-reset');
    expect((await json(s.port, 'GET', '/__mock/record', undefined, 'rec-reset')).body).toMatchObject({ recording: false, answers: 0 });
  });
});

describe('the recorded part of a scenario', () => {
  it('is checked field by field', async () => {
    const bad = async (recorded: unknown): Promise<string> => {
      const r = await inline('rec-check', { recorded });
      expect(r.status).toBe(400);
      return r.body.error as string;
    };
    expect(await bad({ answers: [{ t: 0, method: 'GET', path: '/api/x', status: 42 }] })).toBe(
      'Invalid inline scenario: Field "scenario.recorded.answers[0].status" must be 0 (dropped) or an HTTP status from 100 to 599',
    );
    expect(await bad({ answers: [{ t: 0, method: 'GET', path: '/api/x', status: 0, body: 'x' }] })).toMatch(/answers\[0\]\.body" cannot be set with status 0/);
    expect(await bad({ pushes: [{ t: 0, socket: 'duration', connection: 1, atMs: 0, message: {} }] })).toMatch(/pushes\[0\]\.connection" is not listed in "sockets"/);
    expect(await bad({ sockets: [{ t: 0, socket: 'lobby', connection: 1 }] })).toMatch(/sockets\[0\]\.socket" must be one of/);
    expect(await bad({ sockets: [{ t: 0, socket: 'duration', connection: 1 }], pushes: [{ t: 0, socket: 'duration', connection: 1, atMs: 0 }] })).toMatch(
      /pushes\[0\]\.message/,
    );
    expect(await bad({ answers: [], extra: true })).toMatch(/recorded/);
    const huge = await inline('rec-check', { recorded: { answers: [{ t: 0, method: 'GET', path: '/api/x', status: 200, body: 'z'.repeat(MAX_RECORDED_ITEM_BYTES + 1) }] } });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(/recorded\.answers\[0\]\.body" is \d+ bytes; the limit is 262144 bytes/);
  });

  it('replays a drop (status 0) and a text body as is', async () => {
    const session = 'rec-drop';
    const answers = [
      { t: 0, method: 'GET', path: '/api/index/api/home_list', status: 0 },
      { t: 0, method: 'GET', path: '/api/index/api/home_list', status: 502, body: 'Bad gateway' },
    ];
    expect((await inline(session, { recorded: { answers } })).status).toBe(200);
    await expect(home(session)).rejects.toThrow(/socket hang up|ECONNRESET/);
    const text = await rawRequest(s.port, { method: 'GET', path: '/api/index/api/home_list', headers: { [HEADER.mockSession]: session } });
    expect(text).toMatchObject({ status: 502, text: 'Bad gateway' });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    const entries = (await json<{ entries: JournalEntry[] }>(s.port, 'GET', '/__mock/journal?kind=http', undefined, session)).body.entries;
    expect(entries.map((e) => [e.status, e.replay])).toEqual([
      [0, 'recorded'],
      [502, 'recorded'],
    ]);
  });

  it('a socket past the recorded connections is served live, journalled "not-recorded"', async () => {
    const session = 'rec-sock';
    expect((await inline(session, { recorded: { answers: [] } })).status).toBe(200);
    const sock = await openSocket(s.port, `/socket/duration?jtoken=nope&version_code=103&mock_session=${session}`);
    // The live handler refuses the jtoken (4003), as it would without a replay.
    expect((await sock.closed()).code).toBe(4003);
    const entries = (await json<{ entries: JournalEntry[] }>(s.port, 'GET', '/__mock/journal?kind=ws-open', undefined, session)).body.entries;
    expect(entries.map((e) => e.replay)).toEqual(['not-recorded']);
  });
});

describe('the typed client: session(name).record', () => {
  it('starts, stops and reads a recording as a scenario another session replays', async () => {
    const mock = createMockClient({ baseUrl: s.base });
    const live = mock.session('rec-client');
    expect(await live.record.start()).toMatchObject({ session: 'rec-client', recording: true, replay: { replaying: false } });
    const login = await loginIn(s.port, 'rec-client', MEMBER_MOBILE);
    expect(await live.record.stop()).toMatchObject({ recording: false, answers: 1 });
    expect(await live.record.status()).toMatchObject({ answers: 1, sockets: 0, pushes: 0 });
    const scenario = await live.record.scenario('client-made');
    expect(scenario).toMatchObject({ name: 'client-made', recorded: { answers: [{ method: 'POST', path: '/api/user/web_login', status: 200 }] } });

    const replay = mock.session('rec-client-2');
    expect(await replay.scenario(scenario)).toMatchObject({ scenario: 'client-made' });
    expect(await loginIn(s.port, 'rec-client-2', MEMBER_MOBILE)).toEqual({ ...login, gly_token: REDACTED });
    expect(await replay.record.status()).toMatchObject({ replay: { replaying: true, answersLeft: 0, notRecorded: 0 } });
    const refused = await mock.session('rec-client-3').record.scenario().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(MockControlError);
    expect((refused as MockControlError).status).toBe(400);
  });
});
