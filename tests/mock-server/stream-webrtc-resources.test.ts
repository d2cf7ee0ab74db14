/**
 * WebRTC stream resources (every peer, source, sink and game loop released)
 * and the socket transport (video: false): see stream-webrtc.test.ts for the
 * set-up and the clocks.
 */
import { describe, expect, it } from 'vitest';
import type { StreamProgressValue } from '../../web/api/contract.ts';
import { gameStateOf } from '../../mock-server/game/state.ts';
import { rtcResources } from '../../mock-server/stream/rtc-peer.ts';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import { until } from '../wait.ts';
import { json } from './control-helpers.ts';
import { FREE_TRIAL, MEMBER, player, useScript } from './game-helpers.ts';
import { openSocket, roundTrip, startApp, type Started } from './helpers.ts';
import {
  describeSdk,
  gameOf,
  key,
  network,
  noLoopRuns,
  numeric,
  playFor,
  playSession,
  rtcSdk,
  runningGame,
  stopGame,
  streamSocket,
  untilFrames,
  untilReleased,
  useRtcApp,
  type Running,
} from './rtc-helpers.ts';
import { liveClientPeers } from './rtc-peers.ts';

let s: Started;
useRtcApp((started) => (s = started));

describe('WebRTC stream: resources', () => {
  it('start/stop cycles (stop the SDK, stop_game, or close and then stop_game) leave no peer, source, sink or game loop', async () => {
    const p = await player(s, MEMBER);
    const r = rtcSdk(s);
    const games: NonNullable<ReturnType<typeof gameOf>>[] = [];
    // Five cycles of each way to end a stream show a leak in any of them; hunting rare native races over hundreds of
    // streams is `npm run stress:stream`'s job (it checks the same rtcResources at its end).
    const BUDGET_MS = 60_000;
    const MAX_CYCLES = 15;
    const BATCH = 5;
    const started = Date.now();
    let cycles = 0;
    const times: number[] = [];
    while (cycles < MAX_CYCLES && Date.now() - started < BUDGET_MS) {
      const t0 = Date.now();
      const run: Running = await playFor(s, p, { queue_grade: 1 });
      r.clear();
      r.sdk.start(run.target);
      await untilFrames(r, 1);
      const game = gameOf(s, run.scId);
      expect(game?.figures().viewers).toBe(1);
      if (game) games.push(game);
      switch (cycles % 3) {
        case 0:
          // The player leaves: the SDK stops (the session hangs up), then the app stops the game.
          r.sdk.stop();
          expect(await stopGame(s, run)).toBe(1);
          break;
        case 1:
          // The app stops the game first: the cloud closes the stream (the SDK reports ended).
          expect(await stopGame(s, run)).toBe(1);
          await until(() => r.disconnects.length > 0, 'the SDK to see the end', 5_000, () => describeSdk(r));
          expect(r.disconnects[0]?.reason).toBe('ended');
          break;
        default:
          // Only the stream closes: the session hangs up with its game paused (no viewer, no loop) …
          r.sdk.pause();
          await until(() => playSession(s, run.scId)?.status === 'hangup', 'hang-up', 5_000);
          expect(game?.figures().viewers).toBe(0);
          // … then the app stops the game.
          expect(await stopGame(s, run)).toBe(1);
      }
      await untilReleased(`cycle ${cycles + 1}`);
      expect(playSession(s, run.scId)?.status).toBe('stopped');
      expect(gameOf(s, run.scId)).toBeUndefined();
      cycles++;
      times.push(Date.now() - t0);
      if (cycles % BATCH === 0) await noLoopRuns(games);
    }
    await noLoopRuns(games);
    const total = Date.now() - started;
    console.log(
      `stream-webrtc resources: ${cycles} start/stop cycles in ${total} ms; per cycle median ${numeric(times)[Math.floor(times.length / 2)]} ms, max ${Math.max(...times)} ms`,
    );
    expect(cycles).toBe(MAX_CYCLES);
    expect(rtcResources()).toEqual({ peers: 0, sources: 0 });
  }, 120_000);

  it('a stream socket dropped abruptly (terminate) releases its peer and pauses the game', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await untilFrames(r, 3);
    expect(rtcResources()).toEqual({ peers: 1, sources: 1 });
    const ws = streamSocket(r);
    expect(ws.url).toContain(run.target.stream_url);
    ws.terminate();
    await until(() => rtcResources().peers === 0 && rtcResources().sources === 0, 'the server peer released', 5_000, () => JSON.stringify(rtcResources()));
    await until(() => r.disconnects.length > 0, 'the SDK to report the drop', 5_000, () => describeSdk(r));
    expect(r.disconnects[0]?.reason).toBe('lost');
    await untilReleased('after terminate');
    const game = gameOf(s, run.scId);
    expect(game?.figures().viewers).toBe(0);
    await noLoopRuns(game ? [game] : []);
    expect(playSession(s, run.scId)?.status).toBe('hangup');
  }, 20_000);

  it('a mock session reset releases every stream and ends the games', async () => {
    const a = await runningGame(s, FREE_TRIAL);
    const b = await runningGame(s, MEMBER);
    const ra = rtcSdk(s);
    const rb = rtcSdk(s);
    ra.sdk.start(a.target);
    rb.sdk.start(b.target);
    await untilFrames(ra, 3);
    await untilFrames(rb, 3);
    expect(rtcResources()).toEqual({ peers: 2, sources: 2 });
    const games = [gameOf(s, a.scId), gameOf(s, b.scId)].filter((g) => g !== undefined);
    expect(games).toHaveLength(2);
    const oldState = gameStateOf({ session: s.app.sessions.get(DEFAULT_SESSION) });

    const reset = await json(s.port, 'POST', '/__mock/reset');
    expect(reset.status).toBe(200);
    await untilReleased('after reset');
    await until(() => ra.disconnects.length > 0 && rb.disconnects.length > 0, 'both SDKs to see the close', 5_000);
    expect(oldState.disposed).toBe(true);
    for (const sc of [a.scId, b.scId]) expect(oldState.sessions.get(sc)?.game).toBeUndefined();
    await noLoopRuns(games);
    expect((await network(s, 'GET')).body.streams).toEqual([]);
  }, 30_000);
});

describe('socket transport (video: false; SPEC §4 Progress)', () => {
  it('SPEC §4 Progress: a scenario with video false greets with socket; progress comes from the server on the session clock', async () => {
    useScript(s, { video: false });
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await until(() => r.sdk.transport === 'socket', 'hello (socket)', 5_000, () => describeSdk(r));
    const seen: StreamProgressValue[] = [];
    for (const value of [30, 50, 80, 100] as const) {
      s.clock.advance(500);
      await until(() => r.progress.length === seen.length + 1, `progress ${value}`, 5_000, () => describeSdk(r));
      seen.push(value);
      expect(r.progress).toEqual(seen);
    }
    // Status frames a second, with the input the server has seen; no video and no WebRTC.
    const seq = key(r, 'ArrowRight', true);
    await until(() => gameStateOf({ session: s.app.sessions.get(DEFAULT_SESSION) }).sessions.get(run.scId)?.streams.size === 1, 'the stream', 2_000);
    // The server has the input once a round trip on the socket is back; the next status frame then carries it.
    await roundTrip(streamSocket(r));
    s.clock.advance(1_000);
    await roundTrip(streamSocket(r));
    expect(r.sdk.lastReport).toMatchObject({ type: 'frame', input_seq: seq, inputs: 1, last_input: 'keyboard', game: null });
    expect(r.sdk.framesPresented).toBe(0);
    expect(rtcResources()).toEqual({ peers: 0, sources: 0 });
    expect(liveClientPeers()).toBe(0);
    expect(gameOf(s, run.scId)).toBeUndefined();
    expect((await r.sdk.stats())?.transport).toBe('socket');
    // The SDK's video watchdogs do not apply to the socket transport.
    expect(r.disconnects).toEqual([]);
  }, 20_000);

  it('SPEC §4 Progress: an app started with video: false greets with socket and sends progress 30 on the session clock', async () => {
    const plain = await startApp();
    try {
      const run = await runningGame(plain, FREE_TRIAL);
      const sock = await openSocket(plain.port, `/socket/${run.target.stream_url}`);
      await expect(sock.next()).resolves.toEqual({ type: 'hello', transport: 'socket', level_config: run.target.level_config });
      plain.clock.advance(500);
      await expect(sock.next()).resolves.toEqual({ type: 'progress', value: 30, stage: 'server_connect' });
      sock.ws.close();
      await sock.closed();
    } finally {
      await plain.close();
    }
  }, 20_000);
});
