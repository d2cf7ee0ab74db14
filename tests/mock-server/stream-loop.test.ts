/**
 * The game a session runs (mock-server/stream/game-stream.ts) on a manual
 * frame clock, with a picture that draws nothing: the 60 Hz tick, input
 * applied on the next tick with its sequence, the network conditions, and
 * pausing with the last viewer (decision 0005; the network conditions are
 * QA guide §2's `/__mock/network`).
 */
import { describe, expect, it } from 'vitest';
import type { LevelConfig, StreamFrameMessage, StreamInputMessage, StreamVibrateMessage } from '../../web/api/contract.ts';
import { createManualClock } from '../../web/core/clock.ts';
import { createGameStream, type Viewer } from '../../mock-server/stream/game-stream.ts';
import { NO_CONDITIONS, type NetworkConditions } from '../../mock-server/stream/network.ts';
import type { Picture } from '../../mock-server/stream/picture.ts';

const LEVEL: LevelConfig = { display_grade: 6, name: 'standard', width: 640, height: 360, fps: 60, bitrate: 1500 };

function setup(net: Partial<NetworkConditions> = {}) {
  const clock = createManualClock(0);
  const network: NetworkConditions = { ...NO_CONDITIONS, ...net };
  const drawn: Array<{ w: number; h: number; frame: number; inputSeq: number }> = [];
  const picture: Picture = {
    render(_game, w, h, code) {
      drawn.push({ w, h, ...code });
      return { width: w, height: h, data: new Uint8ClampedArray(4) };
    },
  };
  let level = LEVEL;
  let rolls = 0;
  const stream = createGameStream({
    kind: 'shooter',
    title: 'Test',
    seed: 7,
    level: () => level,
    network: () => network,
    frameClock: clock,
    picture,
    // Every other frame "loses" the dropPercent roll at 50 %.
    random: () => (rolls++ % 2 === 0 ? 0.1 : 0.9),
  });
  const got: StreamFrameMessage[] = [];
  const rumbles: StreamVibrateMessage[] = [];
  const viewer: Viewer = { frame: (_v, info) => got.push(info), vibrate: (msg) => rumbles.push(msg) };
  return { clock, stream, got, rumbles, drawn, viewer, network, setLevel: (l: LevelConfig) => (level = l) };
}

const key = (seq: number, down: boolean, k = 'ArrowRight'): StreamInputMessage => ({ type: 'input', seq, device: 'keyboard', key: k, down });

describe('the session’s game loop', () => {
  it('ticks at 60 Hz only while someone watches, and the game waits (paused) with no viewer', () => {
    const t = setup();
    t.clock.advance(1000);
    expect(t.stream.figures().ticks).toBe(0);
    const detach = t.stream.attach(t.viewer);
    t.clock.advance(1000);
    expect(t.stream.figures().ticks).toBeGreaterThanOrEqual(59);
    expect(t.stream.figures().ticks).toBeLessThanOrEqual(61);
    expect(t.got.length).toBe(t.stream.figures().framesSent);
    const frames = [...t.got];
    detach();
    t.clock.advance(5000);
    expect(t.got).toHaveLength(frames.length);
    // Back (a resume or a reconnect): the same game goes on, frame numbers continue.
    t.stream.attach(t.viewer);
    t.clock.advance(100);
    expect(t.got.at(-1)?.frame).toBeGreaterThan(frames.at(-1)?.frame ?? 0);
  });

  it('an input between ticks pulls the next tick forward to now; the game still ticks 60 times a second', () => {
    const t = setup();
    t.stream.attach(t.viewer);
    t.clock.advance(105); // Ticks at 0, 16.7 … 100; the next is due at 116.7.
    const before = t.got.length;
    t.stream.input(key(1, true));
    // The frame that reflects it is made now, not 11.7 ms later.
    expect(t.got).toHaveLength(before + 1);
    expect(t.got.at(-1)).toMatchObject({ input_seq: 1, t: 105 });
    // It took the place of the tick due at 116.7: the next comes at 133.3, on the old cadence.
    t.clock.advance(28); // 133
    expect(t.got).toHaveLength(before + 1);
    t.clock.advance(1);
    expect(t.got).toHaveLength(before + 2);
    // Another input right after a tick (which was on time): pulled too, but only one tick a period is.
    t.stream.input(key(2, false));
    expect(t.got).toHaveLength(before + 3);
    t.stream.input(key(3, true));
    expect(t.got).toHaveLength(before + 3);
    // Input every 5 ms for a second, as a fast mouse sends it: still 60 ticks, the game no faster.
    const ticks = t.stream.figures().ticks;
    for (let i = 0; i < 200; i++) {
      t.clock.advance(5);
      t.stream.input(key(4 + i, i % 2 === 0));
    }
    expect(t.stream.figures().ticks - ticks).toBeGreaterThanOrEqual(59);
    expect(t.stream.figures().ticks - ticks).toBeLessThanOrEqual(61);
  });

  it('an input that comes with scripted latency waits for it, and then for the next tick', () => {
    const t = setup({ latencyMs: 50 });
    t.stream.attach(t.viewer);
    t.clock.advance(105);
    const ticks = t.stream.figures().ticks;
    t.stream.input(key(1, true));
    expect(t.stream.figures().ticks).toBe(ticks);
    t.clock.advance(50);
    expect(t.stream.figures()).toMatchObject({ ticks: ticks + 3, inputSeq: 0 });
    t.clock.advance(17);
    expect(t.stream.figures().inputSeq).toBe(1);
  });

  it('applies input on the next tick and reports the last input sequence each frame reflects', () => {
    const t = setup();
    t.stream.attach(t.viewer);
    t.clock.advance(100);
    const x0 = t.got.at(-1)?.game?.player.x ?? 0;
    expect(t.got.at(-1)?.input_seq).toBe(0);
    t.stream.input(key(1, true));
    t.stream.input({ type: 'input', seq: 2, device: 'gamepad', buttons: [], axes: [0, 0] });
    expect(t.got.at(-1)?.input_seq).toBe(0);
    t.clock.advance(17);
    expect(t.got.at(-1)).toMatchObject({ input_seq: 2, inputs: 2, last_input: 'gamepad' });
    expect(t.drawn.at(-1)?.inputSeq).toBe(2);
    t.clock.advance(500);
    expect(t.got.at(-1)?.game?.player.x).toBeGreaterThan(x0);
  });

  it('a detached viewer releases held keys: the ship stops instead of drifting on', () => {
    const t = setup();
    const detach = t.stream.attach(t.viewer);
    t.stream.input(key(1, true));
    t.clock.advance(300);
    detach();
    t.stream.attach(t.viewer);
    t.clock.advance(50);
    const x = t.got.at(-1)?.game?.player.x;
    t.clock.advance(500);
    expect(t.got.at(-1)?.game?.player.x).toBe(x);
  });

  it('network: latency holds frames and input back; drops lose frames; a stall sends none', () => {
    const t = setup({ latencyMs: 200 });
    t.stream.attach(t.viewer);
    t.clock.advance(150);
    expect(t.got).toHaveLength(0);
    t.clock.advance(100);
    expect(t.got.length).toBeGreaterThan(0);
    t.stream.input(key(1, true));
    t.clock.advance(150);
    expect(t.drawn.at(-1)?.inputSeq).toBe(0);
    t.clock.advance(100);
    expect(t.drawn.at(-1)?.inputSeq).toBe(1);

    t.network.latencyMs = 0;
    t.network.dropPercent = 50;
    t.clock.advance(300);
    const before = t.stream.figures();
    t.clock.advance(1000);
    const after = t.stream.figures();
    expect(after.framesDropped - before.framesDropped).toBeGreaterThanOrEqual(28);
    expect(after.framesSent - before.framesSent).toBeLessThanOrEqual(32);

    t.network.dropPercent = 0;
    t.network.stall = true;
    const sent = t.stream.figures().framesSent;
    t.clock.advance(1000);
    expect(t.stream.figures().framesSent).toBe(sent);
    t.network.stall = false;
    t.clock.advance(100);
    expect(t.stream.figures().framesSent).toBeGreaterThan(sent);
  });

  it('clarity: the next frame is drawn at the new size', () => {
    const t = setup();
    t.stream.attach(t.viewer);
    t.clock.advance(50);
    t.setLevel({ ...LEVEL, display_grade: 8, name: 'hd', width: 960, height: 540 });
    t.clock.advance(17);
    expect(t.drawn.at(-1)).toMatchObject({ w: 960, h: 540 });
  });

  it('dispose ends it for good', () => {
    const t = setup();
    t.stream.attach(t.viewer);
    t.clock.advance(50);
    t.stream.dispose();
    const n = t.got.length;
    t.stream.attach(t.viewer);
    t.clock.advance(1000);
    expect(t.got).toHaveLength(n);
    expect(t.clock.pending()).toBe(0);
  });
});
