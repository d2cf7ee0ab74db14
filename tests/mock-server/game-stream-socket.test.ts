/**
 * The game stream socket of the app's mock SDK (SPEC §4 "Progress", "Stream events", "Hang-up"): progress 30/50/80/100,
 * stalling, frames and input, the stream events 43000/43001/43100/45001/54001, and taking a queue seat by connecting.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  GAME_CODE,
  HANGUP_MINUTE_MS,
  PATH,
  SOCKET_CLOSE_UNKNOWN_SESSION,
  type GameQueueResponse,
  type SeatReadyInfo,
  type StreamEventCode,
  type UserScListResponse,
} from '../../web/api/contract.ts';
import { STREAM_PROGRESS_STEP_MS } from '../../mock-server/limits.ts';
import { gameStateOf } from '../../mock-server/game/state.ts';
import { pushStreamEvent } from '../../mock-server/game/timelines.ts';
import { until } from '../wait.ts';
import { openSocket, startApp, type Started, type TestSocket, useApp } from './helpers.ts';
import { FREE_TRIAL, GAME_KEY, gameCall, MANUFACTURER, MEMBER, openStream, player, playGame, refusedStream, startPlaying, useScript, type Player } from './game-helpers.ts';

let s: Started;
useApp((started) => (s = started));

const list = (p: Player) => gameCall<UserScListResponse>(s, PATH.userScList, { manufacturer: MANUFACTURER, client_sid: 'c', sn: '1' }, p.token);
const stopGame = (p: Player, scId: string) => gameCall(s, PATH.stopGame, { sc_id: scId, game_key: GAME_KEY }, p.token);

/** Advance to 100 % (4 steps) and read the four progress messages. */
async function toFull(sock: TestSocket, stepMs = STREAM_PROGRESS_STEP_MS): Promise<unknown[]> {
  s.clock.advance(4 * stepMs);
  return [await sock.next(), await sock.next(), await sock.next(), await sock.next()];
}

/** The row of the session once the server has seen its stream close and hung it up. */
async function hungUp(p: Player, scId: string): Promise<UserScListResponse['list'][number]> {
  let row: UserScListResponse['list'][number] | undefined;
  await until(
    async () => {
      row = (await list(p)).envelope.data.list.find((r) => r.sc_id === scId);
      return (row?.hang_up_end_time ?? 0) > 0;
    },
    `${scId} hung up`,
    5_000,
    () => JSON.stringify(row),
  );
  if (!row) throw new Error(`${scId} not listed`);
  return row;
}

describe('progress (SPEC §4: server connect 30, exchange 50, game start 80, stream received 100)', () => {
  it('sends 30, 50, 80, 100 one step apart (default 500 ms)', async () => {
    const p = await player(s, MEMBER);
    const sock = await openStream(s, await startPlaying(s, p));
    s.clock.advance(STREAM_PROGRESS_STEP_MS - 1);
    expect(await sock.unread()).toEqual([]);
    const got: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      s.clock.advance(i === 0 ? 1 : STREAM_PROGRESS_STEP_MS);
      got.push(await sock.next());
    }
    expect(got).toEqual([
      { type: 'progress', value: 30, stage: 'server_connect' },
      { type: 'progress', value: 50, stage: 'exchange' },
      { type: 'progress', value: 80, stage: 'game_start' },
      { type: 'progress', value: 100, stage: 'stream_received' },
    ]);
    sock.ws.close();
  });

  it('follows script.progress.stepMs and stalls at stallAt', async () => {
    useScript(s, { progress: { stepMs: 2000, stallAt: 80 } });
    const p = await player(s, MEMBER);
    const sock = await openStream(s, await startPlaying(s, p));
    s.clock.advance(6000);
    expect([await sock.next(), await sock.next(), await sock.next()].map((m) => (m as { value: number }).value)).toEqual([30, 50, 80]);
    s.clock.advance(60_000);
    expect(await sock.unread()).toEqual([]);
    sock.ws.close();
  });

  it("the app's progressStepMs sets the pace (the e2e runs' 50 ms); a scenario's stepMs still wins", async () => {
    const own = await startApp({ progressStepMs: 50 });
    try {
      const p = await player(own, MEMBER);
      const sock = await openStream(own, await startPlaying(own, p));
      own.clock.advance(4 * 50 - 1);
      expect([await sock.next(), await sock.next(), await sock.next()].map((m) => (m as { value: number }).value)).toEqual([30, 50, 80]);
      expect(await sock.unread()).toEqual([]);
      own.clock.advance(1);
      expect(await sock.next()).toEqual({ type: 'progress', value: 100, stage: 'stream_received' });
      sock.ws.close();
      useScript(own, { progress: { stepMs: 2000 } });
      const again = await openStream(own, await startPlaying(own, await player(own, FREE_TRIAL)));
      own.clock.advance(1999);
      expect(await again.unread()).toEqual([]);
      again.ws.close();
    } finally {
      await own.close();
    }
  });

  it('a network stall holds 100 and the status frames on the socket-only stream, as the WebRTC one waits for a frame', async () => {
    useScript(s, { network: { stall: true } });
    const p = await player(s, MEMBER);
    const sock = await openStream(s, await startPlaying(s, p));
    s.clock.advance(4 * STREAM_PROGRESS_STEP_MS + 5_000);
    expect([await sock.next(), await sock.next(), await sock.next()].map((m) => (m as { value: number }).value)).toEqual([30, 50, 80]);
    expect(await sock.unread()).toEqual([]);
    // What POST /__mock/network {stall: false} does.
    gameStateOf({ session: s.app.sessions.get('default') }).network = { stall: false };
    s.clock.advance(STREAM_PROGRESS_STEP_MS);
    expect(await sock.next()).toEqual({ type: 'progress', value: 100, stage: 'stream_received' });
    s.clock.advance(1000);
    expect(await sock.next()).toMatchObject({ type: 'frame', frame: 1 });
    sock.ws.close();
  });

  it('an unknown or ended sc_id is closed with 4004', async () => {
    expect(await refusedStream(s, '999999')).toBe(SOCKET_CLOSE_UNKNOWN_SESSION);
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    await stopGame(p, scId);
    expect(await refusedStream(s, scId)).toBe(SOCKET_CLOSE_UNKNOWN_SESSION);
  });
});

describe('frames and input', () => {
  it('from 100 % sends a frame every second counting the inputs received', async () => {
    const p = await player(s, MEMBER);
    const sock = await openStream(s, await startPlaying(s, p));
    await toFull(sock);
    s.clock.advance(1000);
    expect(await sock.next()).toMatchObject({ type: 'frame', frame: 1, input_seq: 0, inputs: 0, last_input: null, game: null });
    sock.ws.send(JSON.stringify({ type: 'input', seq: 1, device: 'gamepad', buttons: Array<number>(17).fill(0), axes: [0, 0, 0.5, -1] }));
    sock.ws.send(JSON.stringify({ type: 'input', seq: 2, device: 'keyboard', key: 'KeyW', down: true }));
    sock.ws.send(JSON.stringify({ type: 'input', seq: 3, device: 'touch', x: 0.4, y: 0.6, action: 'down' }));
    // A QA client may leave seq out: the input counts, the sequence does not move.
    sock.ws.send(JSON.stringify({ type: 'input', device: 'mouse', action: 'move', dx: 4, dy: -2 }));
    await sock.sync();
    s.clock.advance(1000);
    expect(await sock.next()).toMatchObject({ type: 'frame', frame: 2, input_seq: 3, inputs: 4, last_input: 'mouse' });
    sock.ws.close();
  });

  it('answers a malformed input or unknown message with an error and keeps streaming; a heartbeat gets the time', async () => {
    const p = await player(s, MEMBER);
    const sock = await openStream(s, await startPlaying(s, p));
    sock.ws.send(JSON.stringify({ type: 'input', device: 'gamepad', buttons: 'A' }));
    expect(await sock.next()).toMatchObject({ type: 'error', msg: expect.stringMatching(/gamepad/) as string });
    sock.ws.send(JSON.stringify({ type: 'input', device: 'wheel' }));
    expect(await sock.next()).toMatchObject({ type: 'error' });
    sock.ws.send(JSON.stringify({ type: 'input', seq: -1, device: 'keyboard', key: 'KeyA', down: true }));
    expect(await sock.next()).toMatchObject({ type: 'error', msg: expect.stringMatching(/seq/) as string });
    sock.ws.send(JSON.stringify({ type: 'rtc', kind: 'offer', sdp: 'v=0' }));
    expect(await sock.next()).toMatchObject({ type: 'error', msg: expect.stringMatching(/no video/) as string });
    sock.ws.send('not json');
    expect(await sock.next()).toMatchObject({ type: 'error' });
    sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await sock.next()).toMatchObject({ type: 'heartbeat' });
    expect((await toFull(sock))[3]).toMatchObject({ value: 100 });
    sock.ws.close();
  });
});

describe('stream events (SPEC §4)', () => {
  it.each([
    [43000, true],
    [54001, true],
    [43001, false],
    [43100, false],
    [45001, false],
  ] as Array<[StreamEventCode, boolean]>)('%i at its time after progress 100; ends the session: %s', async (code, ends) => {
    useScript(s, { stream: [{ atMs: 5000, code }] });
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const sock = await openStream(s, scId);
    await toFull(sock);
    s.clock.advance(4999);
    for (let i = 0; i < 4; i++) expect(await sock.next()).toMatchObject({ type: 'frame' });
    s.clock.advance(1);
    const msg = await sock.next();
    expect(msg).toMatchObject({ type: 'event', code });
    expect(typeof (msg as { msg: unknown }).msg).toBe('string');
    if (ends) {
      expect((await sock.closed()).code).toBe(1000);
      expect((await stopGame(p, scId)).envelope.code).toBe(GAME_CODE.sessionNotFound);
    } else {
      // The frame of that same second may follow; no close and no other message.
      expect((await sock.unread()).filter((m) => (m as { type?: string }).type !== 'frame')).toEqual([]);
      expect(sock.ws.readyState).toBe(WebSocket.OPEN);
      expect((await list(p)).envelope.data.list.map((r) => r.sc_id)).toEqual([scId]);
      sock.ws.close();
    }
  });

  it('fire once per game session: a reconnected stream (43001) does not get them again', async () => {
    useScript(s, { stream: [{ atMs: 2000, code: 43001 }] });
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const first = await openStream(s, scId);
    await toFull(first);
    s.clock.advance(2000);
    await first.next(); // frame
    expect(await first.next()).toMatchObject({ type: 'event', code: 43001 });
    first.ws.close();
    await first.closed();
    expect((await gameCall(s, PATH.reconPlayGame, { sc_id: scId, game_key: GAME_KEY }, p.token)).envelope.data).toMatchObject({ code: 200 });
    const second = await openStream(s, scId);
    await toFull(second);
    s.clock.advance(5000);
    const msgs = [];
    for (let i = 0; i < 5; i++) msgs.push(await second.next());
    expect(msgs.every((m) => (m as { type: string }).type === 'frame')).toBe(true);
    second.ws.close();
  });

  it('pushStreamEvent sends one now (43000 also ends the session)', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const sock = await openStream(s, scId);
    const state = gameStateOf({ session: s.app.sessions.get('default') });
    expect(pushStreamEvent(state, 45001)).toBe(1);
    expect(await sock.next()).toMatchObject({ type: 'event', code: 45001 });
    expect(pushStreamEvent(state, 43000, scId)).toBe(1);
    expect(await sock.next()).toMatchObject({ type: 'event', code: 43000 });
    expect((await sock.closed()).code).toBe(1000);
  });
});

describe('the stream and the session', () => {
  it('connecting takes a ready queue seat: it no longer expires (SPEC §4 seat)', async () => {
    useScript(s, { queue: { positions: [] } });
    const p = await player(s, MEMBER);
    const q = (await playGame(s, p)).envelope.data as { queue_id: string };
    const poll = () => gameCall<GameQueueResponse>(s, PATH.gameQueue, { queue_id: q.queue_id, queue_grade: 1, game_key: GAME_KEY, token: p.playToken }, p.token);
    const seat = (await poll()).envelope.data as SeatReadyInfo;
    expect(seat.code).toBe(200);
    const sock = await openSocket(s.port, `/socket/${seat.stream_url}`);
    expect(await sock.next()).toMatchObject({ type: 'hello' });
    s.clock.advance(60_000);
    expect((await poll()).envelope.data).toMatchObject({ code: 200, sc_id: seat.sc_id, seat_expire_seconds: 0 });
    sock.ws.close();
  });

  it('when the last stream closes the session hangs up for its timer, then stops; connecting again cancels it', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    await gameCall(s, PATH.setHangUpTimer, { game_key: GAME_KEY, sc_id: scId, hang_up_timer: 5 }, p.token);
    const sock = await openStream(s, scId);
    sock.ws.close();
    await sock.closed();
    const row = await hungUp(p, scId);
    expect(row).toMatchObject({ sc_id: scId, type: 'able_recon' });
    expect(row.hang_up_end_time).toBe(Math.floor(s.clock.now() / 1000) + 5 * 60);

    const back = await openStream(s, scId);
    s.clock.advance(10 * HANGUP_MINUTE_MS);
    expect((await list(p)).envelope.data.list[0]?.hang_up_end_time).toBeUndefined();
    back.ws.close();
    await back.closed();
    await hungUp(p, scId);
    s.clock.advance(5 * HANGUP_MINUTE_MS);
    expect((await list(p)).envelope.data.list).toEqual([]);
  });

  it('sc_hang_up closes the open stream (hang-up has no stream)', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const sock = await openStream(s, scId);
    await gameCall(s, PATH.scHangUp, { game_key: GAME_KEY, sc_id: scId, hang_up_timer: 3 }, p.token);
    expect(await sock.closed()).toEqual({ code: 1000, reason: 'hang-up' });
  });
});
