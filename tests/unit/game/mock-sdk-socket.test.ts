/** The mock SDK: init, the stream socket URL and the socket transport (progress, events and status frames on the socket). */
import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_HEARTBEAT_TIMEOUT, SOCKET_HEARTBEAT_MS, SOCKET_HEARTBEAT_TIMEOUT_MS } from '../../../web/api/contract.ts';
import { streamSocketUrl } from '../../../web/game/mock-sdk.ts';
import { FakeWebSocket } from '../core/socket/fake-websocket.ts';
import { FakePeerConnection, FakePresenter } from './fake-rtc.ts';
import { freshFakesEachTest, target, STREAM_URL, flush, json, socketMessages, setup, openSocketStream } from './mock-sdk-harness.ts';

freshFakesEachTest();

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
    expect(streamSocketUrl('/socket', { stream_url: 'stream?sc_id=1' }, null, 'zh-Hant')).toBe('/socket/stream?sc_id=1&lang=zh-Hant');
    const { sdk } = setup();
    sdk.start(target);
    expect(FakeWebSocket.last().url).toBe(STREAM_URL);
    expect(sdk.serviceLevel).toBe(8);
    expect(sdk.target).toBe(target);
  });
});

describe('mock SDK: socket transport', () => {
  it('decision 0007: a vibrate message on the stream socket reaches listeners as a Rumble, clamped; one asking for nothing is dropped', () => {
    const ctx = setup();
    const ws = openSocketStream(ctx);
    ws.serverMessage(json({ type: 'vibrate', duration_ms: 200, strong: 0.8, weak: 0.5 }));
    ws.serverMessage(json({ type: 'vibrate', duration_ms: 99_999.4, strong: 3, weak: -1 }));
    for (const junk of [{ duration_ms: 0, strong: 1, weak: 1 }, { duration_ms: 100, strong: 0, weak: 0 }, { duration_ms: 'long', strong: 1 }, {}]) {
      ws.serverMessage(json({ type: 'vibrate', ...junk }));
    }
    expect(ctx.seen).toEqual(['vibrate 200 0.8 0.5', 'vibrate 5000 1 0']);
  });

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
    expect(ws.closedWith).toEqual({ code: SOCKET_CLOSE_HEARTBEAT_TIMEOUT, reason: 'heartbeat timeout' });
  });
});
