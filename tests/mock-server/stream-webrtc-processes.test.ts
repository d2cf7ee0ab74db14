/**
 * Games in stream processes (docs/decisions/0028-stream-processes.md): with `streamProcesses` the game loop, its
 * picture, sound and WebRTC peer run in child processes, and the mock's own process holds none of them; a stream
 * process that dies ends only its own streams, through the SPEC §4 reconnect path, and the journal says why.
 * The app's mock SDK plays over real WebRTC in this process (rtc-helpers.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { STREAM_EVENT } from '../../web/api/contract.ts';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import { rtcResources } from '../../mock-server/stream/rtc-peer.ts';
import { until } from '../wait.ts';
import { FREE_TRIAL, MEMBER, useScript } from './game-helpers.ts';
import { roundTrip, startApp, type Started } from './helpers.ts';
import { describeSdk, destroyAllSdks, gameOf, key, playSession, presentedSeq, rtcSdk, runningGame, setGrade, streamSocket, untilFrames } from './rtc-helpers.ts';

let s: Started | undefined;
afterEach(async () => {
  destroyAllSdks();
  await s?.close();
  s = undefined;
}, 30_000);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('stream processes (decision 0028)', () => {
  it('a game streams from a stream process: frames, input and clarity reach the player; the mock holds no peer', async () => {
    s = await startApp({ video: true, streamProcesses: 2 });
    const started = s;
    const run = await runningGame(started, FREE_TRIAL);
    const r = rtcSdk(started);
    r.sdk.start(run.target);
    await untilFrames(r, 10, 30_000);
    expect(r.progress).toEqual([30, 50, 80, 100]);
    // Started with the first game (not warm), one so far.
    expect(started.app.streamPids()).toHaveLength(1);
    // The peer and its sources are in the stream process, not here.
    expect(rtcResources()).toEqual({ peers: 0, sources: 0 });
    await until(() => gameOf(started, run.scId)?.figures().viewers === 1, 'the game’s figures from its process', 5_000);

    const seq = key(r, 'ArrowRight', true);
    await until(() => presentedSeq(r) >= seq, 'a frame showing the key', 10_000, () => describeSdk(r));
    await until(() => (gameOf(started, run.scId)?.figures().inputSeq ?? 0) >= seq, 'the game’s figures count the key', 5_000);

    await setGrade(started, run, 6);
    await until(() => r.sdk.lastPresented?.width === 640 && r.sdk.lastPresented.height === 360, 'frames at 640 × 360', 5_000, () => JSON.stringify(r.sdk.lastPresented));
    expect(r.disconnects).toEqual([]);
  }, 60_000);

  it('SPEC §4 Stream events: input applied in the stream process starts the 45001 wait again in the main process', async () => {
    s = await startApp({ video: true, streamProcesses: 1 });
    const started = s;
    useScript(started, { idleAfterMs: 1_500 });
    const run = await runningGame(started, FREE_TRIAL);
    const r = rtcSdk(started);
    r.sdk.start(run.target);
    await untilFrames(r, 1, 30_000);
    // The wait is on the session clock (the helper's manual clock); the input arrives 1 s into it.
    started.clock.advance(1_000);
    key(r, 'Space', true);
    await until(() => gameOf(started, run.scId)?.figures().inputs === 1, 'the input at the game', 10_000);
    started.clock.advance(1_499);
    await roundTrip(streamSocket(r));
    expect(r.events, 'no event 1.499 s after the input (2.499 s after the stream came up)').toEqual([]);
    started.clock.advance(1);
    await until(() => r.events.length > 0, 'event 45001', 5_000, () => describeSdk(r));
    expect(r.events.map((e) => e.code)).toEqual([STREAM_EVENT.idle]);
  }, 60_000);

  it('SPEC §4 Reconnect: a killed stream process ends only its streams; the player reconnects to a new game of the same session', async () => {
    s = await startApp({ video: true, streamProcesses: 2 });
    const started = s;
    const a = await runningGame(started, FREE_TRIAL);
    const b = await runningGame(started, MEMBER);
    const ra = rtcSdk(started);
    const rb = rtcSdk(started);
    ra.sdk.start(a.target);
    await untilFrames(ra, 5, 30_000);
    rb.sdk.start(b.target);
    await untilFrames(rb, 5, 30_000);
    // One game a process (the fewest games first): the first process holds a's game.
    const [first, second] = started.app.streamPids();
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    const gameA = gameOf(started, a.scId);

    process.kill(first ?? 0, 'SIGKILL');
    await until(() => ra.disconnects.length > 0, 'a’s stream lost', 10_000, () => describeSdk(ra));
    expect(ra.disconnects[0]?.reason).toBe('lost');
    // b plays on: frames keep coming on the same connection.
    const bFrames = rb.sdk.framesPresented;
    await until(() => rb.sdk.framesPresented >= bFrames + 30, 'b’s frames go on', 10_000, () => describeSdk(rb));
    expect(rb.disconnects).toEqual([]);
    expect(alive(second ?? 0)).toBe(true);
    // a's session is waiting for its player (hang-up), its game gone with the process.
    expect(playSession(started, a.scId)?.status).toBe('hangup');
    expect(gameOf(started, a.scId)).toBeUndefined();
    const closes = started.app.sessions
      .get(DEFAULT_SESSION)
      .journal.entries()
      .filter((e) => e.kind === 'ws-close' && e.code === 1011);
    expect(closes.map((e) => e.msg)).toEqual(['stream process ended by SIGKILL']);

    ra.clear();
    ra.sdk.reconnect(a.target);
    await untilFrames(ra, 5, 30_000);
    expect(ra.progress).toEqual([30, 50, 80, 100]);
    expect(playSession(started, a.scId)?.status).toBe('running');
    expect(gameOf(started, a.scId)).not.toBe(gameA);
    expect(started.app.streamPids()).toHaveLength(2);
    expect(started.app.streamPids()).not.toContain(first);
    expect(ra.disconnects).toEqual([]);
  }, 90_000);

  it('closing the app ends its stream processes', async () => {
    s = await startApp({ video: true, streamProcesses: 1, warmStreamProcesses: true });
    const started = s;
    await until(() => started.app.streamPids().length === 1, 'a warm stream process', 10_000);
    const [pid] = started.app.streamPids();
    await started.close();
    s = undefined;
    await until(() => !alive(pid ?? 0), 'the stream process gone', 5_000);
  }, 30_000);
});
