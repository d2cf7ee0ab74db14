import { describe, expect, it, vi } from 'vitest';
import { ERR_CODE } from '../../../../web/api/contract';
import { ApiError } from '../../../../web/core/http/errors';
import { SOCKET_NOT_OPEN_MSG, SOCKET_STATE } from '../../../../web/core/socket';
import { FakeWebSocket } from './fake-websocket';
import { socketHarness } from './harness';

describe('socket connect, send, close and events (SPEC §7, §8)', () => {
  it('connects with url and protocols and emits open and text messages (SPEC §7)', () => {
    const h = socketHarness({ protocols: ['v1'] });
    h.task.connect();
    const ws = FakeWebSocket.last();
    expect([ws.url, ws.protocols]).toEqual(['ws://x/duration', ['v1']]);
    expect(h.task.readyState).toBe(SOCKET_STATE.CONNECTING);
    ws.serverOpen();
    ws.serverMessage('{"code":200}');
    expect(h.events).toEqual([
      ['open', undefined],
      ['message', '{"code":200}'],
    ]);
    expect(h.task.readyState).toBe(SOCKET_STATE.OPEN);
  });

  it('sends strings as is and objects JSON-stringified (SPEC §7)', () => {
    const h = socketHarness();
    h.task.connect();
    FakeWebSocket.last().serverOpen();
    h.task.send('ping');
    h.task.send({ a: 1 });
    expect(FakeWebSocket.last().sent).toEqual(['ping', '{"a":1}']);
  });

  it('refuses to send on a non-open socket with errCode 10002 (SPEC §8)', () => {
    const h = socketHarness();
    expect(() => h.task.send('x')).toThrow(SOCKET_NOT_OPEN_MSG);
    h.task.connect();
    try {
      h.task.send('x');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toMatchObject({ errCode: ERR_CODE.socketNotOpen, message: 'SocketTask.readyState is not OPEN' });
    }
  });

  it('maps a throwing underlying send to errCode 602001 (SPEC §8)', () => {
    const h = socketHarness();
    h.task.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.failSend = new Error('buffer full');
    expect(() => h.task.send('x')).toThrow(expect.objectContaining({ errCode: ERR_CODE.socketSend }));
  });

  it('closes with code 1000 by default, emits close and never reconnects (SPEC §8, §9)', () => {
    const h = socketHarness();
    h.task.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    h.task.close();
    expect(ws.closedWith).toEqual({ code: 1000, reason: '' });
    expect(h.task.readyState).toBe(SOCKET_STATE.CLOSING);
    ws.serverClose(1000);
    h.clock.advance(600_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(h.names()).toEqual(['open', 'close']);
    expect(h.task.readyState).toBe(SOCKET_STATE.CLOSED);
  });

  it('passes a caller close code and reason through (SPEC §7)', () => {
    const h = socketHarness();
    h.task.connect();
    FakeWebSocket.last().serverOpen();
    h.task.close(4100, 'bye');
    expect(FakeWebSocket.last().closedWith).toEqual({ code: 4100, reason: 'bye' });
  });

  it('reports a throwing constructor as a connect failure with errCode 600009 (SPEC §8)', () => {
    const h = socketHarness({ reconnect: null });
    FakeWebSocket.throwOnConstruct = new SyntaxError('bad url');
    h.task.connect();
    expect(h.events).toHaveLength(1);
    expect(h.events[0]?.[0]).toBe('error');
    expect(h.events[0]?.[1]).toMatchObject({ errCode: ERR_CODE.socketConnect });
  });

  it('gives up on a connect that does not open within 60000 ms with errCode 600009 (SPEC §8, §9)', () => {
    const h = socketHarness({ reconnect: null });
    h.task.connect();
    h.clock.advance(59_999);
    expect(h.events).toEqual([]);
    h.clock.advance(1);
    expect(h.events[0]?.[1]).toMatchObject({ errCode: ERR_CODE.socketConnect });
    expect(FakeWebSocket.last().closedWith).not.toBeNull();
    expect(h.task.readyState).toBe(SOCKET_STATE.CLOSED);
  });

  it('reports an error before open as a connect failure (SPEC §8)', () => {
    const h = socketHarness({ reconnect: null });
    h.task.connect();
    FakeWebSocket.last().serverError();
    expect(h.events[0]?.[1]).toMatchObject({ errCode: ERR_CODE.socketConnect });
  });

  it('stops delivering to an unsubscribed listener (SPEC §7)', () => {
    const h = socketHarness();
    const got: string[] = [];
    const off = h.task.on('message', (d) => got.push(d));
    h.task.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverMessage('a');
    off();
    ws.serverMessage('b');
    expect(got).toEqual(['a']);
  });

  it('a listener that throws leaves the socket whole: the other listeners hear the message, the heartbeat timer is re-armed, the error surfaces on a microtask', () => {
    const queued: Array<() => void> = [];
    const spy = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((fn) => queued.push(fn));
    try {
      const h = socketHarness({ heartbeat: { message: () => 'hb', intervalMs: 1000, timeoutMs: 5000 } });
      h.task.on('message', () => {
        throw new Error('listener broke');
      });
      h.task.connect();
      const ws = FakeWebSocket.last();
      ws.serverOpen();
      expect(() => ws.serverMessage('hello')).not.toThrow();
      expect(h.events.at(-1)).toEqual(['message', 'hello']);
      expect(() => queued[0]?.()).toThrow('listener broke');
      h.clock.advance(4999);
      expect(h.task.readyState).toBe(SOCKET_STATE.OPEN);
    } finally {
      spy.mockRestore();
    }
  });
});

