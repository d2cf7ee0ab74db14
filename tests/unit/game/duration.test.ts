import { describe, expect, it } from 'vitest';
import { SOCKET_HEARTBEAT_MS } from '../../../web/api/contract.ts';
import { SOCKET_MAX_RECONNECTS, SOCKET_RECONNECT_DELAY_MS } from '../../../web/core/constants.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { absoluteSocketUrl, createDurationLink, createSocketOpener, durationUrl, parseDurationMessage } from '../../../web/game/duration.ts';
import { FakeWebSocket, FakeWebSocketImpl } from '../core/socket/fake-websocket.ts';
import { fakeSockets, flush, userInfo } from './fakes.ts';

describe('duration socket URL and messages (SPEC §4, §7, §9)', () => {
  it('SPEC §7 §9 socketBase + duration?jtoken=…&version_code=103', () => {
    expect(durationUrl('/socket/', 'a b')).toBe('/socket/duration?jtoken=a+b&version_code=103');
    expect(durationUrl('wss://ws.example.com/s', 'j', { mock_session: 'qa' })).toBe('wss://ws.example.com/s/duration?jtoken=j&version_code=103&mock_session=qa');
    expect(absoluteSocketUrl('/socket/duration?x=1', { href: 'https://app.example.com/game' })).toBe('wss://app.example.com/socket/duration?x=1');
    expect(absoluteSocketUrl('ws://h:1/socket/stream', { href: 'https://other/' })).toBe('ws://h:1/socket/stream');
  });

  it('SPEC §4 parses 200 (with user info), 202, 408 (event), 500 and 5001; ignores the rest', () => {
    const data = userInfo();
    expect(parseDurationMessage(JSON.stringify({ code: 200, msg: 'ok', data }))).toEqual({ code: 200, msg: 'ok', data });
    expect(parseDurationMessage('{"code":202}')).toEqual({ code: 202, msg: '' });
    expect(parseDurationMessage('{"code":408,"msg":"m","event":0}')).toEqual({ code: 408, msg: 'm', event: 0 });
    expect(parseDurationMessage('{"code":408,"msg":"m","event":3}')).toEqual({ code: 408, msg: 'm', event: 1 });
    expect(parseDurationMessage('{"code":500,"msg":"x"}')).toEqual({ code: 500, msg: 'x' });
    expect(parseDurationMessage('{"code":5001,"msg":"x"}')).toEqual({ code: 5001, msg: 'x' });
    expect(parseDurationMessage('{"code":200}')).toBeNull();
    expect(parseDurationMessage('{"type":"heartbeat","time":1}')).toBeNull();
    expect(parseDurationMessage('not json')).toBeNull();
  });
});

describe('duration link', () => {
  it('SPEC §7 generate_token first, then one socket; open is idempotent and close stops it', async () => {
    const { open, sockets } = fakeSockets();
    const got: unknown[] = [];
    let tokens = 0;
    const link = createDurationLink(
      { generateToken: async () => ({ jtoken: `j${++tokens}`, expire_time: 0 }), openSocket: open, socketBase: '/socket/', log: () => undefined },
      { message: (m) => got.push(m), lost: () => got.push('lost') },
    );
    const req = { uid: 1, game_id: 2, token: 't' };
    void link.open(req);
    void link.open(req);
    await flush();
    expect(tokens).toBe(1);
    expect(sockets).toHaveLength(1);
    expect(link.active).toBe(true);
    sockets[0]?.server({ code: 202, msg: '' });
    expect(got).toEqual([{ code: 202, msg: '' }]);
    link.close();
    expect(sockets[0]?.closed).toBe(true);
    expect(link.active).toBe(false);
    sockets[0]?.server({ code: 500, msg: '' });
    expect(got).toHaveLength(1);
  });

  it('closing while generate_token is in flight opens nothing', async () => {
    const { open, sockets } = fakeSockets();
    let release: () => void = () => undefined;
    const link = createDurationLink(
      {
        generateToken: () => new Promise((r) => (release = () => r({ jtoken: 'j', expire_time: 0 }))),
        openSocket: open,
        socketBase: '/socket/',
        log: () => undefined,
      },
      { message: () => undefined, lost: () => undefined },
    );
    void link.open({ uid: 1, game_id: 2, token: 't' });
    link.close();
    release();
    await flush();
    expect(sockets).toHaveLength(0);
  });

  it('SPEC §7 a refused (expired) jtoken gets a fresh one; refused again and again, the link is lost', async () => {
    const { open, sockets } = fakeSockets();
    const got: string[] = [];
    let tokens = 0;
    const link = createDurationLink(
      { generateToken: async () => ({ jtoken: `j${++tokens}`, expire_time: 0 }), openSocket: open, socketBase: '/socket/', log: () => undefined },
      { message: () => got.push('message'), lost: () => got.push('lost') },
    );
    await link.open({ uid: 1, game_id: 2, token: 't' });
    sockets[0]?.serverClose(1006);
    expect(tokens).toBe(1);
    sockets[0]?.serverClose(4003);
    await flush();
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets[1]?.url).toContain('jtoken=j2');
    // A message in between proves the new one works: the count starts again.
    sockets[1]?.server({ code: 202 });
    sockets[1]?.serverClose(4003);
    await flush();
    sockets[2]?.serverClose(4003);
    await flush();
    expect(got).toEqual(['message']);
    sockets[3]?.serverClose(4003);
    await flush();
    expect(got).toEqual(['message', 'lost']);
    expect(sockets).toHaveLength(4);
  });

  it('a failed generate_token is logged, not thrown', async () => {
    const { open } = fakeSockets();
    const logs: string[] = [];
    const link = createDurationLink(
      { generateToken: () => Promise.reject(new Error('30001')), openSocket: open, socketBase: '/socket/', log: (m) => logs.push(m) },
      { message: () => undefined, lost: () => undefined },
    );
    await link.open({ uid: 1, game_id: 2, token: 't' });
    expect(logs[0]).toContain('generate_token failed');
    expect(link.active).toBe(false);
  });

  it('SPEC §8 §9 over core createSocket: heartbeat every 25 s, 10 reconnects at 5 s, then lost', async () => {
    FakeWebSocket.reset();
    const clock = createManualClock();
    const lost: string[] = [];
    const link = createDurationLink(
      {
        generateToken: async () => ({ jtoken: 'j', expire_time: 0 }),
        openSocket: createSocketOpener({ clock, WebSocketImpl: FakeWebSocketImpl, location: { href: 'http://app.test/' } }),
        socketBase: '/socket/',
        log: () => undefined,
      },
      { message: () => undefined, lost: () => lost.push('lost') },
    );
    await link.open({ uid: 1, game_id: 2, token: 't' });
    const ws = FakeWebSocket.last();
    expect(ws.url).toBe('ws://app.test/socket/duration?jtoken=j&version_code=103');
    ws.serverOpen();
    clock.advance(SOCKET_HEARTBEAT_MS);
    expect(ws.sent).toEqual(['{"type":"heartbeat"}']);
    ws.serverClose(1006);
    for (let i = 0; i < SOCKET_MAX_RECONNECTS; i++) {
      clock.advance(SOCKET_RECONNECT_DELAY_MS);
      FakeWebSocket.last().serverClose(1006);
    }
    expect(FakeWebSocket.instances).toHaveLength(1 + SOCKET_MAX_RECONNECTS);
    expect(lost).toEqual(['lost']);
  });
});
