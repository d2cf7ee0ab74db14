/**
 * The streamed game's sound (mock-server/stream/sound.ts, decision 0027): a music loop and effects for what happens in
 * play, made on the server in 10 ms chunks of 48 kHz PCM, and the game loop's pacing of them (real time between 60 Hz
 * ticks, the network's latency and stall, only for viewers that take sound), on a manual clock with no native code.
 */
import { describe, expect, it } from 'vitest';
import type { LevelConfig, StreamGameState } from '../../web/api/contract.ts';
import { createManualClock, type Clock } from '../../web/core/clock.ts';
import { createGameStream, type Viewer } from '../../mock-server/stream/game-stream.ts';
import { NO_CONDITIONS, type NetworkConditions } from '../../mock-server/stream/network.ts';
import type { Picture } from '../../mock-server/stream/picture.ts';
import { createSound, SOUND_CHUNK, SOUND_RATE, soundsFor } from '../../mock-server/stream/sound.ts';

const LEVEL: LevelConfig = { display_grade: 6, name: 'standard', width: 640, height: 360, fps: 60, bitrate: 1500 };
const peak = (chunks: Int16Array[]): number => chunks.reduce((m, c) => c.reduce((n, v) => Math.max(n, Math.abs(v)), m), 0);
const take = (n: number, sound: ReturnType<typeof createSound>): Int16Array[] => Array.from({ length: n }, () => sound.chunk());
const seeded = (): (() => number) => {
  let x = 1;
  return () => ((x = (x * 48_271) % 2_147_483_647) / 2_147_483_647);
};

describe('the game’s sound', () => {
  it('comes in 10 ms chunks of 48 kHz mono: a music loop, never silent and never clipped', () => {
    const sound = createSound({ kind: 'shooter', random: seeded() });
    const second = take(100, sound);
    expect(SOUND_RATE).toBe(48_000);
    expect(second.every((c) => c.length === SOUND_CHUNK && SOUND_CHUNK === 480)).toBe(true);
    // Music alone plays quietly under the effects' level.
    const level = peak(second);
    expect(level).toBeGreaterThan(1_000);
    expect(level).toBeLessThan(32_767 * 0.2);
  });

  it('each kind of game has its own tune', () => {
    const tune = (kind: 'racer' | 'shooter' | 'catcher'): number[] => Array.from(take(50, createSound({ kind, random: seeded() })).flatMap((c) => Array.from(c.subarray(0, 8))));
    expect(tune('racer')).not.toEqual(tune('shooter'));
    expect(tune('shooter')).not.toEqual(tune('catcher'));
  });

  it('an effect is heard over the music, ends, and a burst of them is capped rather than clipped into noise', () => {
    const quiet = createSound({ kind: 'racer', random: seeded() });
    const loud = createSound({ kind: 'racer', random: seeded() });
    loud.play('point');
    const [a, b] = [take(10, quiet), take(10, loud)];
    expect(peak(b)).toBeGreaterThan(peak(a) * 1.5);
    // 0.16 s later the point is over: the two mixes are the same music again.
    take(10, quiet);
    take(10, loud);
    expect(Array.from(loud.chunk())).toEqual(Array.from(quiet.chunk()));
    const burst = createSound({ kind: 'racer', random: seeded() });
    for (let i = 0; i < 50; i++) burst.play('action');
    expect(peak(take(5, burst))).toBeLessThanOrEqual(32_767);
  });

  it('effects follow the game: an action press, a point, a lost life, the game’s end; a restart is no hit', () => {
    const s: StreamGameState = { kind: 'shooter', score: 0, best: 0, lives: 3, over: false, player: { x: 0.5, y: 0.5 }, presses: 0 };
    expect(soundsFor(s, s)).toEqual([]);
    expect(soundsFor(s, { ...s, presses: 1, score: 10 })).toEqual(['action', 'point']);
    expect(soundsFor(s, { ...s, lives: 2 })).toEqual(['hit']);
    expect(soundsFor({ ...s, lives: 1 }, { ...s, lives: 0, over: true })).toEqual(['over']);
    expect(soundsFor({ ...s, lives: 0, over: true }, s)).toEqual([]);
  });
});

describe('the game loop sends the sound', () => {
  function setup(net: Partial<NetworkConditions> = {}) {
    const clock = createManualClock(0);
    const network: NetworkConditions = { ...NO_CONDITIONS, ...net };
    const picture: Picture = { render: (_g, w, h) => ({ width: w, height: h, data: new Uint8ClampedArray(4) }) };
    const stream = createGameStream({ kind: 'catcher', title: 'Test', seed: 7, level: () => LEVEL, network: () => network, frameClock: clock, picture });
    const heard: number[] = [];
    const listener: Viewer = { frame: () => undefined, vibrate: () => undefined, audio: () => heard.push(clock.now()) };
    return { clock, stream, heard, listener, network };
  }

  it('100 chunks a second in real time between the 60 Hz ticks, each sent as soon as it is due', () => {
    const t = setup();
    t.stream.attach(t.listener);
    t.clock.advance(2000);
    // Up to the last tick (at most 16.7 ms before the 2 s are up).
    expect(t.heard.length).toBeGreaterThanOrEqual(198);
    expect(t.heard.length).toBeLessThanOrEqual(200);
    expect(t.stream.figures().soundChunks).toBe(t.heard.length);
    // Never more than one tick (16.7 ms) behind when it is due.
    t.heard.forEach((at, i) => expect(at - (i + 1) * 10).toBeLessThan(17));
  });

  it('a viewer without sound costs no sound; a stalled network sends none; latency holds it back as it does frames', () => {
    const mute = setup();
    mute.stream.attach({ frame: () => undefined, vibrate: () => undefined });
    mute.clock.advance(1000);
    expect(mute.stream.figures().soundChunks).toBe(0);

    const stalled = setup({ stall: true });
    stalled.stream.attach(stalled.listener);
    stalled.clock.advance(1000);
    expect(stalled.heard).toEqual([]);

    const late = setup({ latencyMs: 200 });
    late.stream.attach(late.listener);
    late.clock.advance(150);
    expect(late.heard).toEqual([]);
    late.clock.advance(1000);
    expect(late.heard[0]).toBeGreaterThanOrEqual(200);
    expect(late.heard.length).toBeGreaterThan(90);
  });

  it('a server that fell behind sends the sound it owes at once, never skips it: its timestamps must keep the wall clock’s time', () => {
    const base = createManualClock(0);
    let stalled = 0;
    // The loop's thread held up for 300 ms: time passes, no timer runs.
    const clock: Clock = { ...base, now: () => base.now() + stalled };
    const picture: Picture = { render: (_g, w, h) => ({ width: w, height: h, data: new Uint8ClampedArray(4) }) };
    const stream = createGameStream({ kind: 'racer', title: 'Test', seed: 1, level: () => LEVEL, network: () => NO_CONDITIONS, frameClock: clock, picture });
    let heard = 0;
    stream.attach({ frame: () => undefined, vibrate: () => undefined, audio: () => heard++ });
    base.advance(100);
    expect(heard).toBe(10);
    stalled = 300;
    base.advance(10);
    expect(heard).toBe(41);
  });

  it('a hang-up pauses the sound, and it starts again from the time it comes back', () => {
    const t = setup();
    const detach = t.stream.attach(t.listener);
    t.clock.advance(100);
    const before = t.heard.length;
    detach();
    t.clock.advance(5000);
    expect(t.heard.length).toBe(before);
    // Back after the hang-up: the sound starts from now, not with five seconds to catch up.
    t.stream.attach(t.listener);
    t.clock.advance(100);
    expect(t.heard.length - before).toBeLessThanOrEqual(10);
  });
});
