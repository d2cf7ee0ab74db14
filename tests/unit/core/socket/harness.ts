import { createManualClock, type ManualClock } from '../../../../web/core/clock';
import { createSocket, type SocketEvent, type SocketOptions, type SocketTask } from '../../../../web/core/socket';
import { FakeWebSocket, FakeWebSocketImpl } from './fake-websocket';

export interface SocketHarness {
  task: SocketTask;
  clock: ManualClock;
  events: Array<[SocketEvent, unknown]>;
  names(): SocketEvent[];
}

export function socketHarness(over: Partial<SocketOptions> = {}): SocketHarness {
  FakeWebSocket.reset();
  const clock = createManualClock();
  const task = createSocket({ url: 'ws://x/duration', clock, WebSocketImpl: FakeWebSocketImpl, ...over });
  const events: Array<[SocketEvent, unknown]> = [];
  for (const e of ['open', 'message', 'error', 'close', 'reconnecting', 'giveup'] as const) {
    task.on(e, (p) => events.push([e, p]));
  }
  return { task, clock, events, names: () => events.map(([n]) => n) };
}
