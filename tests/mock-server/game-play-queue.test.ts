/** play_game, game_queue and cancel_queue (SPEC §4 "Start", "Queue"; §6 queue grades; §9 queue poll 10 s, seat expiry 40 s). */
import { describe, expect, it } from 'vitest';
import {
  BODY_CODE,
  GAME_CODE,
  PATH,
  QUEUE_GRADE,
  SEAT_EXPIRY_MS,
  type GameQueueResponse,
  type PlayStartInfo,
  type QueueInfo,
  type SeatReadyInfo,
} from '../../web/api/contract.ts';
import { call, type Started, useApp } from './helpers.ts';
import { FREE_TRIAL, GAME_KEY, gameCall, MEMBER, NO_TIME, player, playGame, startPlaying, useScript, type Player } from './game-helpers.ts';

let s: Started;
useApp((started) => (s = started));

function pollQueue(p: Player, queueId: string, grade: number = QUEUE_GRADE.free) {
  return gameCall<GameQueueResponse>(s, PATH.gameQueue, { queue_id: queueId, queue_grade: grade, game_key: GAME_KEY, token: p.playToken }, p.token);
}

async function queued(p: Player, grade: number = QUEUE_GRADE.free): Promise<QueueInfo> {
  const r = await playGame(s, p, { queue_grade: grade });
  expect(r.envelope.code).toBe(1);
  expect(r.envelope.data.code).toBe(201);
  return r.envelope.data as QueueInfo;
}

describe('play_game (SPEC §4 "Start")', () => {
  it('answers 200 with the session and where to stream it by default', async () => {
    const p = await player(s, MEMBER);
    const r = await playGame(s, p);
    expect(r.envelope.code).toBe(1);
    const d = r.envelope.data as PlayStartInfo;
    expect(d).toMatchObject({ code: 200, game_key: GAME_KEY, open_id: p.openId, hang_up_timer: 0 });
    expect(d.sc_id).toMatch(/^\d+$/);
    expect(d.stream_url).toBe(`stream?sc_id=${d.sc_id}`);
    // SPEC §3 clarity: the member default (definition_default_conf.vip_user_default 2 → ultra, 9).
    expect(d.level_config).toMatchObject({ display_grade: 9, name: 'ultra' });
  });

  it('needs a login (SPEC §8: 30001) and a play token from get_token', async () => {
    const p = await player(s, MEMBER);
    const noLogin = await call(s.port, PATH.playGame, { game: true, data: { game_key: GAME_KEY, token: p.playToken } });
    expect(noLogin.envelope.code).toBe(BODY_CODE.tokenExpired);
    const wrongToken = await playGame(s, p, { token: 'not-a-play-token' });
    expect(wrongToken.envelope.code).toBe(GAME_CODE.invalidGameToken);
  });

  it('is a game call: under the API base it is not found', async () => {
    const p = await player(s, MEMBER);
    const r = await call(s.port, PATH.playGame, { token: p.token, data: { game_key: GAME_KEY } });
    expect(r.status).toBe(404);
    expect(r.envelope.code).toBe(BODY_CODE.notFound);
  });

  it('refuses a user out of play time (persona 13800000004, duration_coin 0) with 4003 "Out of play time"', async () => {
    const p = await player(s, NO_TIME);
    const r = await playGame(s, p);
    expect(r.envelope).toMatchObject({ code: 1, data: { code: GAME_CODE.outOfPlayTime, sub_msg: 'Out of play time' } });
  });

  it('answers any other scripted code with its sub_msg (SPEC §4 "Other responses show the sub message")', async () => {
    useScript(s, { play: { code: 4100, sub_msg: 'Maintenance until 03:00' } });
    const p = await player(s, MEMBER);
    expect((await playGame(s, p)).envelope.data).toEqual({ code: 4100, sub_msg: 'Maintenance until 03:00' });
  });

  it('one running session per user: 4012 unless enable_restart, which stops the old one', async () => {
    const p = await player(s, MEMBER);
    const first = await startPlaying(s, p);
    expect((await playGame(s, p)).envelope.data.code).toBe(GAME_CODE.sessionRunning);
    const second = await startPlaying(s, p, { enable_restart: 1 });
    expect(second).not.toBe(first);
    const stopOld = await gameCall(s, PATH.stopGame, { sc_id: first, game_key: GAME_KEY }, p.token);
    expect(stopOld.envelope.code).toBe(GAME_CODE.sessionNotFound);
  });

  it('the script can expire every token (30001)', async () => {
    const p = await player(s, MEMBER);
    s.app.sessions.get('default').apply({ name: 'inline', description: '', game: { tokenExpired: true }, faults: [], virtualClock: false }, { keepState: true });
    expect((await playGame(s, p)).envelope.code).toBe(BODY_CODE.tokenExpired);
  });
});

describe('queue positions by grade (SPEC §6)', () => {
  it.each([
    ['non-member', QUEUE_GRADE.free, 11],
    ['new user', QUEUE_GRADE.newUser, 8],
    ['quick card', QUEUE_GRADE.quickCard, 5],
    ['member', QUEUE_GRADE.member, 2],
    ['member with quick card', QUEUE_GRADE.memberQuickCard, 1],
  ])('%s (grade %i) starts at position %i', async (_who, grade, position) => {
    useScript(s, { play: { code: 201 } });
    const p = await player(s, MEMBER);
    const q = await queued(p, grade);
    expect(q).toMatchObject({ code: 201, queue_pos2: position });
    expect(q.queue_id).toMatch(/^\d+$/);
    expect(q.play_queue_id).toBeGreaterThan(0);
    expect(q.wait_seconds).toBeGreaterThan(0);
  });

  it('a higher grade is never further back', async () => {
    useScript(s, { play: { code: 201 } });
    const p = await player(s, MEMBER);
    const positions: number[] = [];
    for (const grade of [1, 3, 5, 7, 8]) {
      positions.push((await queued(p, grade)).queue_pos2);
    }
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
  });

  it('able_queue 0 fails with 4010 instead of queueing', async () => {
    useScript(s, { play: { code: 201 } });
    const p = await player(s, MEMBER);
    expect((await playGame(s, p, { able_queue: 0 })).envelope.data.code).toBe(GAME_CODE.noSeat);
  });
});

describe('game_queue (SPEC §4 "Queue")', () => {
  it('counts down by grade on each poll, then 200: the seat is ready with the stream to connect to', async () => {
    useScript(s, { play: { code: 201 } });
    const p = await player(s, FREE_TRIAL);
    const q = await queued(p, QUEUE_GRADE.newUser); // 8, two places per poll
    const seen: number[] = [];
    let last: GameQueueResponse | undefined;
    for (let i = 0; i < 10; i++) {
      s.clock.advance(10_000);
      last = (await pollQueue(p, q.queue_id, QUEUE_GRADE.newUser)).envelope.data;
      if (last.code !== 201) break;
      seen.push((last as QueueInfo).queue_pos2);
    }
    expect(seen).toEqual([6, 4, 2]);
    const seat = last as SeatReadyInfo;
    expect(seat).toMatchObject({ code: 200, queue_id: q.queue_id, game_key: GAME_KEY, seat_expire_seconds: 40 });
    expect(seat.stream_url).toBe(`stream?sc_id=${seat.sc_id}`);
  });

  it('follows the script\'s positions, then 200', async () => {
    useScript(s, { queue: { positions: [5, 3, 1] } });
    const p = await player(s, MEMBER);
    const q = await queued(p, QUEUE_GRADE.member);
    expect(q.queue_pos2).toBe(5);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await pollQueue(p, q.queue_id)).envelope.data);
    expect(answers.map((a) => a.code)).toEqual([201, 201, 201, 200]);
    expect(answers.slice(0, 3).map((a) => (a as QueueInfo).queue_pos2)).toEqual([5, 3, 1]);
  });

  it('a seat not taken within 40 s of session time expires: later polls answer 4006 "Seat expired" (SPEC §9)', async () => {
    useScript(s, { queue: { positions: [1] } });
    const p = await player(s, MEMBER);
    const q = await queued(p);
    await pollQueue(p, q.queue_id);
    const ready = (await pollQueue(p, q.queue_id)).envelope.data as SeatReadyInfo;
    expect(ready.code).toBe(200);
    s.clock.advance(SEAT_EXPIRY_MS - 1);
    expect((await pollQueue(p, q.queue_id)).envelope.data).toMatchObject({ code: 200, sc_id: ready.sc_id, seat_expire_seconds: 1 });
    s.clock.advance(1);
    expect((await pollQueue(p, q.queue_id)).envelope.data).toEqual({ code: GAME_CODE.seatExpired, sub_msg: 'Seat expired' });
    // The seat's machine is gone too.
    const stop = await gameCall(s, PATH.stopGame, { sc_id: ready.sc_id, game_key: GAME_KEY }, p.token);
    expect(stop.envelope.code).toBe(GAME_CODE.sessionNotFound);
  });

  it('the script can shorten the seat expiry', async () => {
    useScript(s, { queue: { positions: [] }, seatExpiryMs: 5_000 });
    const p = await player(s, MEMBER);
    const q = await queued(p);
    expect((await pollQueue(p, q.queue_id)).envelope.data.code).toBe(200);
    s.clock.advance(5_000);
    expect((await pollQueue(p, q.queue_id)).envelope.data.code).toBe(GAME_CODE.seatExpired);
  });

  it('play_game with the queue_id takes the seat: it plays and no longer expires', async () => {
    useScript(s, { queue: { positions: [] } });
    const p = await player(s, MEMBER);
    const q = await queued(p);
    const ready = (await pollQueue(p, q.queue_id)).envelope.data as SeatReadyInfo;
    const taken = await playGame(s, p, { queue_id: q.queue_id });
    expect(taken.envelope.data).toMatchObject({ code: 200, sc_id: ready.sc_id });
    s.clock.advance(SEAT_EXPIRY_MS * 2);
    expect((await pollQueue(p, q.queue_id)).envelope.data).toMatchObject({ code: 200, sc_id: ready.sc_id });
    const stop = await gameCall(s, PATH.stopGame, { sc_id: ready.sc_id, game_key: GAME_KEY }, p.token);
    expect(stop.envelope).toMatchObject({ code: 1, data: { code: 200, sc_id: ready.sc_id } });
  });

  it('play_game with a queue_id still waiting answers 201 with the position', async () => {
    useScript(s, { queue: { positions: [4, 2] } });
    const p = await player(s, MEMBER);
    const q = await queued(p);
    await pollQueue(p, q.queue_id);
    expect((await playGame(s, p, { queue_id: q.queue_id })).envelope.data).toMatchObject({ code: 201, queue_pos2: 4 });
  });

  it('errorAtPoll answers an error on that poll and the ticket is gone (SPEC §4 "An error cancels the queue")', async () => {
    useScript(s, { queue: { positions: [6, 5, 4], errorAtPoll: 2, errorMsg: 'Queue service unavailable' } });
    const p = await player(s, MEMBER);
    const q = await queued(p);
    expect((await pollQueue(p, q.queue_id)).envelope.data.code).toBe(201);
    expect((await pollQueue(p, q.queue_id)).envelope.data).toEqual({ code: GAME_CODE.queueError, sub_msg: 'Queue service unavailable' });
    expect((await pollQueue(p, q.queue_id)).envelope.data.code).toBe(GAME_CODE.queueNotFound);
  });

  it('an unknown queue_id (or another user\'s) answers 4005', async () => {
    useScript(s, { play: { code: 201 } });
    const p = await player(s, MEMBER);
    expect((await pollQueue(p, '999')).envelope.data).toEqual({ code: GAME_CODE.queueNotFound, sub_msg: 'Queue 999 not found' });
    const q = await queued(p);
    const other = await player(s, FREE_TRIAL);
    expect((await pollQueue(other, q.queue_id)).envelope.data.code).toBe(GAME_CODE.queueNotFound);
  });
});

describe('cancel_queue (SPEC §4)', () => {
  it('leaves the queue: later polls do not find it, and a ready seat is released', async () => {
    useScript(s, { queue: { positions: [3] } });
    const p = await player(s, MEMBER);
    const q = await queued(p);
    const r = await gameCall(s, PATH.cancelQueue, { queue_id: q.queue_id, game_key: GAME_KEY }, p.token);
    expect(r.envelope).toMatchObject({ code: 1, data: { queue_id: q.queue_id } });
    expect((await pollQueue(p, q.queue_id)).envelope.data.code).toBe(GAME_CODE.queueNotFound);
    const again = await gameCall(s, PATH.cancelQueue, { queue_id: q.queue_id, game_key: GAME_KEY }, p.token);
    expect(again.envelope.code).toBe(GAME_CODE.queueNotFound);

    const q2 = await queued(p);
    await pollQueue(p, q2.queue_id);
    const seat = (await pollQueue(p, q2.queue_id)).envelope.data as SeatReadyInfo;
    expect(seat.code).toBe(200);
    await gameCall(s, PATH.cancelQueue, { queue_id: q2.queue_id, game_key: GAME_KEY }, p.token);
    const stop = await gameCall(s, PATH.stopGame, { sc_id: seat.sc_id, game_key: GAME_KEY }, p.token);
    expect(stop.envelope.code).toBe(GAME_CODE.sessionNotFound);
  });
});
