import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from './fake-websocket';
import { socketHarness } from './harness';

describe('socket reconnect (SPEC §8, §9)', () => {
  it('reconnects 5 s after an unexpected close (SPEC §8, §9)', () => {
    const h = socketHarness();
    h.task.connect();
    FakeWebSocket.last().serverOpen();
    FakeWebSocket.last().serverClose(1006);
    expect(h.events.at(-1)).toEqual(['reconnecting', { attempt: 1, delayMs: 5000 }]);
    h.clock.advance(4_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    h.clock.advance(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(h.task.reconnects).toBe(1);
  });

  it('reconnects up to 10 times at 5 s intervals, then quits with giveup (SPEC §8)', () => {
    const h = socketHarness();
    h.task.connect();
    FakeWebSocket.last().serverOpen();
    for (let i = 0; i < 11; i++) {
      FakeWebSocket.last().serverClose(1006);
      h.clock.advance(5_000);
    }
    expect(FakeWebSocket.instances).toHaveLength(11);
    expect(h.names().filter((n) => n === 'reconnecting')).toHaveLength(10);
    expect(h.names().at(-1)).toBe('giveup');
    h.clock.advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(11);
  });

  it('resets the count after a successful open (SPEC §8)', () => {
    const h = socketHarness();
    h.task.connect();
    FakeWebSocket.last().serverOpen();
    for (let i = 0; i < 3; i++) {
      FakeWebSocket.last().serverClose(1006);
      h.clock.advance(5_000);
    }
    expect(h.task.reconnects).toBe(3);
    FakeWebSocket.last().serverOpen();
    expect(h.task.reconnects).toBe(0);
  });

  it('counts failed connects (constructor throws) towards the limit (SPEC §8)', () => {
    const h = socketHarness({ reconnect: { delayMs: 1000, max: 2 } });
    FakeWebSocket.throwOnConstruct = new Error('offline');
    h.task.connect();
    h.clock.advance(1000);
    h.clock.advance(1000);
    expect(h.names()).toEqual(['error', 'reconnecting', 'error', 'reconnecting', 'error', 'giveup']);
  });

  it('cancels a pending reconnect when the user closes (SPEC §8)', () => {
    const h = socketHarness();
    h.task.connect();
    FakeWebSocket.last().serverOpen();
    FakeWebSocket.last().serverClose(1006);
    h.task.close();
    h.clock.advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('never reconnects when reconnect is null (SPEC §7)', () => {
    const h = socketHarness({ reconnect: null });
    h.task.connect();
    FakeWebSocket.last().serverOpen();
    FakeWebSocket.last().serverClose(1006);
    h.clock.advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(h.names()).toEqual(['open', 'close']);
  });

  it('can connect again after giving up (SPEC §8)', () => {
    const h = socketHarness({ reconnect: { max: 0 } });
    h.task.connect();
    FakeWebSocket.last().serverClose(1006);
    expect(h.names().at(-1)).toBe('giveup');
    h.task.connect();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
