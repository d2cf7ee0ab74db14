/**
 * Record and replay (QA guide §2): a recorded session replays to the same
 * journal. One driver plays a realistic flow (login, home, balance,
 * get_token, play_game queued, queue polls, the duration socket with a
 * heartbeat and a scripted 202, SPEC §4 Queue and "Duration socket
 * messages") in a recording session; the recording, applied to a fresh
 * session inline and saved as a named scenario file, replays to the same
 * journal under the same driver.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATH, SOCKET_CLOSE_HEARTBEAT_TIMEOUT, SOCKET_HEARTBEAT_TIMEOUT_MS, type GameQueueResponse, type GetTokenResponse, type PlayGameResponse } from '../../web/api/contract.ts';
import type { JournalEntry } from '../../mock-server/sessions/journal.ts';
import { until } from '../wait.ts';
import { callIn, json, jtokenIn, loginIn, MEMBER_MOBILE, RecordingSocket } from './control-helpers.ts';
import { REQUEST_LIMIT_MS, startApp, tempDir, type Started, useApp } from './helpers.ts';
import WebSocket from 'ws';

/** The session's script while recording: a queue of three, and a 202 ten seconds after the duration socket opens. */
const RECORDED_SCRIPT = {
  game: { queue: { positions: [3, 2, 1] }, duration: { messages: [{ atMs: 10_000, code: 202 }] } },
  virtualClock: true,
};

interface Journal {
  entries: JournalEntry[];
}

async function journalOf(port: number, session: string): Promise<JournalEntry[]> {
  return (await json<Journal>(port, 'GET', '/__mock/journal', undefined, session)).body.entries;
}

async function openSocket(port: number, urlPath: string): Promise<RecordingSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${urlPath}`);
  const sock = new RecordingSocket(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return sock;
}

/** The same player every time: what the app does from login to a queued game with its duration socket. */
async function drive(port: number, session: string): Promise<void> {
  const advance = async (ms: number, sockets: RecordingSocket[] = []): Promise<void> => {
    expect((await json(port, 'POST', '/__mock/clock', { advanceMs: ms }, session)).status).toBe(200);
    await Promise.all(sockets.map((s) => s.sync()));
  };
  const login = await loginIn(port, session, MEMBER_MOBILE);
  const token = login.gly_token;
  expect((await callIn(port, session, PATH.homeList, { method: 'GET', token })).status).toBe(200);
  expect((await callIn(port, session, PATH.getUserBalance, { data: { uid: login.swcloud_uid }, token })).status).toBe(200);
  const got = await callIn<GetTokenResponse>(port, session, PATH.getToken, { game: true, token, data: { manufacturer: 'mock', client_sid: 'client-1' } });
  const playToken = got.envelope.data.token;
  const game = { game_key: 'g_test_game', token: playToken, queue_grade: 7 };
  const play = await callIn<PlayGameResponse>(port, session, PATH.playGame, {
    game: true,
    token,
    data: { ...game, model_name: 'Pixel 8', able_queue: 1, enable_restart: 0, local_stream: 0 },
  });
  const queued = play.envelope.data;
  if (queued.code !== 201 || !('queue_id' in queued)) throw new Error(`play_game did not queue: ${JSON.stringify(play.envelope)}`);
  // SPEC §4 Queue: poll every 10 s until the seat is ready.
  let seat: GameQueueResponse | undefined;
  for (let poll = 0; poll < 10 && seat?.code !== 200; poll++) {
    await advance(10_000);
    seat = (await callIn<GameQueueResponse>(port, session, PATH.gameQueue, { game: true, token, data: { ...game, queue_id: queued.queue_id } })).envelope.data;
  }
  expect(seat?.code).toBe(200);
  const jtoken = await jtokenIn(port, session, login);
  const duration = await openSocket(port, `/socket/duration?jtoken=${encodeURIComponent(jtoken)}&version_code=103&mock_session=${session}`);
  duration.ws.send(JSON.stringify({ type: 'heartbeat' }));
  await duration.waitFor((m) => m['type'] === 'heartbeat', 0, 'the heartbeat reply');
  await advance(10_000, [duration]);
  await duration.waitFor((m) => m['code'] === 202, 0, 'the scripted 202');
  duration.ws.close(1000, 'done');
  await duration.closed();
  await until(async () => (await journalOf(port, session)).some((e) => e.kind === 'ws-close'), `the duration socket's close in ${session}'s journal`, REQUEST_LIMIT_MS);
}

/** A game started at once and its stream on the socket transport (hello, progress to 100, a status frame a second). */
async function driveStream(port: number, session: string): Promise<void> {
  const login = await loginIn(port, session, MEMBER_MOBILE);
  const token = login.gly_token;
  const got = await callIn<GetTokenResponse>(port, session, PATH.getToken, { game: true, token, data: { manufacturer: 'mock', client_sid: 'client-1' } });
  const play = await callIn<PlayGameResponse>(port, session, PATH.playGame, {
    game: true,
    token,
    data: { game_key: 'g_test_game', token: got.envelope.data.token, queue_grade: 1, model_name: 'Pixel 8', able_queue: 1, enable_restart: 0, local_stream: 0 },
  });
  const started = play.envelope.data;
  if (started.code !== 200 || !('sc_id' in started)) throw new Error(`play_game did not start: ${JSON.stringify(play.envelope)}`);
  const stream = await openSocket(port, `/socket/stream?sc_id=${encodeURIComponent(started.sc_id)}&mock_session=${session}`);
  stream.ws.send(JSON.stringify({ type: 'heartbeat' }));
  await stream.waitFor((m) => m['type'] === 'heartbeat', 0, 'the heartbeat reply');
  expect((await json(port, 'POST', '/__mock/clock', { advanceMs: 4_000 }, session)).status).toBe(200);
  await stream.sync();
  await stream.waitFor((m) => m['type'] === 'frame' && m['frame'] === 2, 0, 'the second status frame');
  stream.ws.close(1000, 'done');
  await stream.closed();
  await until(async () => (await journalOf(port, session)).some((e) => e.kind === 'ws-close'), `the stream's close in ${session}'s journal`, REQUEST_LIMIT_MS);
}

/** A duration socket left without a heartbeat: the server closes it with 4001 (SPEC §7). */
async function driveTimeout(port: number, session: string): Promise<{ code: number; reason: string }> {
  const login = await loginIn(port, session, MEMBER_MOBILE);
  const jtoken = await jtokenIn(port, session, login);
  const duration = await openSocket(port, `/socket/duration?jtoken=${encodeURIComponent(jtoken)}&version_code=103&mock_session=${session}`);
  expect((await json(port, 'POST', '/__mock/clock', { advanceMs: SOCKET_HEARTBEAT_TIMEOUT_MS }, session)).status).toBe(200);
  const closed = await duration.closed();
  await until(async () => (await journalOf(port, session)).some((e) => e.kind === 'ws-close'), `the duration socket's close in ${session}'s journal`, REQUEST_LIMIT_MS);
  return closed;
}

/** What must differ between two runs: the session's name in socket URLs, the clock's origin, and the replay marks. */
function normalised(entries: JournalEntry[], session: string): Omit<JournalEntry, 'replay'>[] {
  const t0 = entries[0]?.t ?? 0;
  return entries.map(({ replay: _replay, ...e }) => ({ ...e, t: e.t - t0, ...(e.path ? { path: e.path.replace(session, 'SESSION') } : {}) }));
}

let s: Started;
useApp((started) => (s = started), {}, 'file');

async function record(session: string, name: string): Promise<{ scenario: Record<string, unknown>; journal: JournalEntry[] }> {
  expect((await json(s.port, 'POST', '/__mock/scenario', { scenario: RECORDED_SCRIPT }, session)).status).toBe(200);
  expect((await json(s.port, 'POST', '/__mock/record', { action: 'start' }, session)).body).toMatchObject({ recording: true });
  await drive(s.port, session);
  expect((await json(s.port, 'POST', '/__mock/record', { action: 'stop' }, session)).body).toMatchObject({ recording: false });
  const got = await json<Record<string, unknown>>(s.port, 'GET', `/__mock/recording?name=${name}`, undefined, session);
  expect(got.status).toBe(200);
  return { scenario: got.body, journal: await journalOf(s.port, session) };
}

describe('record and replay (QA guide §2)', () => {
  it('a recorded session replays to the same journal, applied inline to a fresh session', async () => {
    const { scenario, journal } = await record('rec-live', 'queued-game');
    expect(scenario).toMatchObject({ name: 'queued-game', virtualClock: true, game: RECORDED_SCRIPT.game });
    const recorded = scenario['recorded'] as { answers: unknown[]; sockets: unknown[]; pushes: { inReplyTo?: number; atMs: number; message: unknown }[] };
    expect(recorded.sockets).toEqual([{ t: 40_000, socket: 'duration', connection: 1 }]);
    // The heartbeat reply answers the first incoming message; the 202 comes 10 s after the socket opened.
    expect(recorded.pushes).toMatchObject([
      { inReplyTo: 1, atMs: 0, message: { type: 'heartbeat' } },
      { atMs: 10_000, message: { code: 202 } },
    ]);

    // Without the script: the queue and the 202 can only come from the recording.
    expect((await json(s.port, 'POST', '/__mock/scenario', { scenario: { ...scenario, game: {} } }, 'rec-replay')).status).toBe(200);
    await drive(s.port, 'rec-replay');
    const replayed = await journalOf(s.port, 'rec-replay');
    expect(replayed.filter((e) => e.kind === 'http' || e.kind === 'ws-open').map((e) => e.replay)).toEqual(
      journal.filter((e) => e.kind === 'http' || e.kind === 'ws-open').map(() => 'recorded'),
    );
    expect(normalised(replayed, 'rec-replay')).toEqual(normalised(journal, 'rec-live'));
    expect(journal.map((e) => e.kind)).toEqual(expect.arrayContaining(['http', 'ws-open', 'ws-in', 'ws-out', 'ws-close']));
    const status = await json(s.port, 'GET', '/__mock/record', undefined, 'rec-replay');
    expect(status.body).toMatchObject({ recording: false, replay: { replaying: true, answersLeft: 0, notRecorded: 0 } });
  });

  it('saved under scenarios/ by its name, the recording loads at start and replays the same journal by name', async () => {
    const { scenario, journal } = await record('file-live', 'found-by-hand');
    const t = tempDir('mock-recorded');
    try {
      mkdirSync(path.join(t.dir, 'scenarios'));
      writeFileSync(path.join(t.dir, 'scenarios', 'found-by-hand.json'), JSON.stringify(scenario, null, 2));
      const other = await startApp({ scenariosDir: path.join(t.dir, 'scenarios') });
      try {
        expect((await json(other.port, 'POST', '/__mock/scenario', { name: 'found-by-hand' }, 'file-replay')).body).toMatchObject({ scenario: 'found-by-hand' });
        await drive(other.port, 'file-replay');
        expect(normalised(await journalOf(other.port, 'file-replay'), 'file-replay')).toEqual(normalised(journal, 'file-live'));
      } finally {
        await other.close();
      }
    } finally {
      t.remove();
    }
  });

  it('a stream socket on the socket transport replays its hello, progress and frames at the same times', async () => {
    expect((await json(s.port, 'POST', '/__mock/scenario', { scenario: { game: { video: false }, virtualClock: true } }, 'stream-live')).status).toBe(200);
    await json(s.port, 'POST', '/__mock/record', { action: 'start' }, 'stream-live');
    await driveStream(s.port, 'stream-live');
    const scenario = (await json<Record<string, unknown>>(s.port, 'GET', '/__mock/recording', undefined, 'stream-live')).body;
    const journal = await journalOf(s.port, 'stream-live');
    expect(journal.filter((e) => e.kind === 'ws-out').map((e) => (e.body as { type: string }).type)).toEqual([
      'hello',
      'heartbeat',
      'progress',
      'progress',
      'progress',
      'progress',
      'frame',
      'frame',
    ]);
    expect((await json(s.port, 'POST', '/__mock/scenario', { scenario: { ...scenario, game: {} } }, 'stream-replay')).status).toBe(200);
    await driveStream(s.port, 'stream-replay');
    expect(normalised(await journalOf(s.port, 'stream-replay'), 'stream-replay')).toEqual(normalised(journal, 'stream-live'));
  });

  it("the server's close of a socket replays at its time with its code", async () => {
    expect((await json(s.port, 'POST', '/__mock/scenario', { scenario: { virtualClock: true } }, 'close-live')).status).toBe(200);
    await json(s.port, 'POST', '/__mock/record', { action: 'start' }, 'close-live');
    expect(await driveTimeout(s.port, 'close-live')).toEqual({ code: SOCKET_CLOSE_HEARTBEAT_TIMEOUT, reason: 'heartbeat timeout' });
    const scenario = (await json<Record<string, unknown>>(s.port, 'GET', '/__mock/recording', undefined, 'close-live')).body;
    expect(scenario['recorded']).toMatchObject({
      sockets: [{ socket: 'duration', connection: 1, close: { atMs: SOCKET_HEARTBEAT_TIMEOUT_MS, code: SOCKET_CLOSE_HEARTBEAT_TIMEOUT, reason: 'heartbeat timeout' } }],
    });
    const journal = await journalOf(s.port, 'close-live');
    expect((await json(s.port, 'POST', '/__mock/scenario', { scenario }, 'close-replay')).status).toBe(200);
    expect(await driveTimeout(s.port, 'close-replay')).toEqual({ code: SOCKET_CLOSE_HEARTBEAT_TIMEOUT, reason: 'heartbeat timeout' });
    expect(normalised(await journalOf(s.port, 'close-replay'), 'close-replay')).toEqual(normalised(journal, 'close-live'));
  });

  it('a call the recording lacks falls through to the live mock, journalled "not-recorded"', async () => {
    const scenario = { recorded: { answers: [{ t: 0, method: 'GET', path: '/api/index/api/home_list', status: 200, body: { code: 1, msg: 'recorded', data: null } }] } };
    expect((await json(s.port, 'POST', '/__mock/scenario', { scenario }, 'rec-miss')).status).toBe(200);
    const first = await callIn(s.port, 'rec-miss', PATH.homeList, { method: 'GET' });
    expect(first.envelope).toEqual({ code: 1, msg: 'recorded', data: null });
    const second = await callIn(s.port, 'rec-miss', PATH.homeList, { method: 'GET' });
    expect(second.envelope.msg).not.toBe('recorded');
    expect(second.envelope.code).toBe(1);
    const http = (await journalOf(s.port, 'rec-miss')).filter((e) => e.kind === 'http');
    expect(http.map((e) => [e.msg, e.replay])).toEqual([
      ['recorded', 'recorded'],
      [second.envelope.msg, 'not-recorded'],
    ]);
  });
});
