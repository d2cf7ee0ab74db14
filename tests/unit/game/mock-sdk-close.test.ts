/** The mock SDK: closing a stream ourselves (pause, reconnect, stop, destroy) without a report. */
import { describe, expect, it } from 'vitest';
import { SDK_INIT_WAIT_MS } from '../../../web/core/constants.ts';
import { FakeWebSocket } from '../core/socket/fake-websocket.ts';
import { FakePeerConnection } from './fake-rtc.ts';
import type { StreamTarget } from '../../../web/game/sdk.ts';
import { LEVEL } from './fixtures.ts';
import { freshFakesEachTest, target, STREAM_URL, STALL_MS, flush, hello, json, setup, openSocketStream, playing } from './mock-sdk-harness.ts';

freshFakesEachTest();

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
    expect(FakeWebSocket.last().url).toBe('ws://app.test/socket/stream?sc_id=100002&mock_session=qa1&lang=en');
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
