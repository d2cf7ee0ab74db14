/** The mock SDK on the WebRTC transport: signalling on the socket, progress from real steps, frame reports, presented frames. */
import { describe, expect, it } from 'vitest';
import { FakePeerConnection, fakeTrack } from './fake-rtc.ts';
import { freshFakesEachTest, flush, json, socketMessages, setup, openRtcStream, serverAnswers, playing } from './mock-sdk-harness.ts';

freshFakesEachTest();

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
    // The picture and the game's sound (decision 0027), both received only.
    expect(pc.transceivers).toEqual([
      { kind: 'video', init: { direction: 'recvonly' } },
      { kind: 'audio', init: { direction: 'recvonly' } },
    ]);
    expect(pc.calls).toEqual(['createDataChannel input', 'addTransceiver video', 'addTransceiver audio', 'createOffer', 'setLocalDescription offer offer-sdp-1']);
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
      game: { kind: 'space-race', score: 3, best: 10, lives: 2, over: false, player: { x: 0.25, y: 0.5 }, presses: 4 },
    };
    pc.channel.serverMessage(json(report));
    expect(ctx.sdk.lastReport).toEqual(report);
    expect(el.getAttribute('data-inputs')).toBe('14');
    expect(el.getAttribute('data-presses')).toBe('4');
    expect(el.getAttribute('data-player')).toBe('0.250,0.500');
    // What the player sees: the frame code of the last presented picture ({frame: 1, inputSeq: 0} in playing()).
    expect(el.getAttribute('data-frame')).toBe('1');
    expect(el.getAttribute('data-input-seq')).toBe('0');

    // Rumble comes down the same channel (decision 0007); the report stays.
    pc.channel.serverMessage(json({ type: 'vibrate', duration_ms: 600, strong: 1, weak: 1 }));
    expect(ctx.seen.at(-1)).toBe('vibrate 600 1 1');
    expect(ctx.sdk.lastReport).toEqual(report);

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
