/** The mock SDK: input (numbering, transport, per-device shaping), input-to-frame latency and stream stats. */
import { describe, expect, it } from 'vitest';
import { unwrapSeq } from '../../../web/game/mock-sdk.ts';
import { FakeWebSocket } from '../core/socket/fake-websocket.ts';
import { chromiumReport } from './fake-rtc.ts';
import { freshFakesEachTest, target, hello, inputsOn, setup, openSocketStream, openRtcStream, serverAnswers, playing, video } from './mock-sdk-harness.ts';

freshFakesEachTest();

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

  it('docs/stream-stats.md: latency ends when the frame was shown, not when the presenter finished reading its code', async () => {
    const ctx = setup();
    const { presenter } = await playing(ctx);
    ctx.sdk.sendKey('KeyA', true);
    ctx.clock.advance(45);
    // Shown 40 ms after the key; its code read 5 ms later.
    presenter.present({ frame: 2, inputSeq: 1 }, 1920, 1080, 5);
    await ctx.sdk.stats();
    expect(ctx.sdk.latencies).toEqual([40]);
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
