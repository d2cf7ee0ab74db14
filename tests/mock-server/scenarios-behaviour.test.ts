/**
 * Every named scenario of fixtures/scenarios/ driven the way QA drives it
 * (QA guide §3, each one driven by the virtual clock): POST /__mock/scenario in a mock session (X-Mock-Session),
 * POST /__mock/clock {virtual: true}, log a persona in, play over HTTP and
 * the real sockets on 127.0.0.1, move time with /__mock/clock {advanceMs},
 * and check what the scenario's description promises (qaRig in
 * control-helpers.ts). This file: play, queue and the stream socket; the
 * duration socket, tokens, server errors and /__mock/push are in
 * scenarios-duration.test.ts.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GAME_CODE, PATH, SEAT_EXPIRY_MS, type GameQueueResponse, type PlayGameResponse } from '../../web/api/contract.ts';
import { DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import { json, qaRig, type QaPlayer, type QaRig, type RecordingSocket } from './control-helpers.ts';
import { type Started, useApp } from './helpers.ts';

let s: Started;
let qa: QaRig;
useApp((started) => {
  s = started;
  qa = qaRig(s);
});
afterEach(() => qa.closeAll());

/** The stream event of a stream-event scenario: 5 s after 100 (none before). */
async function streamEventAt5s(name: string, code: number): Promise<{ p: QaPlayer; scId: string; stream: RecordingSocket }> {
  const p = await qa.qaPlayer(await qa.scenario(name));
  const scId = await qa.startGame(p);
  const stream = await qa.streamAt100(p, scId);
  await qa.advance(p.session, 4_999);
  expect(stream.events()).toEqual([]);
  await qa.advance(p.session, 1);
  expect(await stream.waitFor((m) => m['type'] === 'event')).toMatchObject({ type: 'event', code });
  return { p, scId, stream };
}

describe('named scenarios: play, queue and the stream (QA guide §3, SPEC §4)', () => {
  it('covers every scenario file in fixtures/scenarios/', () => {
    const names = readdirSync(path.join(DEFAULT_FIXTURES_DIR, 'scenarios'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
    expect(names).toEqual([...COVERED].sort());
  });

  it('play-now: play_game 200 at once, stream 30/50/80/100 then frames, runs until stop_game (SPEC §4 "Start")', async () => {
    const p = await qa.qaPlayer(await qa.scenario('play-now'));
    const r = await qa.playGame(p);
    expect(r.envelope.data).toMatchObject({ code: 200, game_key: qa.gameKey });
    const scId = (r.envelope.data as { sc_id: string }).sc_id;
    const stream = await qa.streamAt100(p, scId);
    await qa.advance(p.session, 10 * 60_000);
    await stream.waitFor((m) => m['type'] === 'frame' && Number(m['frame']) >= 600);
    expect(stream.closeInfo).toBeUndefined();
    expect(await qa.scList(p)).toContainEqual(expect.objectContaining({ sc_id: scId, type: 'able_recon' }));
    const stop = await qa.stopGame(p, scId);
    expect(stop.envelope).toMatchObject({ code: 1, data: { code: 200, sc_id: scId, play_seconds: 602 } });
    expect((await stream.closed()).code).toBe(1000);
  });

  it('queue: 201 at 5, polls every 10 s count 5, 4, 3, 2, 1, then 200 with the seat (SPEC §4 "Queue", §9 poll 10 s)', async () => {
    const p = await qa.qaPlayer(await qa.scenario('queue'));
    const first = await qa.playGame(p);
    expect(first.envelope.data).toMatchObject({ code: 201, queue_pos2: 5 });
    const queueId = (first.envelope.data as { queue_id: string }).queue_id;
    const positions: number[] = [];
    let last: GameQueueResponse | undefined;
    for (let i = 0; i < 8; i++) {
      await qa.advance(p.session, 10_000);
      last = (await qa.pollQueue(p, queueId)).envelope.data;
      if (last.code !== 201) break;
      positions.push((last as { queue_pos2: number }).queue_pos2);
    }
    expect(positions).toEqual([5, 4, 3, 2, 1]);
    expect(last).toMatchObject({ code: 200, queue_id: queueId, seat_expire_seconds: 40 });
    // Taking the seat: its stream plays.
    const stream = await qa.streamAt100(p, (last as { sc_id: string }).sc_id);
    expect(stream.closeInfo).toBeUndefined();
  });

  it('queue-seat-expires: seat ready, then 40 s of virtual time without taking it: 4006 "Seat expired" (SPEC §4, §9 seat 40 s)', async () => {
    const session = await qa.scenario('queue-seat-expires');
    const p = await qa.qaPlayer(session);
    const first = await qa.playGame(p);
    expect(first.envelope.data).toMatchObject({ code: 201, queue_pos2: 1 });
    const queueId = (first.envelope.data as { queue_id: string }).queue_id;
    expect((await qa.pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 201, queue_pos2: 1 });
    expect((await qa.pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 200, queue_id: queueId, seat_expire_seconds: 40 });
    await qa.advance(session, SEAT_EXPIRY_MS - 1);
    expect((await qa.pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 200, seat_expire_seconds: 1 });
    await qa.advance(session, 1);
    expect((await qa.pollQueue(p, queueId)).envelope.data).toEqual({ code: GAME_CODE.seatExpired, sub_msg: 'Seat expired' });
    expect((await qa.playGame(p, { queue_id: queueId })).envelope.data).toMatchObject({ code: GAME_CODE.seatExpired });
  });

  it('queue-error: 201 at 3, the second poll answers 4007 with the scripted message and the queue is gone (SPEC §4 "Queue")', async () => {
    const p = await qa.qaPlayer(await qa.scenario('queue-error'));
    const first = await qa.playGame(p);
    expect(first.envelope.data).toMatchObject({ code: 201, queue_pos2: 3 });
    const queueId = (first.envelope.data as { queue_id: string }).queue_id;
    await qa.advance(p.session, 10_000);
    expect((await qa.pollQueue(p, queueId)).envelope.data).toMatchObject({ code: 201, queue_pos2: 3 });
    await qa.advance(p.session, 10_000);
    expect((await qa.pollQueue(p, queueId, 'zh-CN')).envelope.data).toEqual({ code: GAME_CODE.queueError, sub_msg: '排队失败，请稍后重试' });
    expect((await qa.pollQueue(p, queueId)).envelope.data).toMatchObject({ code: GAME_CODE.queueNotFound });
  });

  it.each([
    ['stream-quit-43000', 43000],
    ['stream-quit-54001', 54001],
  ])('%s: event %i on the stream socket 5 s after 100, the socket closes 1000 and the session is ended (SPEC §4 "Stream events")', async (name, code) => {
    const { p, scId, stream } = await streamEventAt5s(name, code);
    expect((await stream.closed()).code).toBe(1000);
    expect(await qa.scList(p)).not.toContainEqual(expect.objectContaining({ sc_id: scId }));
    expect((await qa.stopGame(p, scId)).envelope.code).toBe(GAME_CODE.sessionNotFound);
    const again = await qa.openStream(p, scId);
    expect((await again.closed()).code).toBe(4004);
  });

  it.each([
    ['stream-reconnect-43001', 43001],
    ['stream-reconnect-43100', 43100],
  ])('%s: event %i 5 s after 100; the session keeps running and a reconnected stream reaches 100 with no second event (SPEC §4 "Stream events")', async (name, code) => {
    const { p, scId, stream } = await streamEventAt5s(name, code);
    expect(stream.closeInfo).toBeUndefined();
    expect(await qa.scList(p)).toContainEqual(expect.objectContaining({ sc_id: scId, type: 'able_recon' }));
    // The app reconnects: a new stream to the same session (the old one closes).
    stream.ws.close();
    await stream.closed();
    const again = await qa.streamAt100(p, scId);
    await qa.advance(p.session, 10_000);
    expect(again.events()).toEqual([]);
    expect(again.closeInfo).toBeUndefined();
  });

  it('idle-45001: event 45001 5 s after 100; the server keeps the game running (the 60 s idle timer is the app\'s) (SPEC §4, §9)', async () => {
    const { p, scId, stream } = await streamEventAt5s('idle-45001', 45001);
    await qa.advance(p.session, 60_000);
    expect(stream.closeInfo).toBeUndefined();
    expect(await qa.scList(p)).toContainEqual(expect.objectContaining({ sc_id: scId, type: 'able_recon' }));
  });

  it('stream-poor-network: the session\'s streams get 150 ms each way, a 600 kbit/s link and 5 % of packets lost; POST /__mock/network changes them, DELETE restores them', async () => {
    const session = await qa.scenario('stream-poor-network');
    const poor = { latencyMs: 150, bitrateKbps: 0, dropPercent: 0, stall: false, lossPercent: 5, bandwidthKbps: 600 };
    expect((await json(s.port, 'GET', '/__mock/network', undefined, session)).body).toMatchObject({ session, network: poor, streams: [] });
    const stalled = await json(s.port, 'POST', '/__mock/network', { stall: true, latencyMs: 0 }, session);
    expect(stalled.body).toMatchObject({ network: { ...poor, stall: true, latencyMs: 0 } });
    expect((await json(s.port, 'DELETE', '/__mock/network', undefined, session)).body).toMatchObject({ network: poor });
    const bad = await json(s.port, 'POST', '/__mock/network', { dropPercent: 101 }, session);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: expect.stringMatching(/dropPercent/) as string });
  });

  it('load-stalls-80: progress 30, 50, 80 and never 100 or a frame, even after 60 s (SPEC §4 "Loading", §9 60 s wait)', async () => {
    const p = await qa.qaPlayer(await qa.scenario('load-stalls-80'));
    const scId = await qa.startGame(p);
    const stream = await qa.openStream(p, scId);
    await qa.advance(p.session, 2_000);
    await stream.waitFor((m) => m['value'] === 80);
    await qa.advance(p.session, 60_000);
    expect(stream.progress()).toEqual([30, 50, 80]);
    expect(stream.messages.filter((m) => m['type'] === 'frame')).toEqual([]);
    expect(stream.closeInfo).toBeUndefined();
  });

  it('reconnect-able-session: user_sc_list lists sc-recon-1 as able_recon and recon_play_game resumes it to 100 (SPEC §4 "Reconnect")', async () => {
    const p = await qa.qaPlayer(await qa.scenario('reconnect-able-session'));
    expect(await qa.scList(p)).toContainEqual({ sc_id: 'sc-recon-1', game_key: 'g_starfall_odyssey', game_id: expect.any(Number), type: 'able_recon' });
    const recon = await qa.game<PlayGameResponse>(p, PATH.reconPlayGame, { sc_id: 'sc-recon-1', game_key: 'g_starfall_odyssey' });
    expect(recon.envelope).toMatchObject({ code: 1, data: { code: 200, sc_id: 'sc-recon-1', game_key: 'g_starfall_odyssey' } });
    const stream = await qa.streamAt100(p, 'sc-recon-1');
    expect(stream.closeInfo).toBeUndefined();
  });
});

/** Every scenario tested here, in scenarios-duration.test.ts, minor-scenario.test.ts (minor-limit) or scripted-fixtures.test.ts. */
const COVERED = [
  'play-now',
  'queue',
  'queue-seat-expires',
  'queue-error',
  'stream-quit-43000',
  'stream-quit-54001',
  'stream-reconnect-43001',
  'stream-reconnect-43100',
  'idle-45001',
  'load-stalls-80',
  'duration-timeout-202',
  'relogin-408',
  'quit-408',
  'duration-error-500',
  'duration-error-5001',
  'out-of-play-time',
  'token-expired-30001',
  'server-error-500',
  'reconnect-able-session',
  'duration-socket-drops',
  'stream-poor-network',
  'minor-limit',
  // In scripted-fixtures.test.ts:
  'shielded-in-lists',
  'purchase-popups',
];
