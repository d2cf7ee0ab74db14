import { beforeEach, describe, expect, it } from 'vitest';
import { SOCKET_HEARTBEAT_MS } from '../../../web/api/contract.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { createMockSdk, streamSocketUrl } from '../../../web/game/mock-sdk.ts';
import type { SdkListener } from '../../../web/game/sdk.ts';
import { FakeWebSocket, FakeWebSocketImpl } from '../core/socket/fake-websocket.ts';
import { LEVEL } from './fakes.ts';

const target = { sc_id: '100001', game_key: 'g', stream_url: 'stream?sc_id=100001', level_config: LEVEL[8] };

function setup(mockSession: string | null = 'qa1') {
  const clock = createManualClock();
  const sdk = createMockSdk({ clock, socketBase: '/socket/', WebSocketImpl: FakeWebSocketImpl, location: { href: 'http://app.test/x' }, mockSession, initDelayMs: 500 });
  const seen: string[] = [];
  const listener: SdkListener = {
    progress: (v) => seen.push(`progress ${v}`),
    event: (c) => seen.push(`event ${c}`),
    frame: (f) => seen.push(`frame ${f.seq}`),
    disconnect: (r) => seen.push(`disconnect ${r}`),
  };
  sdk.subscribe(listener);
  return { clock, sdk, seen };
}

describe('mock SDK over the stream socket', () => {
  beforeEach(() => FakeWebSocket.reset());

  it('init resolves after its delay on the clock', async () => {
    const { clock, sdk } = setup();
    const p = sdk.init({ timeoutMs: 60_000 });
    expect(sdk.ready).toBe(false);
    clock.advance(500);
    await p;
    expect(sdk.ready).toBe(true);
  });

  it('connects socketBase + stream_url with mock_session', () => {
    expect(streamSocketUrl('/socket/', target, 'qa 1')).toBe('/socket/stream?sc_id=100001&mock_session=qa%201');
    expect(streamSocketUrl('ws://h/socket', { stream_url: 'stream' }, null)).toBe('ws://h/socket/stream');
    const { sdk } = setup();
    sdk.start(target);
    expect(FakeWebSocket.last().url).toBe('ws://app.test/socket/stream?sc_id=100001&mock_session=qa1');
    expect(sdk.serviceLevel).toBe(8);
  });

  it('SPEC §4 reports progress, stream events and frames; ignores heartbeats and junk', () => {
    const { sdk, seen } = setup();
    const el = document.createElement('div');
    sdk.mount(el);
    sdk.start(target);
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    for (const value of [30, 50, 80, 100]) ws.serverMessage(JSON.stringify({ type: 'progress', value, stage: 'x' }));
    ws.serverMessage(JSON.stringify({ type: 'progress', value: 42, stage: 'x' }));
    ws.serverMessage(JSON.stringify({ type: 'event', code: 45001, msg: 'idle' }));
    ws.serverMessage(JSON.stringify({ type: 'event', code: 12345, msg: '?' }));
    ws.serverMessage(JSON.stringify({ type: 'frame', seq: 3, t: 3000, hue: 120, inputs: 0, last_input: null }));
    ws.serverMessage(JSON.stringify({ type: 'heartbeat', time: 1 }));
    ws.serverMessage('nope');
    expect(seen).toEqual(['progress 30', 'progress 50', 'progress 80', 'progress 100', 'event 45001', 'frame 3']);
    expect(el.dataset['frame']).toBe('3');
    expect(el.style.backgroundColor).not.toBe('');
    expect(sdk.lastFrame?.hue).toBe(120);
  });

  it('SPEC §9 heartbeat every 25 s on the stream socket', () => {
    const { clock, sdk } = setup();
    sdk.start(target);
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    clock.advance(SOCKET_HEARTBEAT_MS);
    expect(ws.sent).toEqual(['{"type":"heartbeat"}']);
  });

  it('SPEC §9 input: gamepad 17 buttons + 4 axes, keyboard, mouse scaled by sensitivity, touch; dropped when not open', () => {
    const { sdk } = setup();
    sdk.sendKey('KeyA', true);
    sdk.start(target);
    const ws = FakeWebSocket.last();
    sdk.sendKey('KeyA', true);
    expect(ws.sent).toHaveLength(0);
    ws.serverOpen();
    sdk.sendGamepad({ buttons: [1], axes: [0.5] });
    sdk.sendKey('Space', false);
    sdk.setMouseSensitivity(100);
    sdk.sendMouse({ action: 'move', dx: 100, dy: 0 });
    sdk.sendTouch({ action: 'down', x: 2, y: 0.25 });
    const sent = ws.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
    expect(sent[0]).toMatchObject({ type: 'input', device: 'gamepad' });
    expect((sent[0]?.['buttons'] as number[]).length).toBe(17);
    expect((sent[0]?.['axes'] as number[]).length).toBe(4);
    expect(sent[1]).toEqual({ type: 'input', device: 'keyboard', key: 'Space', down: false });
    // 100 px × 100 % of a 1000 px fallback width: 0.5 → 0.6.
    expect(sent[2]).toMatchObject({ device: 'mouse', action: 'move', y: 0.5 });
    expect(sent[2]?.['x']).toBeCloseTo(0.6);
    expect(sent[3]).toEqual({ type: 'input', device: 'touch', x: 1, y: 0.25, action: 'down' });
  });

  it('a drop is reported as lost; a 4004 close or a "session stopped" close as ended', () => {
    const { sdk, seen } = setup();
    sdk.start(target);
    FakeWebSocket.last().serverOpen();
    FakeWebSocket.last().serverClose(1006);
    sdk.start(target);
    FakeWebSocket.last().serverOpen();
    FakeWebSocket.last().serverClose(4004, 'unknown session');
    sdk.start(target);
    FakeWebSocket.last().serverOpen();
    FakeWebSocket.last().serverClose(1000, 'session stopped: hang-up over');
    expect(seen).toEqual(['disconnect lost', 'disconnect ended', 'disconnect ended']);
  });

  it('a socket that never connects is lost', () => {
    const { sdk, seen } = setup();
    sdk.start(target);
    FakeWebSocket.last().serverError();
    expect(seen).toEqual(['disconnect lost']);
  });

  it('pause, stop and reconnect close the socket without reporting; resume reopens the same stream', () => {
    const { sdk, seen } = setup();
    sdk.start(target);
    const first = FakeWebSocket.last();
    first.serverOpen();
    sdk.pause();
    expect(first.closedWith?.code).toBe(1000);
    first.serverClose(1000);
    sdk.resume();
    const second = FakeWebSocket.last();
    expect(second).not.toBe(first);
    expect(second.url).toContain('sc_id=100001');
    second.serverOpen();
    sdk.reconnect({ ...target, level_config: LEVEL[9] });
    expect(sdk.serviceLevel).toBe(9);
    second.serverClose(1000);
    sdk.stop();
    expect(sdk.target).toBeNull();
    expect(seen).toEqual([]);
  });

  it('destroy forgets listeners', () => {
    const { sdk, seen } = setup();
    sdk.start(target);
    sdk.destroy();
    FakeWebSocket.last().serverClose(1006);
    expect(seen).toEqual([]);
  });
});
