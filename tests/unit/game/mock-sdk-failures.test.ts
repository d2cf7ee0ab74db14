/** The mock SDK: how a stream fails or is lost (closing it ourselves is mock-sdk-close.test.ts). */
import { describe, expect, it, vi } from 'vitest';
import { SDK_INIT_WAIT_MS } from '../../../web/core/constants.ts';
import { FakeWebSocket } from '../core/socket/fake-websocket.ts';
import { FakePeerConnection, FakePresenter } from './fake-rtc.ts';
import { freshFakesEachTest, target, CONNECT_TIMEOUT_MS, STALL_MS, flush, hello, json, socketMessages, setup, openSocketStream, openRtcStream, serverAnswers, playing } from './mock-sdk-harness.ts';

freshFakesEachTest();

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
    expect(ctx.seen).toEqual(['progress 30', 'disconnect lost: The video connection failed.']);
    expect(first.ws.closedWith?.code).toBe(1000);
    expect(first.pc.closed).toBe(true);

    const second = await playing(ctx);
    second.pc.setConnectionState('disconnected');
    expect(ctx.seen.at(-1)).toBe('disconnect lost: The video connection was lost.');
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
