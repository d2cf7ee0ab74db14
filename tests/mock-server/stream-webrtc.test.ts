/**
 * The game stream over real WebRTC (issue 7): the app's own mock SDK
 * (web/game/mock-sdk.ts) in Node with @roamhq/wrtc's peer connection, a
 * presenter reading the frame code from every decoded frame, and `ws`,
 * against the in-process mock cloud streaming a real game (video: true).
 *
 * Clocks: the game loop and the video run on real time (the server's
 * frameClock); the mock session's scripted timers (idleness, the socket
 * transport's progress) run on the helper's manual clock, moved by the test;
 * the SDK's watchdog runs on a real system clock. Every wait polls a
 * condition with a time limit; nothing sleeps a fixed time to let something
 * happen (the few "nothing happens" checks watch a bounded window).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STREAM_EVENT, type StreamProgressValue } from '../../web/api/contract.ts';
import { LEVELS } from '../../mock-server/game/sessions.ts';
import { gameStateOf } from '../../mock-server/game/state.ts';
import { rtcResources } from '../../mock-server/stream/rtc-peer.ts';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import { json } from './control-helpers.ts';
import { FREE_TRIAL, MEMBER, player, useScript } from './game-helpers.ts';
import { openSocket, rawRequest, startApp, type Started } from './helpers.ts';
import {
  describeSdk,
  destroyAllSdks,
  clientPeerConnection,
  gameOf,
  guardWrtcLocalDescription,
  holds,
  liveClientPeers,
  liveSinks,
  network,
  openedSockets,
  playFor,
  playSession,
  rtcSdk,
  runningGame,
  setGrade,
  stopGame,
  until,
  untilAsync,
  untilFrames,
  type Running,
  type SdkRecord,
} from './rtc-helpers.ts';

const numeric = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

// A native crash of wrtc (reading localDescription during ICE gathering) would otherwise take the
// worker down every few runs: see guardWrtcLocalDescription in rtc-helpers.ts; WRTC_UNGUARDED=1 turns it off.
let unguard: () => void = () => undefined;
beforeAll(() => {
  unguard = guardWrtcLocalDescription();
});
afterAll(() => unguard());

let s: Started;
// Generous hook limits: the machine has two cores and other work runs on it.
beforeEach(async () => {
  s = await startApp({ video: true });
}, 30_000);
afterEach(async () => {
  destroyAllSdks();
  await s.close();
}, 30_000);

/** Nothing of any stream is left: server peers and video sources, client peers and sinks. */
async function untilReleased(what: string, limitMs = 5_000): Promise<void> {
  await until(
    () => rtcResources().peers === 0 && rtcResources().sources === 0 && liveClientPeers() === 0 && liveSinks() === 0,
    `${what}: every WebRTC resource released`,
    limitMs,
    () => JSON.stringify({ server: rtcResources(), clientPeers: liveClientPeers(), sinks: liveSinks() }),
  );
}

/** Keyboard input through the SDK while a stream is up; answers the seq it went with (the SDK numbers from 1, across its connections). */
function key(r: SdkRecord, code: string, down: boolean): number {
  r.sent += 1;
  r.sdk.sendKey(code, down);
  return r.sent;
}

/** The input seq the last presented frame reflects, read from its pixels. */
const presentedSeq = (r: SdkRecord): number => r.sdk.lastPresented?.code?.inputSeq ?? -1;

interface FrameWindow {
  /** Frames presented per second of real time. */
  fps: number;
  /** Share of the frames the game made (sent or dropped) in the window that the client presented. */
  presentedShare: number;
  /** Share of the frames the game made in the window that the network conditions dropped. */
  droppedShare: number;
}

/**
 * What reached the player over `ms` of real time, against what the game made meanwhile: the share is
 * what a busy machine does not change (a slower loop makes fewer frames and shows fewer alike).
 */
async function frameWindow(r: SdkRecord, game: { figures(): { framesSent: number; framesDropped: number } } | undefined, ms: number): Promise<FrameWindow> {
  const made = (): { all: number; dropped: number } => {
    const f = game?.figures();
    return { all: (f?.framesSent ?? 0) + (f?.framesDropped ?? 0), dropped: f?.framesDropped ?? 0 };
  };
  const from = r.sdk.framesPresented;
  const m0 = made();
  const t0 = Date.now();
  await until(() => Date.now() - t0 >= ms, `${ms} ms of frames`, ms + 5_000);
  const m1 = made();
  const presented = r.sdk.framesPresented - from;
  const all = Math.max(1, m1.all - m0.all);
  return { fps: (presented * 1000) / (Date.now() - t0), presentedShare: presented / all, droppedShare: (m1.dropped - m0.dropped) / all };
}

/** One input's latency as the SDK measures it (sent → first presented frame reflecting it), via stats(). */
async function measuredLatency(r: SdkRecord, limitMs = 10_000): Promise<number> {
  await r.sdk.stats(); // Takes what is pending, so the next figure is this input's alone.
  const seq = key(r, 'ArrowLeft', r.sent % 2 === 0);
  await until(() => presentedSeq(r) >= seq, `input ${seq} on a presented frame`, limitMs, () => describeSdk(r));
  const got: number[] = [];
  await untilAsync(
    async () => {
      const v = (await r.sdk.stats())?.inputLatencyMs;
      if (typeof v === 'number') got.push(v);
      return got.length > 0;
    },
    'an input latency figure',
    5_000,
  );
  return got[0] as number;
}

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

describe('WebRTC stream: input (issue 7 input latency)', () => {
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

describe('WebRTC stream: network conditions (POST /__mock/network; SPEC §4 Reconnect)', () => {
  it('SPEC §4 Reconnect: a stall stops the frames, the SDK reports lost after stallMs, and a reconnect continues the same game', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s, { stallMs: 1_500 });
    r.sdk.start(run.target);
    await untilFrames(r, 10);
    const game = gameOf(s, run.scId);
    expect(game).toBeDefined();

    const stalled = await network(s, 'POST', { stall: true });
    expect(stalled.status).toBe(200);
    expect(stalled.body.network).toEqual({ latencyMs: 0, bitrateKbps: 0, dropPercent: 0, stall: true });
    const stalledAt = Date.now();
    // No new frames: the server drops every one (framesDropped rises), the SDK sees none, then reports lost.
    await until(() => r.disconnects.length > 0, "disconnect('lost') after 1.5 s without frames", 8_000, () => describeSdk(r));
    const lostAfter = Date.now() - stalledAt;
    expect(r.disconnects).toEqual([{ reason: 'lost', message: 'no video for 1.5 s' }]);
    // stallMs 1500, checked once a second: between 1.5 s and (1.5 + 1 + slack) s.
    expect(lostAfter).toBeGreaterThanOrEqual(1_400);
    expect(lostAfter).toBeLessThan(5_000);
    const before = game?.figures();
    expect(before?.framesDropped ?? 0).toBeGreaterThan(30);
    await until(() => rtcResources().peers === 0, 'the lost stream to release its peer', 5_000);
    expect(playSession(s, run.scId)?.status).toBe('hangup');
    const frameBefore = r.sdk.lastPresented?.code?.frame ?? 0;

    // Stall off, reconnect: the same game continues (same object, counters go on).
    expect((await network(s, 'POST', { stall: false })).body.network.stall).toBe(false);
    r.clear();
    r.sdk.reconnect(run.target);
    await untilFrames(r, 5);
    expect(r.progress).toEqual([30, 50, 80, 100]);
    expect(playSession(s, run.scId)?.status).toBe('running');
    expect(gameOf(s, run.scId)).toBe(game);
    const after = game?.figures();
    expect(after?.ticks ?? 0).toBeGreaterThan(before?.ticks ?? 0);
    expect(after?.framesSent ?? 0).toBeGreaterThan(before?.framesSent ?? 0);
    expect(after?.viewers).toBe(1);
    // The frame code counts on from where the game was, not from 1 (modulo 2^16).
    expect(r.sdk.lastPresented?.code?.frame ?? 0).toBeGreaterThan(frameBefore);
    expect(r.disconnects).toEqual([]);
    expect(rtcResources()).toEqual({ peers: 1, sources: 1 });
  }, 40_000);

  it('dropPercent 50 lowers the delivered frame rate; the figures count the drops', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    await setGrade(s, run, 6);
    const r = rtcSdk(s);
    r.sdk.start({ ...run.target, level_config: LEVELS[6] });
    await untilFrames(r, 30);
    const game = gameOf(s, run.scId);
    const base = await frameWindow(r, game, 2_000);

    const res = await network(s, 'POST', { dropPercent: 50 });
    expect(res.body.network.dropPercent).toBe(50);
    await frameWindow(r, game, 300); // Frames made before the change drain.
    const dropped = await frameWindow(r, game, 2_000);
    console.log(`stream-webrtc drop: ${JSON.stringify({ base, dropped })}`);
    expect(base.droppedShare).toBe(0);
    expect(dropped.droppedShare).toBeGreaterThan(0.3);
    expect(dropped.droppedShare).toBeLessThan(0.7);
    // The player sees about half of what the game makes, where they saw nearly all of it.
    expect(dropped.fps).toBeGreaterThan(0);
    expect(dropped.presentedShare).toBeLessThan(base.presentedShare * 0.75);
    expect(dropped.presentedShare).toBeLessThan(0.7);

    // DELETE goes back to the script's conditions.
    const cleared = await network(s, 'DELETE');
    expect(cleared.body.network).toEqual({ latencyMs: 0, bitrateKbps: 0, dropPercent: 0, stall: false });
    expect(r.disconnects).toEqual([]);
  }, 40_000);

  it('latencyMs 200 raises the measured input latency by both ways (input up, video down)', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    await setGrade(s, run, 6);
    const r = rtcSdk(s);
    r.sdk.start({ ...run.target, level_config: LEVELS[6] });
    await untilFrames(r, 10);
    const base: number[] = [];
    for (let i = 0; i < 5; i++) base.push(await measuredLatency(r));

    await network(s, 'POST', { latencyMs: 200 });
    const slow: number[] = [];
    for (let i = 0; i < 5; i++) slow.push(await measuredLatency(r));
    const median = (xs: number[]): number => numeric(xs)[2] ?? NaN;
    console.log(`stream-webrtc latency: input → presented frame, ms: base ${JSON.stringify(base.map(Math.round))}, latencyMs 200 ${JSON.stringify(slow.map(Math.round))}`);
    // 200 ms up (input waits) + 200 ms down (frames wait) on top of the base.
    expect(median(slow)).toBeGreaterThanOrEqual(380);
    expect(median(slow)).toBeGreaterThan(median(base) + 300);
    expect(r.disconnects).toEqual([]);
  }, 60_000);

  it('bitrateKbps is accepted; GET shows the conditions and each stream figures (framesSent, framesDropped, inputs)', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await untilFrames(r, 5);
    key(r, 'ArrowUp', true);
    await until(() => presentedSeq(r) >= 1, 'input 1 presented', 10_000, () => describeSdk(r));

    // Received bitrate as the SDK measures it (getStats), before and under the cap.
    const bitrate = async (): Promise<number | null> => (await r.sdk.stats())?.bitrateKbps ?? null;
    let before: number | null = null;
    await untilAsync(async () => ((before = await bitrate()) ?? 0) > 600, 'the uncapped stream above 600 kbit/s', 10_000, () => String(before), 500);

    const posted = await network(s, 'POST', { bitrateKbps: 400 });
    expect(posted.status).toBe(200);
    expect(posted.body.network).toEqual({ latencyMs: 0, bitrateKbps: 400, dropPercent: 0, stall: false });
    // The cap renegotiates the running connection: frames keep coming, nothing reconnects.
    const f = r.sdk.framesPresented;
    await until(() => r.sdk.framesPresented >= f + 30, 'frames after the new cap', 10_000, () => describeSdk(r));
    let after: number | null = null;
    await untilAsync(async () => ((after = await bitrate()) ?? Infinity) < 400 * 1.25, 'the stream under the 400 kbit/s cap', 10_000, () => String(after), 500);
    console.log(`stream-webrtc bitrate: ${Math.round(before ?? 0)} kbit/s, then ${Math.round(after ?? 0)} kbit/s under a 400 kbit/s cap`);
    expect(r.disconnects).toEqual([]);

    const got = await network(s, 'GET');
    expect(got.status).toBe(200);
    expect(got.body.session).toBe(DEFAULT_SESSION);
    expect(got.body.network).toEqual({ latencyMs: 0, bitrateKbps: 400, dropPercent: 0, stall: false });
    expect(got.body.streams).toHaveLength(1);
    const row = got.body.streams[0];
    expect(row).toMatchObject({ sc_id: run.scId, status: 'running', viewers: 1, inputs: 1, inputSeq: 1, framesDropped: 0 });
    expect(row?.framesSent ?? 0).toBeGreaterThan(30);

    // Patches merge; the X-Mock-Session header picks the session as ?session= does, and sessions are apart.
    const other = await json<{ network: unknown; streams: unknown[] }>(s.port, 'POST', '/__mock/network', { latencyMs: 50 }, 'qa-other');
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ network: { latencyMs: 50, bitrateKbps: 0, dropPercent: 0, stall: false }, streams: [] });
    expect((await network(s, 'POST', { dropPercent: 5 })).body.network).toEqual({ latencyMs: 0, bitrateKbps: 400, dropPercent: 5, stall: false });
  }, 40_000);

  it('bad bodies answer 400 with a message naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ latencyMs: -1 }, /latencyMs/],
      [{ latencyMs: 1.5 }, /latencyMs/],
      [{ latencyMs: 60_000 }, /latencyMs/],
      [{ bitrateKbps: '500' }, /bitrateKbps/],
      [{ dropPercent: 101 }, /dropPercent/],
      [{ stall: 'yes' }, /stall/],
      [{ stall: 1 }, /stall/],
      [{ jitterMs: 5 }, /jitterMs/],
      [[{ stall: true }], /object/i],
    ];
    for (const [body, field] of cases) {
      const res = await network(s, 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatch(field);
    }
    const empty = await json(s.port, 'POST', '/__mock/network?session=default', undefined);
    expect(empty.status).toBe(200); // An empty body is an empty patch.
    const broken = await rawJson(s, '{"stall": tru');
    expect(broken.status).toBe(400);
    expect(broken.error).toMatch(/Malformed JSON/);
    // Nothing was applied by the refused ones.
    expect((await network(s, 'GET')).body.network).toEqual({ latencyMs: 0, bitrateKbps: 0, dropPercent: 0, stall: false });
    const put = await json(s.port, 'PUT', '/__mock/network', { stall: true });
    expect(put.status).toBe(405);
  }, 20_000);
});

async function rawJson(st: Started, text: string): Promise<{ status: number; error: string }> {
  const res = await rawRequest(st.port, { method: 'POST', path: '/__mock/network', headers: { 'content-type': 'application/json' }, body: text });
  return { status: res.status, error: (JSON.parse(res.text) as { error: string }).error };
}

describe('WebRTC stream: scripted stalls (scenario progress.stallAt; SPEC §4 Progress, §9 SDK init wait)', () => {
  it('SPEC §4 Progress, §9 SDK init wait: stallAt 30: the offer is never answered, progress stops at 30 and the SDK reports failed after connectTimeoutMs', async () => {
    useScript(s, { progress: { stallAt: 30 } });
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s, { connectTimeoutMs: 2_000 });
    const t0 = Date.now();
    r.sdk.start(run.target);
    await until(() => r.disconnects.length > 0, "disconnect('failed')", 8_000, () => describeSdk(r));
    // The client's trickled candidates reach the server meanwhile: they must wait, not end the stream.
    expect(Date.now() - t0, `${describeSdk(r)} ${s.logs.filter((l) => l.startsWith('stream')).join(' / ')}`).toBeGreaterThanOrEqual(1_900);
    expect(r.progress).toEqual([30]);
    expect(r.sdk.framesPresented).toBe(0);
    expect(r.disconnects).toEqual([{ reason: 'failed', message: 'The video stream did not connect within 2 s.' }]);
    expect(gameOf(s, run.scId)?.figures().ticks ?? 0).toBe(0);
    await untilReleased('a stream stalled at 30');
  }, 20_000);

  /**
   * Regression (fixed in 935d000): stallAt 50 stripped the candidates from the answer and ignored the
   * trickled ones, but not those the offer SDP carried; the cloud's checks then made a peer-reflexive
   * pair and the stream connected. This client's offer always carries its candidates.
   */
  it('SPEC §4 Progress, §9 SDK init wait: stallAt 50: answered but ICE never connects, progress stops at 50', async () => {
    useScript(s, { progress: { stallAt: 50 } });
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s, { connectTimeoutMs: 3_000, PeerConnection: clientPeerConnection({ offerWithCandidates: true }) });
    r.sdk.start(run.target);
    await until(() => r.progress.includes(50), 'progress 50', 8_000, () => describeSdk(r));
    await holds(() => r.progress.length === 2 && r.sdk.framesPresented === 0, 'progress to stay at 30, 50 with no frame', 1_500);
    await until(() => r.disconnects.length > 0, "disconnect('failed')", 8_000, () => describeSdk(r));
    expect(r.progress).toEqual([30, 50]);
    expect(r.disconnects).toEqual([{ reason: 'failed', message: 'The video stream did not connect within 3 s.' }]);
    expect(gameOf(s, run.scId)?.figures().ticks ?? 0).toBe(0);
    await untilReleased('a stream stalled at 50');
  }, 20_000);

  it('SPEC §4 Progress, §9 SDK init wait: stallAt 80: connected but no frame is ever sent, progress stops at 80', async () => {
    useScript(s, { progress: { stallAt: 80 } });
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s, { connectTimeoutMs: 3_000 });
    r.sdk.start(run.target);
    await until(() => r.progress.includes(80), 'progress 80', 8_000, () => describeSdk(r));
    await holds(() => r.sdk.framesPresented === 0 && !r.progress.includes(100), 'no frame and no 100', 1_000);
    expect(r.progress).toEqual([30, 50, 80]);
    // Connected at the ICE level, yet the game never got a viewer: no loop runs.
    expect(rtcResources().peers).toBe(1);
    expect(gameOf(s, run.scId)?.figures().viewers).toBe(0);
    expect(gameOf(s, run.scId)?.figures().ticks).toBe(0);
    await until(() => r.disconnects.length > 0, "disconnect('failed')", 8_000, () => describeSdk(r));
    expect(r.disconnects).toEqual([{ reason: 'failed', message: 'The video stream did not connect within 3 s.' }]);
    await untilReleased('a stream stalled at 80');
  }, 20_000);
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
    await holds(() => r.events.length === 0, 'no event 1 s in', 200);

    const seq = key(r, 'Space', true);
    await until(() => gameOf(s, run.scId)?.figures().inputs === 1, 'the input at the server', 5_000);
    s.clock.advance(1_000); // 2 s after the stream came up, 1 s after the input.
    await holds(() => r.events.length === 0, 'no event 1 s after the input', 300);
    s.clock.advance(499);
    await holds(() => r.events.length === 0, 'no event 1.499 s after the input', 300);
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

describe('WebRTC stream: resources', () => {
  it('start/stop cycles (stop the SDK, stop_game, or close and then stop_game) leave no peer, source, sink or game loop', async () => {
    const p = await player(s, MEMBER);
    const r = rtcSdk(s);
    const games: NonNullable<ReturnType<typeof gameOf>>[] = [];
    const BUDGET_MS = 60_000;
    const MAX_CYCLES = 100;
    const BATCH = 10;
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
    expect(cycles).toBeGreaterThanOrEqual(Math.min(MAX_CYCLES, 20));
    expect(rtcResources()).toEqual({ peers: 0, sources: 0 });
  }, 120_000);

  it('a stream socket dropped abruptly (terminate) releases its peer and pauses the game', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await untilFrames(r, 3);
    expect(rtcResources()).toEqual({ peers: 1, sources: 1 });
    const ws = openedSockets.at(-1);
    expect(ws).toBeDefined();
    ws?.terminate();
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

/** No game loop of `games` ticks any more: their tick counts stay still over a bounded window. */
async function noLoopRuns(games: ReadonlyArray<{ figures(): { ticks: number; viewers: number } }>): Promise<void> {
  const ticks = games.map((g) => g.figures().ticks);
  for (const g of games) expect(g.figures().viewers).toBe(0);
  await holds(() => games.every((g, i) => g.figures().ticks === ticks[i]), 'every game loop stopped', 150);
}

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
    await untilAsync(
      async () => {
        s.clock.advance(1_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return (r.sdk.lastReport?.input_seq ?? 0) >= seq;
      },
      'a status frame with the input',
      5_000,
    );
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
