/**
 * The mock SDK's test bench: the SDK wired to a fake WebSocket, a fake peer
 * connection and a fake presenter, and the steps that bring a stream up on
 * either transport. Each mock-sdk-*.test.ts file calls `freshFakesEachTest()`.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { StreamTransport } from '../../../web/api/contract.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { createMockSdk, type MockSdkOptions } from '../../../web/game/mock-sdk.ts';
import type { StreamTarget } from '../../../web/game/sdk.ts';
import { FakeWebSocket, FakeWebSocketImpl } from '../core/socket/fake-websocket.ts';
import { FakePeerConnection, FakePeerConnectionImpl, FakePresenter, fakePresenter, fakeTrack, type InboundVideo } from './fake-rtc.ts';
import { LEVEL } from './fixtures.ts';
import { flush } from '../../flush.ts';


export const target: StreamTarget = { sc_id: '100001', game_key: 'g', stream_url: 'stream?sc_id=100001', level_config: LEVEL[8] };
/** The app's language rides the URL (the mock draws the stream's words in it). */
export const STREAM_URL = 'ws://app.test/socket/stream?sc_id=100001&mock_session=qa1&lang=en';
export const CONNECT_TIMEOUT_MS = 5000;
export const STALL_MS = 10_000;

export type Msg = Record<string, unknown>;

/** Lets every pending promise chain (the peer connection's async steps) run. */
export { flush };

export const hello = (transport: StreamTransport): string => JSON.stringify({ type: 'hello', transport, level_config: LEVEL[8] });
export const json = (m: Msg): string => JSON.stringify(m);
export const parse = (s: string): Msg => JSON.parse(s) as Msg;
/** What the client sent on the stream socket, heartbeats left out. */
export const socketMessages = (ws: FakeWebSocket): Msg[] => ws.sent.map(parse).filter((m) => m['type'] !== 'heartbeat');
export const inputsOn = (sent: string[]): Msg[] => sent.map(parse).filter((m) => m['type'] === 'input');

export function setup(over: Partial<MockSdkOptions> = {}) {
  const clock = createManualClock();
  const logs: string[] = [];
  const sdk = createMockSdk({
    clock,
    socketBase: '/socket/',
    WebSocketImpl: FakeWebSocketImpl,
    location: { href: 'http://app.test/x' },
    mockSession: 'qa1',
    PeerConnection: FakePeerConnectionImpl,
    presenter: fakePresenter,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    stallMs: STALL_MS,
    log: (line) => logs.push(line),
    ...over,
  });
  const seen: string[] = [];
  sdk.subscribe({
    progress: (v) => seen.push(`progress ${v}`),
    event: (c, m) => seen.push(`event ${c} "${m}"`),
    disconnect: (r, m) => seen.push(m === undefined ? `disconnect ${r}` : `disconnect ${r}: ${m}`),
    vibrate: (r) => seen.push(`vibrate ${r.durationMs} ${r.strong} ${r.weak}`),
  });
  return { clock, sdk, seen, logs };
}
export type Ctx = ReturnType<typeof setup>;

/** start → socket open → server hello for the socket transport. */
export function openSocketStream({ sdk }: Ctx): FakeWebSocket {
  sdk.start(target);
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  ws.serverMessage(hello('socket'));
  return ws;
}

/** start → socket open → server hello for WebRTC → the offer is out. */
export async function openRtcStream({ sdk }: Ctx) {
  sdk.start(target);
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  ws.serverMessage(hello('webrtc'));
  await flush();
  return { ws, pc: FakePeerConnection.last(), presenter: FakePresenter.last() };
}

export async function serverAnswers(ws: FakeWebSocket, sdp = 'server-answer'): Promise<void> {
  ws.serverMessage(json({ type: 'rtc', kind: 'answer', sdp }));
  await flush();
}

/** A WebRTC stream answered, connected, with its track, an open data channel and one presented frame (at the clock's now). */
export async function playing(ctx: Ctx) {
  const s = await openRtcStream(ctx);
  await serverAnswers(s.ws);
  s.pc.setConnectionState('connected');
  s.pc.fireTrack(fakeTrack());
  s.pc.channel.open();
  s.presenter.present({ frame: 1, inputSeq: 0 });
  return s;
}

export const video = (over: Partial<InboundVideo> = {}): InboundVideo => ({
  timestamp: 1_700_000_000_000,
  framesDecoded: 100,
  bytesReceived: 500_000,
  packetsReceived: 500,
  packetsLost: 0,
  totalDecodeTime: 0.5,
  framesPerSecond: 59,
  frameWidth: 1920,
  // A 1920×1080 game and the frame code's strip under it (decision 0025).
  frameHeight: 1176,
  jitter: 0.004,
  rtt: 0.02,
  ...over,
});

/** Every test starts with no sockets, peers or presenters, and no stubbed globals. */
export function freshFakesEachTest(): void {
  beforeEach(() => {
    FakeWebSocket.reset();
    FakePeerConnection.reset();
    FakePresenter.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
