import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_HEARTBEAT_MS, SOCKET_HEARTBEAT_TIMEOUT_MS, type StreamTransport } from '../../../web/api/contract.ts';
import { SDK_INIT_WAIT_MS } from '../../../web/core/constants.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { createMockSdk, streamSocketUrl, unwrapSeq, type MockSdkOptions } from '../../../web/game/mock-sdk.ts';
import type { StreamTarget } from '../../../web/game/sdk.ts';
import { FakeWebSocket, FakeWebSocketImpl } from '../core/socket/fake-websocket.ts';
import { chromiumReport, FakePeerConnection, FakePeerConnectionImpl, FakePresenter, fakePresenter, fakeTrack, type InboundVideo } from './fake-rtc.ts';
import { LEVEL } from './fakes.ts';

const target: StreamTarget = { sc_id: '100001', game_key: 'g', stream_url: 'stream?sc_id=100001', level_config: LEVEL[8] };
const STREAM_URL = 'ws://app.test/socket/stream?sc_id=100001&mock_session=qa1';
const CONNECT_TIMEOUT_MS = 5000;
const STALL_MS = 10_000;

type Msg = Record<string, unknown>;

/** Lets every pending promise chain (the peer connection's async steps) run. */
const flush = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

const hello = (transport: StreamTransport): string => JSON.stringify({ type: 'hello', transport, level_config: LEVEL[8] });
const json = (m: Msg): string => JSON.stringify(m);
const parse = (s: string): Msg => JSON.parse(s) as Msg;
/** What the client sent on the stream socket, heartbeats left out. */
const socketMessages = (ws: FakeWebSocket): Msg[] => ws.sent.map(parse).filter((m) => m['type'] !== 'heartbeat');
const inputsOn = (sent: string[]): Msg[] => sent.map(parse).filter((m) => m['type'] === 'input');

function setup(over: Partial<MockSdkOptions> = {}) {
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
  });
  return { clock, sdk, seen, logs };
}
type Ctx = ReturnType<typeof setup>;

/** start → socket open → server hello for the socket transport. */
function openSocketStream({ sdk }: Ctx): FakeWebSocket {
  sdk.start(target);
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  ws.serverMessage(hello('socket'));
  return ws;
}

/** start → socket open → server hello for WebRTC → the offer is out. */
async function openRtcStream({ sdk }: Ctx) {
  sdk.start(target);
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  ws.serverMessage(hello('webrtc'));
  await flush();
  return { ws, pc: FakePeerConnection.last(), presenter: FakePresenter.last() };
}

async function serverAnswers(ws: FakeWebSocket, sdp = 'server-answer'): Promise<void> {
  ws.serverMessage(json({ type: 'rtc', kind: 'answer', sdp }));
  await flush();
}

/** A WebRTC stream answered, connected, with its track, an open data channel and one presented frame (at the clock's now). */
async function playing(ctx: Ctx) {
  const s = await openRtcStream(ctx);
  await serverAnswers(s.ws);
  s.pc.setConnectionState('connected');
  s.pc.fireTrack(fakeTrack());
  s.pc.channel.open();
  s.presenter.present({ frame: 1, inputSeq: 0 });
  return s;
}

const video = (over: Partial<InboundVideo> = {}): InboundVideo => ({
  timestamp: 1_700_000_000_000,
  framesDecoded: 100,
  bytesReceived: 500_000,
  packetsReceived: 500,
  packetsLost: 0,
  totalDecodeTime: 0.5,
  framesPerSecond: 59,
  frameWidth: 1920,
  frameHeight: 1080,
  jitter: 0.004,
  rtt: 0.02,
  ...over,
});

beforeEach(() => {
  FakeWebSocket.reset();
  FakePeerConnection.reset();
  FakePresenter.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mock SDK: init and socket URL', () => {
  it('init resolves after its delay on the clock', async () => {
    const { clock, sdk } = setup({ initDelayMs: 500 });
    const p = sdk.init({ timeoutMs: 60_000 });
    clock.advance(499);
    await flush();
    expect(sdk.ready).toBe(false);
    clock.advance(1);
    await p;
    expect(sdk.ready).toBe(true);
  });

  it('connects socketBase + stream_url with mock_session, made absolute against the page', () => {
    expect(streamSocketUrl('/socket/', target, 'qa 1')).toBe('/socket/stream?sc_id=100001&mock_session=qa%201');
    expect(streamSocketUrl('ws://h/socket', { stream_url: '/stream' }, null)).toBe('ws://h/socket/stream');
    expect(streamSocketUrl('/socket', { stream_url: 'stream' }, 'a')).toBe('/socket/stream?mock_session=a');
    const { sdk } = setup();
    sdk.start(target);
    expect(FakeWebSocket.last().url).toBe(STREAM_URL);
    expect(sdk.serviceLevel).toBe(8);
    expect(sdk.target).toBe(target);
  });
});

describe('mock SDK: socket transport', () => {
  it('SPEC §4 Progress: 30/50/80/100 come from the server progress messages; other values and the hello itself report nothing', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    expect(ctx.sdk.transport).toBe('socket');
    expect(ctx.seen).toEqual([]);
    for (const value of [30, 50, 42, 80, 100]) ws.serverMessage(json({ type: 'progress', value, stage: 'x' }));
    expect(ctx.seen).toEqual(['progress 30', 'progress 50', 'progress 80', 'progress 100']);
    // No WebRTC on this transport.
    expect(FakePeerConnection.instances).toHaveLength(0);
    expect(FakePresenter.instances).toHaveLength(0);
    expect(socketMessages(ws)).toEqual([]);
  });

  it('SPEC §4 Stream events: 43000, 43001, 43100, 45001 and 54001 reach listeners with their message; unknown codes are ignored', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    for (const code of [43000, 43001, 12345, 43100, 45001, 0, 54001]) ws.serverMessage(json({ type: 'event', code, msg: `m${code}` }));
    ws.serverMessage(json({ type: 'event', code: 45001 }));
    expect(ctx.seen).toEqual(['event 43000 "m43000"', 'event 43001 "m43001"', 'event 43100 "m43100"', 'event 45001 "m45001"', 'event 54001 "m54001"', 'event 45001 ""']);
  });

  it('status frames update lastReport and the mounted element (data-frame, data-input-seq, data-inputs); heartbeats, errors and junk are ignored', () => {
    const ctx = setup();
    const el = document.createElement('div');
    ctx.sdk.mount(el);
    const ws = openSocketStream(ctx);
    const frame = { type: 'frame', frame: 42, input_seq: 7, t: 123_456, inputs: 9, last_input: 'keyboard', game: null };
    ws.serverMessage(json(frame));
    expect(ctx.sdk.lastReport).toEqual(frame);
    expect(el.getAttribute('data-frame')).toBe('42');
    expect(el.getAttribute('data-input-seq')).toBe('7');
    expect(el.getAttribute('data-inputs')).toBe('9');
    expect(el.getAttribute('data-player')).toBeNull();

    ws.serverMessage(json({ type: 'heartbeat', time: 1 }));
    ws.serverMessage('nope');
    ws.serverMessage('null');
    ws.serverMessage('[1,2]');
    ws.serverMessage(json({ no: 'type' }));
    ws.serverMessage(json({ type: 'mystery', frame: 99 }));
    ws.serverMessage(json({ type: 'error', msg: 'bad input' }));
    expect(ctx.seen).toEqual([]);
    expect(ctx.sdk.lastReport).toEqual(frame);
    expect(el.getAttribute('data-frame')).toBe('42');
    expect(ctx.logs).toContain('mock sdk: server says bad input');

    ws.serverMessage(json({ ...frame, frame: 43, input_seq: 8, inputs: 10 }));
    expect(ctx.sdk.lastReport?.frame).toBe(43);
    expect([el.dataset['frame'], el.dataset['inputSeq'], el.dataset['inputs']]).toEqual(['43', '8', '10']);
    // A newly mounted element shows the last report at once.
    const other = document.createElement('div');
    ctx.sdk.mount(other);
    expect(other.getAttribute('data-frame')).toBe('43');
    expect(other.getAttribute('data-inputs')).toBe('10');
  });

  it('SPEC §9 heartbeat: {"type":"heartbeat"} every 25 s on the stream socket', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    ctx.clock.advance(SOCKET_HEARTBEAT_MS - 1);
    expect(ws.sent).toEqual([]);
    ctx.clock.advance(1);
    expect(ws.sent).toEqual(['{"type":"heartbeat"}']);
    ctx.clock.advance(SOCKET_HEARTBEAT_MS);
    expect(ws.sent).toEqual(['{"type":"heartbeat"}', '{"type":"heartbeat"}']);
    expect(ctx.seen).toEqual([]);
  });

  it('SPEC §9 heartbeat timeout: 70 s without a server message is a lost stream (no first-frame deadline on this transport)', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    // Past connectTimeoutMs: the socket transport presents no frames, so it is not "failed".
    ctx.clock.advance(SOCKET_HEARTBEAT_TIMEOUT_MS - 1);
    expect(ctx.seen).toEqual([]);
    ctx.clock.advance(1);
    expect(ctx.seen).toEqual(['disconnect lost']);
    expect(ws.closedWith).toEqual({ code: 4000, reason: 'heartbeat timeout' });
  });
});

describe('mock SDK: WebRTC transport', () => {
  it('SPEC §4 Progress: 30 on hello with an offer on the socket, 50 after the answer, 80 when connected, 100 on the first presented frame and never twice', async () => {
    const ctx = setup();
    const el = document.createElement('div');
    ctx.sdk.mount(el);
    const { ws, pc, presenter } = await openRtcStream(ctx);
    expect(ctx.sdk.transport).toBe('webrtc');
    expect(ctx.seen).toEqual(['progress 30']);
    expect(pc.config).toEqual({ iceServers: [] });
    expect(pc.channels.map((c) => [c.label, c.init])).toEqual([['input', { ordered: true }]]);
    expect(pc.transceivers).toEqual([{ kind: 'video', init: { direction: 'recvonly' } }]);
    expect(pc.calls).toEqual(['createDataChannel input', 'addTransceiver video', 'createOffer', 'setLocalDescription offer offer-sdp-1']);
    expect(socketMessages(ws)).toEqual([{ type: 'rtc', kind: 'offer', sdp: 'offer-sdp-1' }]);
    expect(presenter.mounts).toEqual([el]);

    // The server's own progress steps mean nothing on this transport.
    ws.serverMessage(json({ type: 'progress', value: 80, stage: 'game_start' }));
    expect(ctx.seen).toEqual(['progress 30']);

    await serverAnswers(ws, 'sdp-from-cloud');
    expect(pc.calls.at(-1)).toBe('setRemoteDescription answer sdp-from-cloud');
    expect(ctx.seen).toEqual(['progress 30', 'progress 50']);

    pc.setConnectionState('connecting');
    expect(ctx.seen).toEqual(['progress 30', 'progress 50']);
    pc.setConnectionState('connected');
    pc.setConnectionState('connected');
    expect(ctx.seen).toEqual(['progress 30', 'progress 50', 'progress 80']);

    const track = fakeTrack('v-9');
    pc.fireTrack(track);
    expect(presenter.shown).toEqual([track]);
    // The newest frame now, not a smooth buffer.
    expect(pc.receiver.jitterBufferTarget).toBe(0);
    expect(ctx.sdk.framesPresented).toBe(0);

    presenter.present({ frame: 1, inputSeq: 0 });
    presenter.present({ frame: 2, inputSeq: 0 });
    presenter.present(null);
    expect(ctx.seen).toEqual(['progress 30', 'progress 50', 'progress 80', 'progress 100']);
    expect(ctx.sdk.framesPresented).toBe(3);
  });

  it('ICE candidates trickle both ways; server candidates before the answer are queued and added after it', async () => {
    const ctx = setup();
    const { ws, pc } = await openRtcStream(ctx);
    const local = { candidate: 'candidate:1 1 udp 2122260223 192.168.1.2 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    pc.fireIceCandidate(local);
    pc.fireIceCandidate(null);
    expect(socketMessages(ws).slice(1)).toEqual([
      { type: 'rtc', kind: 'candidate', candidate: local },
      { type: 'rtc', kind: 'candidate', candidate: null },
    ]);

    const a = { candidate: 'candidate:a', sdpMid: '0', sdpMLineIndex: 0 };
    const b = { candidate: 'candidate:b', sdpMid: '0', sdpMLineIndex: 0 };
    const c = { candidate: 'candidate:c', sdpMid: '0', sdpMLineIndex: 0 };
    ws.serverMessage(json({ type: 'rtc', kind: 'candidate', candidate: a }));
    ws.serverMessage(json({ type: 'rtc', kind: 'candidate', candidate: b }));
    await flush();
    expect(pc.calls.filter((x) => x.startsWith('addIceCandidate'))).toEqual([]);
    expect(ctx.seen).toEqual(['progress 30']);

    await serverAnswers(ws);
    const afterOffer = pc.calls.slice(pc.calls.indexOf('setLocalDescription offer offer-sdp-1') + 1);
    expect(afterOffer).toEqual(['setRemoteDescription answer server-answer', 'addIceCandidate candidate:a', 'addIceCandidate candidate:b']);
    expect(ctx.seen).toEqual(['progress 30', 'progress 50']);

    ws.serverMessage(json({ type: 'rtc', kind: 'candidate', candidate: c }));
    ws.serverMessage(json({ type: 'rtc', kind: 'candidate', candidate: null }));
    await flush();
    expect(pc.candidates).toEqual([a, b, c]);
  });

  it('a server re-offer mid-stream is answered on the socket, without new progress', async () => {
    const ctx = setup();
    const { ws, pc } = await playing(ctx);
    const before = [...ctx.seen];
    const callsBefore = pc.calls.length;
    ws.serverMessage(json({ type: 'rtc', kind: 'offer', sdp: 'reoffer-bitrate-3000' }));
    await flush();
    expect(pc.calls.slice(callsBefore)).toEqual(['setRemoteDescription offer reoffer-bitrate-3000', 'createAnswer', 'setLocalDescription answer answer-sdp-1']);
    expect(socketMessages(ws).at(-1)).toEqual({ type: 'rtc', kind: 'answer', sdp: 'answer-sdp-1' });
    expect(ctx.seen).toEqual(before);
    expect(FakePeerConnection.instances).toHaveLength(1);
  });

  it('data-channel frame reports update lastReport, data-inputs and data-player (data-frame and data-input-seq stay those of the presented picture); junk on the channel is skipped', async () => {
    const ctx = setup();
    const el = document.createElement('div');
    ctx.sdk.mount(el);
    const { pc } = await playing(ctx);
    const report = {
      type: 'frame',
      frame: 300,
      input_seq: 12,
      t: 1_700_000_000_000,
      inputs: 14,
      last_input: 'gamepad',
      game: { kind: 'space-race', score: 3, best: 10, lives: 2, over: false, player: { x: 0.25, y: 0.5 } },
    };
    pc.channel.serverMessage(json(report));
    expect(ctx.sdk.lastReport).toEqual(report);
    expect(el.getAttribute('data-inputs')).toBe('14');
    expect(el.getAttribute('data-player')).toBe('0.250,0.500');
    // What the player sees: the frame code of the last presented picture ({frame: 1, inputSeq: 0} in playing()).
    expect(el.getAttribute('data-frame')).toBe('1');
    expect(el.getAttribute('data-input-seq')).toBe('0');

    pc.channel.serverMessage('{broken');
    pc.channel.serverMessage(json({ type: 'frame', frame: 301 }));
    pc.channel.serverMessage(json({ type: 'stats', input_seq: 1 }));
    pc.channel.serverMessage(new ArrayBuffer(8));
    expect(ctx.sdk.lastReport).toEqual(report);
    expect(el.getAttribute('data-inputs')).toBe('14');

    pc.channel.serverMessage(json({ ...report, frame: 302, inputs: 15, game: { ...report.game, player: { x: 0.1234, y: 1 } } }));
    expect(ctx.sdk.lastReport?.frame).toBe(302);
    expect(el.getAttribute('data-inputs')).toBe('15');
    expect(el.getAttribute('data-player')).toBe('0.123,1.000');
    expect(el.getAttribute('data-frame')).toBe('1');
    // A newly mounted element gets the last report's figures at once.
    const other = document.createElement('div');
    ctx.sdk.mount(other);
    expect(other.getAttribute('data-player')).toBe('0.123,1.000');
    expect(other.getAttribute('data-inputs')).toBe('15');
  });

  it('presented frames set lastPresented and framesPresented, and the element shows the frame code read from the picture', async () => {
    const ctx = setup();
    const el = document.createElement('div');
    ctx.sdk.mount(el);
    const { presenter } = await playing(ctx);
    presenter.present({ frame: 501, inputSeq: 0 }, 1280, 720);
    expect(ctx.sdk.lastPresented).toEqual({ code: { frame: 501, inputSeq: 0 }, width: 1280, height: 720 });
    expect(ctx.sdk.framesPresented).toBe(2);
    expect(el.getAttribute('data-frame')).toBe('501');
    expect(el.getAttribute('data-input-seq')).toBe('0');
    // An unreadable code still counts as presented but leaves the element as it was.
    presenter.present(null);
    expect(ctx.sdk.lastPresented?.code).toBeNull();
    expect(ctx.sdk.framesPresented).toBe(3);
    expect(el.getAttribute('data-frame')).toBe('501');
  });

  it("mount and unmount move the presenter's picture; a presenter made before mounting gets null", async () => {
    const ctx = setup();
    const { presenter } = await openRtcStream(ctx);
    const a = document.createElement('div');
    const b = document.createElement('div');
    ctx.sdk.mount(a);
    ctx.sdk.unmount();
    ctx.sdk.mount(b);
    expect(presenter.mounts).toEqual([null, a, null, b]);
  });
});

describe('mock SDK: input', () => {
  it('every message carries seq rising by one; on the socket transport it goes on the socket', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    ctx.sdk.sendKey('KeyW', true);
    ctx.sdk.sendKey('KeyW', false);
    ctx.sdk.sendTouch({ action: 'down', x: 0.5, y: 0.5 });
    const sent = inputsOn(ws.sent);
    expect(sent.map((m) => m['seq'])).toEqual([1, 2, 3]);
    expect(sent[0]).toEqual({ type: 'input', seq: 1, device: 'keyboard', key: 'KeyW', down: true });
    expect(sent[1]).toEqual({ type: 'input', seq: 2, device: 'keyboard', key: 'KeyW', down: false });
  });

  it('WebRTC: input goes on the socket until the data channel is open, then on the channel, seq continuing', async () => {
    const ctx = setup();
    const { ws, pc } = await openRtcStream(ctx);
    await serverAnswers(ws);
    ctx.sdk.sendKey('Space', true);
    expect(inputsOn(ws.sent)).toEqual([{ type: 'input', seq: 1, device: 'keyboard', key: 'Space', down: true }]);
    expect(pc.channel.sent).toEqual([]);

    pc.channel.open();
    ctx.sdk.sendKey('Space', false);
    ctx.sdk.sendKey('KeyA', true);
    expect(inputsOn(pc.channel.sent)).toEqual([
      { type: 'input', seq: 2, device: 'keyboard', key: 'Space', down: false },
      { type: 'input', seq: 3, device: 'keyboard', key: 'KeyA', down: true },
    ]);
    expect(inputsOn(ws.sent)).toHaveLength(1);

    // The channel closes under us: back to the socket.
    pc.channel.readyState = 'closed';
    ctx.sdk.sendKey('KeyA', false);
    expect(inputsOn(ws.sent).map((m) => m['seq'])).toEqual([1, 4]);
    expect(pc.channel.sent).toHaveLength(2);
  });

  it('input while the socket is not open is dropped: nothing sent, seq not advanced', () => {
    const ctx = setup();
    expect(() => ctx.sdk.sendKey('KeyA', true)).not.toThrow(); // no stream at all
    ctx.sdk.start(target);
    const ws = FakeWebSocket.last();
    ctx.sdk.sendKey('KeyA', true); // still connecting
    ctx.sdk.sendMouse({ action: 'move', dx: 1, dy: 1 });
    expect(ws.sent).toEqual([]);
    ws.serverOpen();
    ws.serverMessage(hello('socket'));
    ctx.sdk.sendKey('KeyB', true);
    expect(inputsOn(ws.sent).map((m) => m['seq'])).toEqual([1]);

    ws.serverClose(1006); // lost: no socket
    ctx.sdk.sendKey('KeyC', true);
    ctx.sdk.sendGamepad({ buttons: [], axes: [] });
    expect(inputsOn(ws.sent)).toHaveLength(1);

    // The next stream of this SDK goes on from the last number actually sent.
    ctx.sdk.start(target);
    const next = FakeWebSocket.last();
    next.serverOpen();
    ctx.sdk.sendKey('KeyD', true);
    expect(inputsOn(next.sent)).toEqual([{ type: 'input', seq: 2, device: 'keyboard', key: 'KeyD', down: true }]);
  });

  it('a send that throws is swallowed', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    ws.failSend = new Error('buffer full');
    expect(() => ctx.sdk.sendKey('KeyA', true)).not.toThrow();
    ws.failSend = null;
    ctx.sdk.sendKey('KeyA', false);
    expect(inputsOn(ws.sent).map((m) => m['seq'])).toEqual([2]);
    expect(ctx.seen).toEqual([]);
  });

  it('SPEC §9 gamepad: padded to 17 buttons and 4 axes, values clamped, longer arrays cut', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    ctx.sdk.sendGamepad({ buttons: [1, 0.5, 2, -1, Number.NaN], axes: [0.5, -2] });
    ctx.sdk.sendGamepad({ buttons: Array.from({ length: 20 }, () => 1), axes: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6] });
    const [short, long] = inputsOn(ws.sent);
    expect(short).toEqual({
      type: 'input',
      seq: 1,
      device: 'gamepad',
      buttons: [1, 0.5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      axes: [0.5, -1, 0, 0],
    });
    expect(long?.['buttons']).toEqual(Array.from({ length: 17 }, () => 1));
    expect(long?.['axes']).toEqual([0.1, 0.2, 0.3, 0.4]);
  });

  it('SPEC §9 mouse: dx/dy scaled by setMouseSensitivity(v)/100 (setting × 1.19); button, buttons and wheel passed through', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    // Default: setting 50 × 1.19.
    expect(ctx.sdk.mouseSensitivity).toBe(59.5);
    ctx.sdk.sendMouse({ action: 'move', dx: 100, dy: -40 });
    ctx.sdk.setMouseSensitivity(100 * 1.19);
    expect(ctx.sdk.mouseSensitivity).toBeCloseTo(119);
    ctx.sdk.sendMouse({ action: 'move', dx: 10, dy: -20, buttons: 1 });
    ctx.sdk.sendMouse({ action: 'down', dx: 0, dy: 0, button: 2, buttons: 2 });
    ctx.sdk.sendMouse({ action: 'wheel', dx: 0, dy: 0, wheel: -3 });
    const [m0, m1, m2, m3] = inputsOn(ws.sent);
    expect(m0).toEqual({ type: 'input', seq: 1, device: 'mouse', action: 'move', dx: 59.5, dy: expect.closeTo(-23.8, 9) });
    expect(m1).toMatchObject({ device: 'mouse', action: 'move', buttons: 1 });
    expect(m1?.['dx']).toBeCloseTo(11.9);
    expect(m1?.['dy']).toBeCloseTo(-23.8);
    expect(m1).not.toHaveProperty('button');
    expect(m1).not.toHaveProperty('wheel');
    expect(m2).toEqual({ type: 'input', seq: 3, device: 'mouse', action: 'down', dx: 0, dy: 0, button: 2, buttons: 2 });
    expect(m3).toEqual({ type: 'input', seq: 4, device: 'mouse', action: 'wheel', dx: 0, dy: 0, wheel: -3 });
  });

  it('touch is clamped to 0–1', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    ctx.sdk.sendTouch({ action: 'down', x: 2, y: -0.5 });
    ctx.sdk.sendTouch({ action: 'move', x: 0.25, y: 0.75 });
    ctx.sdk.sendTouch({ action: 'up', x: -1, y: 1.01 });
    expect(inputsOn(ws.sent)).toEqual([
      { type: 'input', seq: 1, device: 'touch', action: 'down', x: 1, y: 0 },
      { type: 'input', seq: 2, device: 'touch', action: 'move', x: 0.25, y: 0.75 },
      { type: 'input', seq: 3, device: 'touch', action: 'up', x: 0, y: 1 },
    ]);
  });

  it('setServiceLevel records the grade the cloud granted', () => {
    const ctx = setup();
    ctx.sdk.start(target);
    ctx.sdk.setServiceLevel(10);
    expect(ctx.sdk.serviceLevel).toBe(10);
  });
});

describe('mock SDK: latency and stats', () => {
  it('input-to-frame latency: stats().inputLatencyMs is the median of the second’s samples, latencies keeps them all', async () => {
    const ctx = setup();
    const { pc, presenter } = await playing(ctx);
    pc.statsReport = chromiumReport(video());
    ctx.clock.advance(1000);
    ctx.sdk.sendKey('KeyA', true); // seq 1 at 1000
    ctx.clock.advance(20);
    ctx.sdk.sendKey('KeyA', false); // seq 2 at 1020
    ctx.clock.advance(30);
    ctx.sdk.sendKey('KeyB', true); // seq 3 at 1050
    expect(pc.channel.sent).toHaveLength(3);
    ctx.clock.advance(50);
    presenter.present({ frame: 7, inputSeq: 2 }); // at 1100: 100, 80
    ctx.clock.advance(80);
    presenter.present({ frame: 8, inputSeq: 1 }); // older: nothing new
    presenter.present(null); // unreadable: nothing
    presenter.present({ frame: 9, inputSeq: 3 }); // at 1180: 130

    const s = await ctx.sdk.stats();
    expect(s?.inputLatencyMs).toBe(100); // median, not the mean (103.3)
    expect(ctx.sdk.latencies).toEqual([100, 80, 130]);

    // The next second has no new samples: no figure, the log stays.
    ctx.clock.advance(1000);
    pc.statsReport = chromiumReport(video({ timestamp: 1_700_000_001_000, framesDecoded: 160 }));
    const next = await ctx.sdk.stats();
    expect(next?.inputLatencyMs).toBeNull();
    expect(ctx.sdk.latencies).toEqual([100, 80, 130]);
  });

  it('stats() is null while the report has no inbound video; the latency samples still go to latencies', async () => {
    const ctx = setup();
    const { presenter } = await playing(ctx);
    ctx.sdk.sendKey('KeyA', true);
    ctx.clock.advance(33);
    presenter.present({ frame: 2, inputSeq: 1 });
    const s = await ctx.sdk.stats();
    expect(s).toBeNull(); // no inbound video in the report yet
    expect(ctx.sdk.latencies).toEqual([33]);
  });

  it('stats() on WebRTC: fps and bitrate from two getStats reports one second apart', async () => {
    const ctx = setup();
    const { pc } = await playing(ctx);
    ctx.clock.advance(2000);
    pc.statsReport = chromiumReport(video());
    const first = await ctx.sdk.stats();
    expect(first).toEqual({
      at: 2000,
      transport: 'webrtc',
      fps: 59, // the browser's own figure: no previous report
      width: 1920,
      height: 1080,
      bitrateKbps: null,
      rttMs: 20,
      jitterMs: 4,
      packetLossPct: null,
      decodeMs: null,
      inputLatencyMs: null,
      framesDecoded: 100,
    });

    ctx.clock.advance(1000);
    pc.statsReport = chromiumReport(
      video({ timestamp: 1_700_000_001_000, framesDecoded: 160, bytesReceived: 750_000, packetsReceived: 740, packetsLost: 10, totalDecodeTime: 0.8, framesPerSecond: 58 }),
    );
    const second = await ctx.sdk.stats();
    expect(pc.getStatsCalls).toBe(2);
    expect(second?.at).toBe(3000);
    expect(second?.transport).toBe('webrtc');
    expect(second?.fps).toBeCloseTo(60);
    expect(second?.bitrateKbps).toBeCloseTo(2000); // 250,000 bytes × 8 / 1 s
    expect(second?.packetLossPct).toBeCloseTo(4); // 10 lost of 250 expected
    expect(second?.decodeMs).toBeCloseTo(5); // 0.3 s over 60 frames
    expect(second?.framesDecoded).toBe(160);
  });

  it('stats() on the socket transport: transport socket with null figures', async () => {
    const ctx = setup();
    openSocketStream(ctx);
    ctx.clock.advance(1234);
    expect(await ctx.sdk.stats()).toEqual({
      at: 1234,
      transport: 'socket',
      fps: null,
      width: null,
      height: null,
      bitrateKbps: null,
      rttMs: null,
      jitterMs: null,
      packetLossPct: null,
      decodeMs: null,
      inputLatencyMs: null,
      framesDecoded: 0,
    });
  });

  it('stats() is null with no stream: before start, after a disconnect, after pause and stop', async () => {
    const ctx = setup();
    expect(await ctx.sdk.stats()).toBeNull();
    const ws = openSocketStream(ctx);
    expect(await ctx.sdk.stats()).not.toBeNull();
    ws.serverClose(1006);
    expect(await ctx.sdk.stats()).toBeNull();

    const { pc } = await playing(ctx);
    pc.statsReport = chromiumReport(video());
    expect((await ctx.sdk.stats())?.transport).toBe('webrtc');
    ctx.sdk.pause();
    expect(await ctx.sdk.stats()).toBeNull();
    ctx.sdk.resume();
    ctx.sdk.stop();
    expect(await ctx.sdk.stats()).toBeNull();
  });
});

describe('mock SDK: unwrapSeq', () => {
  it('gives the full input number of a 24-bit frame code, the nearest at or below the last sent', () => {
    const SPAN = 2 ** 24;
    expect(unwrapSeq(5, 5)).toBe(5);
    expect(unwrapSeq(3, 5)).toBe(3);
    expect(unwrapSeq(0, 0)).toBe(0);
    expect(unwrapSeq(0, SPAN)).toBe(SPAN);
    expect(unwrapSeq(1, SPAN + 1)).toBe(SPAN + 1);
    expect(unwrapSeq(SPAN - 1, SPAN + 2)).toBe(SPAN - 1);
    expect(unwrapSeq(10, SPAN + 5)).toBe(10);
    expect(unwrapSeq(10, 3 * SPAN + 20)).toBe(3 * SPAN + 10);
    // A code "ahead" of what was sent can only be a stale or misread one: it maps below everything sent.
    expect(unwrapSeq(7, 5)).toBe(7 - SPAN);
  });
});

describe('mock SDK: failure paths', () => {
  it('no first frame within connectTimeoutMs: disconnect failed once, with the seconds in the message; all torn down', async () => {
    const ctx = setup();
    const { ws, pc, presenter } = await openRtcStream(ctx);
    await serverAnswers(ws);
    pc.setConnectionState('connected');
    ctx.clock.advance(CONNECT_TIMEOUT_MS - 1);
    expect(ctx.seen).toEqual(['progress 30', 'progress 50', 'progress 80']);
    ctx.clock.advance(1);
    expect(ctx.seen).toEqual(['progress 30', 'progress 50', 'progress 80', 'disconnect failed: The video stream did not connect within 5 s.']);
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'client' });
    expect(pc.closed).toBe(true);
    expect(presenter.closed).toBe(true);
    ws.serverClose(1000, 'client');
    ctx.clock.advance(SDK_INIT_WAIT_MS);
    expect(ctx.seen.filter((s) => s.startsWith('disconnect'))).toHaveLength(1);
  });

  it('the default first-frame deadline is SDK_INIT_WAIT_MS (60 s)', async () => {
    const ctx = setup({ connectTimeoutMs: undefined });
    await openRtcStream(ctx);
    ctx.clock.advance(SDK_INIT_WAIT_MS - 1);
    expect(ctx.seen).toEqual(['progress 30']);
    ctx.clock.advance(1);
    expect(ctx.seen.at(-1)).toBe('disconnect failed: The video stream did not connect within 60 s.');
  });

  it('SPEC §4 reconnect path: frames presented, then none for stallMs, is a lost stream', async () => {
    const ctx = setup();
    const { presenter, pc } = await playing(ctx); // a frame at 0
    ctx.clock.advance(5000);
    presenter.present({ frame: 2, inputSeq: 0 }); // keeps it alive: the last frame is now at 5000
    ctx.clock.advance(STALL_MS + 999); // 15,999: the watch at 15,000 sees exactly 10 s
    expect(ctx.seen).toEqual(['progress 30', 'progress 50', 'progress 80', 'progress 100']);
    ctx.clock.advance(1);
    expect(ctx.seen.at(-1)).toBe('disconnect lost: no video for 10 s');
    expect(pc.closed).toBe(true);
    expect(presenter.closed).toBe(true);
    ctx.clock.advance(60_000);
    expect(ctx.seen.filter((s) => s.startsWith('disconnect'))).toHaveLength(1);
  });

  it("connectionState 'failed' is a lost stream; 'disconnected' is lost only once connected", async () => {
    const ctx = setup();
    const first = await openRtcStream(ctx);
    first.pc.setConnectionState('disconnected'); // before connecting: ICE may still get there
    expect(ctx.seen).toEqual(['progress 30']);
    first.pc.setConnectionState('failed');
    expect(ctx.seen).toEqual(['progress 30', 'disconnect lost: WebRTC connection failed']);
    expect(first.ws.closedWith?.code).toBe(1000);
    expect(first.pc.closed).toBe(true);

    const second = await playing(ctx);
    second.pc.setConnectionState('disconnected');
    expect(ctx.seen.at(-1)).toBe('disconnect lost: WebRTC connection disconnected');
    expect(second.presenter.closed).toBe(true);
  });

  it('SPEC §8 socket codes: a 1006 close is lost, on either transport', async () => {
    const ctx = setup();
    openSocketStream(ctx).serverClose(1006);
    expect(ctx.seen).toEqual(['disconnect lost']);
    const { ws, pc, presenter } = await playing(ctx);
    ws.serverClose(1006);
    expect(ctx.seen.at(-1)).toBe('disconnect lost');
    expect(pc.closed).toBe(true);
    expect(presenter.closed).toBe(true);
  });

  it('SPEC §8 socket codes: close 4004 (unknown session) or reason "session stopped: …" is ended', async () => {
    const ctx = setup();
    openSocketStream(ctx).serverClose(4004, 'unknown session');
    const { ws } = await playing(ctx);
    ws.serverClose(1000, 'session stopped: hang-up over');
    openSocketStream(ctx).serverClose(1000, 'bye'); // a plain close is not an end
    expect(ctx.seen.filter((s) => s.startsWith('disconnect'))).toEqual(['disconnect ended', 'disconnect ended', 'disconnect lost']);
  });

  it('no RTCPeerConnection in the browser: failed, nothing left open', () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    const ctx = setup({ PeerConnection: undefined });
    ctx.sdk.start(target);
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverMessage(hello('webrtc'));
    expect(ctx.seen).toEqual(['disconnect failed: This browser cannot play the stream: it has no WebRTC.']);
    expect(FakePresenter.instances).toHaveLength(0);
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'client' });
    ctx.clock.advance(SDK_INIT_WAIT_MS);
    expect(ctx.seen).toHaveLength(1);
  });

  it('the offer cannot be made: failed with the reason', async () => {
    const ctx = setup();
    FakePeerConnection.onCreate = (pc) => {
      pc.failNext.createOffer = new Error('no codec');
    };
    const { ws, pc, presenter } = await openRtcStream(ctx);
    expect(ctx.seen).toEqual(['progress 30', 'disconnect failed: The stream could not be set up: no codec']);
    expect(socketMessages(ws)).toEqual([]);
    expect(pc.closed).toBe(true);
    expect(presenter.closed).toBe(true);
  });

  it('an answer the peer refuses: failed, no 50', async () => {
    const ctx = setup();
    const { ws, pc } = await openRtcStream(ctx);
    pc.failNext.setRemoteDescription = new Error('bad sdp');
    await serverAnswers(ws);
    expect(ctx.seen).toEqual(['progress 30', 'disconnect failed: The stream could not be set up: bad sdp']);
  });

  it('SPEC §4 Progress keeps its order when ICE connects before the answer settles: 30, 50, 80, each once', async () => {
    const ctx = setup();
    const { ws, pc } = await openRtcStream(ctx);
    pc.setConnectionState('connected');
    await serverAnswers(ws);
    expect(ctx.seen).toEqual(['progress 30', 'progress 50', 'progress 80']);
  });

  it('a late failure of a replaced stream does not end the new one', async () => {
    const ctx = setup();
    const { ws, pc } = await openRtcStream(ctx);
    pc.failNext.setRemoteDescription = new Error('closed under us');
    ws.serverMessage(json({ type: 'rtc', kind: 'answer', sdp: 'late' }));
    // The session reconnects before the old answer fails.
    ctx.sdk.reconnect(target);
    const next = FakeWebSocket.last();
    next.serverOpen();
    next.serverMessage(hello('webrtc'));
    await flush();
    expect(ctx.seen.filter((x) => x.startsWith('disconnect'))).toEqual([]);
    expect(next.closedWith).toBeNull();
  });

  it('a peer connection that cannot be built fails at once with the reason', () => {
    const ctx = setup({
      PeerConnection: class {
        constructor() {
          throw new Error('blocked by policy');
        }
      } as unknown as typeof RTCPeerConnection,
    });
    ctx.sdk.start(target);
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverMessage(hello('webrtc'));
    expect(ctx.seen).toEqual(['disconnect failed: The stream could not be set up: blocked by policy']);
    expect(FakePresenter.last().closed).toBe(true);
  });

  it('a server that never says hello: failed at the connect deadline, not a spinner forever', () => {
    const ctx = setup();
    ctx.sdk.start(target);
    FakeWebSocket.last().serverOpen();
    ctx.clock.advance(CONNECT_TIMEOUT_MS);
    expect(ctx.seen).toEqual([`disconnect failed: The video stream did not connect within ${CONNECT_TIMEOUT_MS / 1000} s.`]);
  });

  it('a second hello on one connection is ignored (no second peer)', async () => {
    const ctx = setup();
    const { ws } = await openRtcStream(ctx);
    ws.serverMessage(hello('webrtc'));
    await flush();
    expect(FakePeerConnection.instances).toHaveLength(1);
  });

  it('a server candidate the peer refuses is logged, not fatal', async () => {
    const ctx = setup();
    const { ws, pc } = await openRtcStream(ctx);
    await serverAnswers(ws);
    pc.failNext.addIceCandidate = new Error('bad candidate');
    ws.serverMessage(json({ type: 'rtc', kind: 'candidate', candidate: { candidate: 'candidate:x', sdpMid: '0', sdpMLineIndex: 0 } }));
    await flush();
    expect(ctx.logs).toContain('rtc: candidate refused: Error: bad candidate');
    expect(ctx.seen).toEqual(['progress 30', 'progress 50']);
  });

  it('a socket error before open is lost; an error after open waits for the close', () => {
    const ctx = setup();
    ctx.sdk.start(target);
    const never = FakeWebSocket.last();
    never.serverError();
    expect(ctx.seen).toEqual(['disconnect lost']);
    expect(never.closedWith).toEqual({ code: 1000, reason: 'client' });

    const ws = openSocketStream(ctx);
    ws.serverError();
    expect(ctx.seen).toEqual(['disconnect lost']);
    ws.serverClose(1006);
    expect(ctx.seen).toEqual(['disconnect lost', 'disconnect lost']);
  });
});

describe('mock SDK: closing it ourselves', () => {
  it('pause closes the socket, the peer connection and the presenter without reporting; resume reopens the same sc_id', async () => {
    const ctx = setup();
    const { ws, pc, presenter } = await playing(ctx);
    const before = [...ctx.seen];
    ctx.sdk.pause();
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'client' });
    expect(pc.closed).toBe(true);
    expect(pc.channel.closed).toBe(true);
    expect(presenter.closed).toBe(true);
    // Late events of the old stream reach no one.
    ws.serverClose(1000);
    pc.setConnectionState('failed');
    ctx.clock.advance(SDK_INIT_WAIT_MS + STALL_MS);
    expect(ctx.seen).toEqual(before);
    expect(ctx.sdk.target).toBe(target);

    ctx.sdk.resume();
    expect(FakeWebSocket.instances).toHaveLength(2);
    const again = FakeWebSocket.last();
    expect(again.url).toBe(STREAM_URL);
    again.serverOpen();
    again.serverMessage(hello('webrtc'));
    await flush();
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(ctx.sdk.framesPresented).toBe(0);
    expect(ctx.seen).toEqual([...before, 'progress 30']);
  });

  it('reconnect closes the old stream without reporting and opens the new target with its service level', async () => {
    const ctx = setup();
    const old = await playing(ctx);
    const before = [...ctx.seen];
    const next: StreamTarget = { sc_id: '100002', game_key: 'g', stream_url: 'stream?sc_id=100002', level_config: LEVEL[9] };
    ctx.sdk.reconnect(next);
    expect(old.ws.closedWith?.code).toBe(1000);
    expect(old.pc.closed).toBe(true);
    expect(old.presenter.closed).toBe(true);
    expect(FakeWebSocket.last().url).toBe('ws://app.test/socket/stream?sc_id=100002&mock_session=qa1');
    expect(ctx.sdk.serviceLevel).toBe(9);
    expect(ctx.sdk.target).toBe(next);
    expect(ctx.sdk.transport).toBeNull();
    expect(ctx.sdk.lastReport).toBeNull();
    expect(ctx.sdk.framesPresented).toBe(0);
    old.ws.serverClose(1006);
    old.pc.setConnectionState('failed');
    old.pc.channel.serverMessage(json({ type: 'frame', frame: 9, input_seq: 0, t: 0, inputs: 0, last_input: null, game: null }));
    expect(ctx.sdk.lastReport).toBeNull();
    expect(ctx.seen.filter((s) => s.startsWith('disconnect'))).toEqual([]);
    expect(ctx.seen.slice(0, before.length)).toEqual(before);
  });

  it('stop closes everything without reporting and forgets the target; resume then opens nothing', async () => {
    const ctx = setup();
    const { ws, pc, presenter } = await playing(ctx);
    const before = [...ctx.seen];
    ctx.sdk.stop();
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'client' });
    expect(pc.closed).toBe(true);
    expect(presenter.closed).toBe(true);
    expect(ctx.sdk.target).toBeNull();
    ws.serverClose(4004);
    ctx.clock.advance(SDK_INIT_WAIT_MS);
    ctx.sdk.resume();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(ctx.seen).toEqual(before);
  });

  it('destroy closes everything and no listener hears anything afterwards', async () => {
    const ctx = setup();
    const { ws, pc, presenter } = await playing(ctx);
    const before = [...ctx.seen];
    ctx.sdk.destroy();
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'client' });
    expect(pc.closed).toBe(true);
    expect(presenter.closed).toBe(true);
    ws.serverClose(1006);
    ctx.clock.advance(SDK_INIT_WAIT_MS);
    // Even a stream started afterwards reaches no listener.
    const again = openSocketStream(ctx);
    again.serverMessage(json({ type: 'progress', value: 30, stage: 'server_connect' }));
    again.serverMessage(json({ type: 'event', code: 54001, msg: 'ended' }));
    again.serverClose(4004);
    expect(ctx.seen).toEqual(before);
  });

  it('an unsubscribed listener hears nothing; the others still do', () => {
    const ctx = setup();
    const other: string[] = [];
    const off = ctx.sdk.subscribe({ progress: (v) => other.push(`progress ${v}`) });
    const ws = openSocketStream(ctx);
    ws.serverMessage(json({ type: 'progress', value: 30, stage: 'server_connect' }));
    off();
    ws.serverMessage(json({ type: 'progress', value: 50, stage: 'exchange' }));
    expect(other).toEqual(['progress 30']);
    expect(ctx.seen).toEqual(['progress 30', 'progress 50']);
  });
});
