import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_HEARTBEAT_TIMEOUT } from '../../../../web/api/contract/sockets.ts';
import { FakeWebSocket } from './fake-websocket';
import { socketHarness } from './harness';

const heartbeat = { message: () => '{"type":"ping"}' };

describe('socket heartbeat (SPEC §7, §8, §9)', () => {
  it('sends the heartbeat every 25 s once open (SPEC §7, §9)', () => {
    const h = socketHarness({ heartbeat });
    h.task.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    h.clock.advance(24_999);
    expect(ws.sent).toEqual([]);
    h.clock.advance(1);
    expect(ws.sent).toEqual(['{"type":"ping"}']);
    ws.serverMessage('pong');
    h.clock.advance(25_000);
    expect(ws.sent).toHaveLength(2);
  });

  it('treats 70 s without any message as a dead socket: closes it and reconnects (SPEC §8, §9)', () => {
    const h = socketHarness({ heartbeat });
    h.task.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    h.clock.advance(69_999);
    expect(ws.closedWith).toBeNull();
    h.clock.advance(1);
    expect(ws.closedWith?.code).toBe(SOCKET_CLOSE_HEARTBEAT_TIMEOUT);
    expect(h.names()).toEqual(['open', 'close', 'reconnecting']);
    h.clock.advance(5_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('keeps a socket alive while messages arrive (SPEC §8)', () => {
    const h = socketHarness({ heartbeat });
    h.task.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    h.clock.advance(60_000);
    ws.serverMessage('pong');
    h.clock.advance(69_999);
    expect(ws.closedWith).toBeNull();
    h.clock.advance(1);
    expect(ws.closedWith).not.toBeNull();
  });

  it('ignores late events from a socket dropped for silence (SPEC §8)', () => {
    const h = socketHarness({ heartbeat });
    h.task.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    h.clock.advance(70_000);
    ws.serverClose(1006);
    expect(h.names().filter((n) => n === 'reconnecting')).toHaveLength(1);
  });

  it('stops beating after the user closes (SPEC §7)', () => {
    const h = socketHarness({ heartbeat });
    h.task.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    h.task.close();
    h.clock.advance(200_000);
    expect(ws.sent).toEqual([]);
    expect(h.clock.pending()).toBe(0);
  });
});
