/**
 * The game stream over real WebRTC (decision 0005): the app's own mock SDK
 * (web/game/mock-sdk.ts) in Node with @roamhq/wrtc's peer connection, a
 * presenter reading the frame code from every decoded frame, and `ws`,
 * against the in-process mock cloud streaming a real game (video: true).
 * This file: connecting, input, clarity and idleness; network conditions and
 * scripted stalls are in stream-webrtc-network.test.ts, resources and the
 * socket transport in stream-webrtc-resources.test.ts.
 *
 * Clocks: the game loop and the video run on real time (the server's
 * frameClock); the mock session's scripted timers (idleness, the socket
 * transport's progress) run on the helper's manual clock, moved by the test,
 * after which a round trip on the stream socket shows what the move sent;
 * the SDK's watchdog runs on a real system clock. Every wait polls a
 * condition with a time limit; nothing sleeps a fixed time to let something
 * happen (the few "nothing happens" checks on real time watch a bounded window).
 */
import { describe, expect, it } from 'vitest';
import { STREAM_EVENT } from '../../web/api/contract.ts';
import { LEVELS } from '../../mock-server/game/sessions.ts';
import { rtcResources } from '../../mock-server/stream/rtc-peer.ts';
import { until } from '../wait.ts';
import { FREE_TRIAL, useScript } from './game-helpers.ts';
import { openSocket, roundTrip, type Started } from './helpers.ts';
import {
  describeSdk,
  gameOf,
  key,
  openedSockets,
  playSession,
  presentedSeq,
  rtcSdk,
  runningGame,
  setGrade,
  streamSocket,
  untilFrames,
  untilReleased,
  useRtcApp,
} from './rtc-helpers.ts';
import { clientPeerConnection, nodePresenterHearing, type HeardSound } from './rtc-peers.ts';

let s: Started;
useRtcApp((started) => (s = started));

describe('WebRTC stream: connecting (SPEC §4 Progress)', () => {
  it('SPEC §4 Progress: 30, 50, 80, 100 in order over real WebRTC; frames at the clarity size; hello says webrtc', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const level = run.target.level_config;
    expect(level).toEqual(LEVELS[level.display_grade]);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await untilFrames(r, 1);
    expect(r.sdk.transport).toBe('webrtc');
    // Each real step once, in order: greeted (30), answered (50), ICE connected (80), first frame presented (100).
    expect(r.progress).toEqual([30, 50, 80, 100]);
    // Frames keep coming, at the session's clarity, and carry a readable frame code.
    const first = r.sdk.framesPresented;
    await until(() => r.sdk.framesPresented >= first + 30, '30 more frames', 10_000, () => describeSdk(r));
    expect(r.sdk.lastPresented).toMatchObject({ width: level.width, height: level.height });
    expect(r.sdk.lastPresented?.code).not.toBeNull();
    expect(r.sdk.lastReport).toMatchObject({ type: 'frame', game: { kind: expect.any(String) as string } });
    expect(r.disconnects).toEqual([]);
    expect(rtcResources()).toEqual({ peers: 1, sources: 1 });
    expect(gameOf(s, run.scId)?.figures().viewers).toBe(1);
  }, 30_000);

  it('the game’s sound arrives beside the picture: an Opus track, decoded at the receiver, not silent (decision 0027)', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const heard: HeardSound = { chunks: 0, peak: 0 };
    const r = rtcSdk(s, { presenter: nodePresenterHearing(heard) });
    r.sdk.start(run.target);
    await untilFrames(r, 1);
    // A second of sound with the music in it (the receiver plays 10 ms a chunk whether packets came or not: the
    // level, not the count, shows the game's sound arrived).
    await until(() => heard.chunks >= 100 && heard.peak > 1_000, 'a second of sound', 10_000, () => JSON.stringify(heard));
    expect(gameOf(s, run.scId)?.figures().soundChunks).toBeGreaterThan(50);
    expect(r.disconnects).toEqual([]);
  }, 30_000);

  it('SPEC §4 Progress: hello on the stream socket names the transport and the clarity (webrtc by default)', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const sock = await openSocket(s.port, `/socket/${run.target.stream_url}`);
    await expect(sock.next()).resolves.toEqual({ type: 'hello', transport: 'webrtc', level_config: run.target.level_config });
    sock.ws.close();
    await sock.closed();
    await untilReleased('raw socket closed before any offer');
  }, 20_000);

  /**
   * Regression (fixed in 935d000): 50 came only after the answer's early candidates were added while
   * 80 came straight from the connection state, so ICE connecting in between gave 30, 80, 50, 100
   * (in most runs on loopback). This client makes that window certain: its offer carries its
   * candidates and its answer settles only once connected.
   */
  it('SPEC §4 Progress: 30 → 50 → 80 → 100 in order, even when the answer settles after ICE connected', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s, { PeerConnection: clientPeerConnection({ offerWithCandidates: true, answerSettlesAfterConnect: true }) });
    r.sdk.start(run.target);
    await untilFrames(r, 1);
    expect(r.progress).toEqual([30, 50, 80, 100]);
  }, 30_000);
});

describe('WebRTC stream: input and its latency (docs/stream-stats.md)', () => {
  it('numbered input reaches the game: the frame code carries its seq, the player moves, stats measure latency and fps', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await untilFrames(r, 5);
    await until(() => r.sdk.lastReport?.game?.player !== undefined, 'a frame report with the player', 10_000, () => describeSdk(r));
    const x0 = r.sdk.lastReport?.game?.player.x ?? 0;
    expect(presentedSeq(r)).toBe(0);
    await r.sdk.stats(); // A first sample, so the next one has rates.

    const seq = key(r, 'ArrowRight', true);
    expect(seq).toBe(1);
    await until(() => presentedSeq(r) >= seq, `a presented frame reflecting input ${seq}`, 10_000, () => describeSdk(r));
    await until(() => (r.sdk.lastReport?.game?.player.x ?? 0) > x0 + 0.05, 'the player to move right', 10_000, () => JSON.stringify(r.sdk.lastReport?.game));
    expect(r.sdk.lastReport).toMatchObject({ last_input: 'keyboard', inputs: 1 });
    expect(r.sdk.lastReport?.input_seq).toBe(seq);
    const figures = gameOf(s, run.scId)?.figures();
    expect(figures).toMatchObject({ inputs: 1, inputSeq: seq });

    const stats = await r.sdk.stats();
    expect(stats).not.toBeNull();
    expect(stats?.transport).toBe('webrtc');
    expect(stats?.inputLatencyMs).toEqual(expect.any(Number));
    expect(stats?.inputLatencyMs ?? -1).toBeGreaterThanOrEqual(0);
    expect(stats?.inputLatencyMs ?? Infinity).toBeLessThan(5_000);
    expect(stats?.fps ?? 0).toBeGreaterThan(0);
    expect(stats).toMatchObject({ width: run.target.level_config.width, height: run.target.level_config.height });

    // Letting go stops the player; later input numbers follow on.
    const up = key(r, 'ArrowRight', false);
    await until(() => presentedSeq(r) >= up && (r.sdk.lastReport?.input_seq ?? 0) >= up, `input ${up} presented and reported`, 10_000, () => describeSdk(r));
    const x1 = r.sdk.lastReport?.game?.player.x ?? 0;
    const f = r.sdk.framesPresented;
    await until(() => r.sdk.framesPresented >= f + 10, '10 more frames', 10_000);
    expect(r.sdk.lastReport?.game?.player.x).toBeCloseTo(x1, 5);
  }, 40_000);
});

describe('WebRTC stream: clarity (SPEC §7 display_grade)', () => {
  it('SPEC §7 display_grade: changes the presented frame size within about a second, without reconnecting', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await untilFrames(r, 5);
    expect(r.sdk.lastPresented).toMatchObject({ width: 960, height: 540 });
    const sockets = openedSockets.length;
    const game = gameOf(s, run.scId);

    const level = await setGrade(s, run, 6);
    expect(level).toEqual(LEVELS[6]);
    const t0 = Date.now();
    await until(
      () => r.sdk.lastPresented?.width === 640 && r.sdk.lastPresented.height === 360,
      'frames at 640 × 360',
      5_000,
      () => JSON.stringify(r.sdk.lastPresented),
    );
    const tookMs = Date.now() - t0;
    console.log(`stream-webrtc clarity: 960×540 → 640×360 presented ${tookMs} ms after display_grade answered`);
    // "Within ~1 s" on an idle machine; the bound leaves room for a busy 2-core one.
    expect(tookMs).toBeLessThan(2_500);

    // The same connection: no new socket, no new progress, no disconnect, the same game.
    expect(openedSockets.length).toBe(sockets);
    expect(r.progress).toHaveLength(4);
    expect(r.disconnects).toEqual([]);
    expect(rtcResources()).toEqual({ peers: 1, sources: 1 });
    expect(gameOf(s, run.scId)).toBe(game);
    const f = r.sdk.framesPresented;
    await until(() => r.sdk.framesPresented >= f + 20, 'frames keep coming at the new size', 10_000);
    expect(r.sdk.lastPresented).toMatchObject({ width: 640, height: 360 });
    expect(r.sdk.lastPresented?.code).not.toBeNull();

    // And up again.
    await setGrade(s, run, 8);
    await until(() => r.sdk.lastPresented?.width === 960 && r.sdk.lastPresented.height === 540, 'frames at 960 × 540 again', 5_000, () => JSON.stringify(r.sdk.lastPresented));
    expect(r.disconnects).toEqual([]);
  }, 40_000);
});

describe('WebRTC stream: idleness (SPEC §4 Stream events 45001)', () => {
  it('SPEC §4 Stream events: no input for idleAfterMs sends 45001; input starts the wait again', async () => {
    useScript(s, { idleAfterMs: 1_500 });
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await untilFrames(r, 1);
    // The wait was armed when ICE connected, on the session clock (the helper's manual clock).
    s.clock.advance(1_000);
    await roundTrip(streamSocket(r));
    expect(r.events, 'no event 1 s in').toEqual([]);

    const seq = key(r, 'Space', true);
    await until(() => gameOf(s, run.scId)?.figures().inputs === 1, 'the input at the server', 5_000);
    s.clock.advance(1_000); // 2 s after the stream came up, 1 s after the input.
    await roundTrip(streamSocket(r));
    expect(r.events, 'no event 1 s after the input').toEqual([]);
    s.clock.advance(499);
    await roundTrip(streamSocket(r));
    expect(r.events, 'no event 1.499 s after the input').toEqual([]);
    s.clock.advance(1);
    await until(() => r.events.length > 0, 'event 45001', 5_000, () => describeSdk(r));
    expect(r.events).toHaveLength(1);
    expect(r.events[0]?.code).toBe(STREAM_EVENT.idle);
    expect(r.events[0]?.msg).toEqual(expect.any(String));
    expect(seq).toBe(1);
    // Idleness is reported, not acted on by the cloud: the stream goes on.
    const f = r.sdk.framesPresented;
    await until(() => r.sdk.framesPresented > f + 5, 'frames after 45001', 5_000);
    expect(r.disconnects).toEqual([]);
    expect(playSession(s, run.scId)?.status).toBe('running');
  }, 30_000);
});
