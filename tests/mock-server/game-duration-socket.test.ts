/**
 * The duration socket in the game flow (SPEC §4 "Duration socket messages", §7 generate_token, §8 reconnect, §9
 * heartbeat 25 s / timeout 70 s): jtoken authorisation, per-minute charging to 0, the scripted messages and the drop.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  BODY_CODE,
  GAME_CODE,
  PATH,
  SOCKET_CLOSE_HEARTBEAT_TIMEOUT,
  SOCKET_CLOSE_INVALID_JTOKEN,
  SOCKET_HEARTBEAT_MS,
  SOCKET_HEARTBEAT_TIMEOUT_MS,
  type DurationSocketMessage,
  type UserInfo,
} from '../../web/api/contract.ts';
import { DEFAULT_CHARGE_PER_MINUTE, JTOKEN_TTL_MS } from '../../mock-server/limits.ts';
import { pushDurationMessage } from '../../mock-server/game/timelines.ts';
import { gameStateOf } from '../../mock-server/game/state.ts';
import { call, openSocket, T0, type Started, type TestSocket, useApp } from './helpers.ts';
import { GAME_KEY, gameCall, jtokenFor, MEMBER, openDuration, player, playGame, startPlaying, useScript } from './game-helpers.ts';

let s: Started;
useApp((started) => (s = started));

const MINUTE = 60_000;

/** Messages that arrived so far (after letting the server's sends through). */
async function drain(sock: TestSocket, n: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) out.push(await sock.next());
  return out;
}

const isHeartbeat = (m: unknown): boolean => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'heartbeat';

/** Let `ms` of session time pass like a live client: a heartbeat every 25 s (SPEC §9). Answers the other messages seen. */
async function live(sock: TestSocket, ms: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  for (let left = ms; left > 0; left -= SOCKET_HEARTBEAT_MS) {
    s.clock.advance(Math.min(SOCKET_HEARTBEAT_MS, left));
    sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
    for (let m = await sock.next(); !isHeartbeat(m); m = await sock.next()) seen.push(m);
  }
  return seen;
}

describe('generate_token (SPEC §7: GET, socket prefix)', () => {
  it('answers a jtoken and its expire_time for the logged-in user', async () => {
    const p = await player(s, MEMBER);
    const r = await call<{ jtoken: string; expire_time: number }>(s.port, PATH.generateToken, {
      method: 'GET',
      data: { agent_id: 'cg_official', uid: p.login.swcloud_uid, game_id: 1, token: p.token },
    });
    expect(r.envelope.code).toBe(1);
    expect(r.envelope.data.jtoken).toMatch(/^[\w-]{20,}$/);
    expect(r.envelope.data.expire_time).toBe(Math.floor((T0 + JTOKEN_TTL_MS) / 1000));
  });

  it('needs a valid login token (30001) for that uid', async () => {
    const p = await player(s, MEMBER);
    const bad = await call(s.port, PATH.generateToken, { method: 'GET', data: { uid: p.login.swcloud_uid, game_id: 1, token: 'nope' } });
    expect(bad.envelope.code).toBe(BODY_CODE.tokenExpired);
    const otherUid = await call(s.port, PATH.generateToken, { method: 'GET', data: { uid: 1, game_id: 1, token: p.token } });
    expect(otherUid.envelope.code).toBe(BODY_CODE.badRequest);
  });
});

describe('duration socket authorisation', () => {
  it('is closed with 4003 without a jtoken, with an unknown one, or with an expired one', async () => {
    const none = await openSocket(s.port, '/socket/duration?version_code=103');
    expect(await none.closed()).toEqual({ code: SOCKET_CLOSE_INVALID_JTOKEN, reason: 'missing jtoken' });
    const unknown = await openSocket(s.port, '/socket/duration?jtoken=forged&version_code=103');
    expect(await unknown.closed()).toEqual({ code: SOCKET_CLOSE_INVALID_JTOKEN, reason: 'invalid jtoken' });
    const p = await player(s, MEMBER);
    const jtoken = await jtokenFor(s, p);
    s.clock.advance(JTOKEN_TTL_MS);
    const expired = await openSocket(s.port, `/socket/duration?jtoken=${jtoken}&version_code=103`);
    expect(await expired.closed()).toEqual({ code: SOCKET_CLOSE_INVALID_JTOKEN, reason: 'expired jtoken' });
  });
});

describe('charging play time (SPEC §4 "200: updates user info, and quits when duration_coin is 0")', () => {
  it('charges 60 s of duration_coin per minute of play and sends the new balance each minute, down to 0', async () => {
    useScript(s, { user: { duration_coin: 150 } });
    const p = await player(s, MEMBER);
    const sock = await openDuration(s, p);
    const scId = await startPlaying(s, p);
    const seen = (await live(sock, 3 * MINUTE)) as DurationSocketMessage[];
    const coins = seen.map((m) => (m.code === 200 ? m.data.duration_coin : -1));
    expect(coins).toEqual([150 - DEFAULT_CHARGE_PER_MINUTE, 150 - 2 * DEFAULT_CHARGE_PER_MINUTE, 0]);
    // At 0 the cloud ends the session; get_user_balance agrees.
    expect((await gameCall(s, PATH.stopGame, { sc_id: scId, game_key: GAME_KEY }, p.token)).envelope.code).toBe(GAME_CODE.sessionNotFound);
    const balance = await call<UserInfo>(s.port, PATH.getUserBalance, { token: p.token, data: { uid: p.login.swcloud_uid } });
    expect(balance.envelope.data.duration_coin).toBe(0);
    // No game, no charge and no more messages; playing again is refused.
    expect(await live(sock, 5 * MINUTE)).toEqual([]);
    expect((await playGame(s, p)).envelope.data).toEqual({ code: GAME_CODE.outOfPlayTime, sub_msg: 'Out of play time' });
    sock.ws.close();
  });

  it('charges script.duration.chargePerMinute; nothing is charged while no game runs', async () => {
    useScript(s, { duration: { chargePerMinute: 600 } });
    const p = await player(s, MEMBER);
    const sock = await openDuration(s, p);
    expect(await live(sock, 2 * MINUTE)).toEqual([]);
    await startPlaying(s, p);
    expect(await live(sock, MINUTE)).toMatchObject([{ code: 200, data: { duration_coin: 43200 - 600 } }]);
    sock.ws.close();
  });
});

describe('scripted duration messages (SPEC §4)', () => {
  it('sends 202, 408 (event 0 and 1), 500, 5001 and 200 at their times after the first connection, once', async () => {
    useScript(s, {
      duration: {
        messages: [
          { atMs: 10_000, code: 202 },
          { atMs: 20_000, code: 408, event: 0 },
          { atMs: 30_000, code: 408, event: 1, msg: 'Log in again please' },
          { atMs: 40_000, code: 500 },
          { atMs: 50_000, code: 5001 },
          { atMs: 55_000, code: 200 },
        ],
      },
    });
    const p = await player(s, MEMBER);
    const sock = await openDuration(s, p);
    s.clock.advance(9_999);
    expect(await sock.unread()).toEqual([]);
    s.clock.advance(1);
    expect(await sock.next()).toEqual({ code: 202, msg: 'Your play session is about to time out' });
    s.clock.advance(45_000);
    const [m408a, m408b, m500, m5001, m200] = (await drain(sock, 5)) as DurationSocketMessage[];
    expect(m408a).toEqual({ code: 408, event: 0, msg: 'Your account is playing on another device' });
    expect(m408b).toEqual({ code: 408, event: 1, msg: 'Log in again please' });
    expect(m500).toMatchObject({ code: 500 });
    expect(m5001).toMatchObject({ code: 5001 });
    expect(m200).toMatchObject({ code: 200, data: { duration_coin: 43200, member_status: 1 } });
    // A second connection does not replay the script.
    sock.ws.close();
    const again = await openDuration(s, p);
    s.clock.advance(60_000);
    expect(await again.unread()).toEqual([]);
    again.ws.close();
  });

  it('pushDurationMessage sends one now to every open duration socket of the session', async () => {
    const p = await player(s, MEMBER);
    const a = await openDuration(s, p);
    const b = await openDuration(s, p);
    const session = s.app.sessions.get('default');
    const n = pushDurationMessage({ session, store: session.store, fixtures: s.app.fixtures }, gameStateOf({ session }), { code: 408, event: 1 });
    expect(n).toBe(2);
    expect(await a.next()).toMatchObject({ code: 408, event: 1 });
    expect(await b.next()).toMatchObject({ code: 408, event: 1 });
  });
});

describe('heartbeat and drop (SPEC §8 reconnect, §9 heartbeat 25 s, timeout 70 s)', () => {
  it('heartbeats every 25 s keep it open; 70 s of silence closes it with 4001', async () => {
    const p = await player(s, MEMBER);
    const sock = await openDuration(s, p);
    for (let i = 0; i < 4; i++) {
      s.clock.advance(SOCKET_HEARTBEAT_MS);
      sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
      expect(await sock.next()).toEqual({ type: 'heartbeat', time: T0 + (i + 1) * SOCKET_HEARTBEAT_MS });
    }
    s.clock.advance(SOCKET_HEARTBEAT_TIMEOUT_MS);
    expect((await sock.closed()).code).toBe(SOCKET_CLOSE_HEARTBEAT_TIMEOUT);
  });

  it('dropAtMs ends the connection without a close frame (1006) once; the reconnected socket stays', async () => {
    useScript(s, { duration: { dropAtMs: 30_000 } });
    const p = await player(s, MEMBER);
    const sock = await openDuration(s, p);
    s.clock.advance(29_999);
    await sock.sync();
    expect(sock.ws.readyState).toBe(WebSocket.OPEN);
    s.clock.advance(1);
    expect((await sock.closed()).code).toBe(1006);
    const again = await openDuration(s, p);
    s.clock.advance(60_000);
    again.ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await again.next()).toMatchObject({ type: 'heartbeat' });
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
    again.ws.close();
  });
});
