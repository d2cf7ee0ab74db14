import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_CLOSE_HEARTBEAT_TIMEOUT, SOCKET_HEARTBEAT_TIMEOUT_MS } from '../../web/api/contract.ts';
import { openSocket, rawRequest, T0, type Started, type TestSocket, useApp } from './helpers.ts';
import { MEMBER, openDuration, player } from './game-helpers.ts';

let s: Started;
useApp((started) => (s = started));

/** A duration socket authorised by a jtoken (GET socket/generate_token) of the member persona. */
async function open(): Promise<TestSocket> {
  return openDuration(s, await player(s, MEMBER));
}


describe('duration socket (SPEC §7, §9 heartbeat)', () => {
  it('answers a heartbeat with the server time in ms', async () => {
    const sock = await open();
    sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await sock.next()).toEqual({ type: 'heartbeat', time: T0 });
    s.clock.advance(25_000);
    sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await sock.next()).toEqual({ type: 'heartbeat', time: T0 + 25_000 });
    sock.ws.close();
  });

  it('closes with 4001 when no message arrives for 70 s of server-clock time (SPEC §8, §9)', async () => {
    const sock = await open();
    sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
    await sock.next();
    s.clock.advance(SOCKET_HEARTBEAT_TIMEOUT_MS - 1);
    await sock.sync();
    expect(sock.ws.readyState).toBe(WebSocket.OPEN);
    s.clock.advance(1);
    expect(await sock.closed()).toEqual({ code: SOCKET_CLOSE_HEARTBEAT_TIMEOUT, reason: 'heartbeat timeout' });
  });

  it('every message restarts the 70 s wait', async () => {
    const sock = await open();
    for (let i = 0; i < 3; i++) {
      s.clock.advance(60_000);
      sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
      await sock.next();
    }
    expect(sock.ws.readyState).toBe(WebSocket.OPEN);
    s.clock.advance(SOCKET_HEARTBEAT_TIMEOUT_MS);
    expect((await sock.closed()).code).toBe(SOCKET_CLOSE_HEARTBEAT_TIMEOUT);
  });

  it('a non-JSON or unknown message answers an error message and keeps the socket open', async () => {
    const sock = await open();
    sock.ws.send('hello');
    expect(await sock.next()).toMatchObject({ type: 'error' });
    sock.ws.send(JSON.stringify({ type: 'dance' }));
    expect(await sock.next()).toEqual({ type: 'error', msg: 'Unknown message type "dance"' });
    sock.ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await sock.next()).toMatchObject({ type: 'heartbeat' });
    sock.ws.close();
  });

  it('upgrades to other paths are refused with 404 and the server keeps serving', async () => {
    for (const p of ['/socket/nope', '/socket/', '/socket/duration/extra', '/api/index/api/downurl', '/', '/socket/__proto__']) {
      await expect(openSocket(s.port, p)).rejects.toThrow(/404/);
    }
    const r = await rawRequest(s.port, { path: '/__health' });
    expect(r.status).toBe(200);
  });

  it('closing the app closes open sockets', async () => {
    const sock = await open();
    await s.close();
    // The app closes them as it shuts down (1001 going away, or 1006 if the connection is cut first).
    expect((await sock.closed()).code).toBeGreaterThanOrEqual(1000);
    expect(sock.ws.readyState).toBe(WebSocket.CLOSED);
  });
});
