/**
 * Rumble from the mock games (decision 0007): a life lost asks for a hit's
 * rumble, the last one a game over's; a restart asks for none. The game
 * loop sends it to its viewers beside the frames, after the same scripted
 * latency, and never drops it with a frame.
 */
import { describe, expect, it } from 'vitest';
import type { LevelConfig, StreamGameState, StreamVibrateMessage } from '../../web/api/contract.ts';
import { createManualClock } from '../../web/core/clock.ts';
import { createGameStream, type Viewer } from '../../mock-server/stream/game-stream.ts';
import { NO_CONDITIONS, type NetworkConditions } from '../../mock-server/stream/network.ts';
import type { Picture } from '../../mock-server/stream/picture.ts';
import { rumbleFor } from '../../mock-server/stream/rumble.ts';

const LEVEL: LevelConfig = { display_grade: 6, name: 'standard', width: 640, height: 360, fps: 60, bitrate: 1500 };
const state = (over: Partial<StreamGameState> = {}): StreamGameState => ({
  kind: 'racer',
  score: 0,
  best: 0,
  lives: 3,
  over: false,
  player: { x: 0.5, y: 0.5 },
  presses: 0,
  ...over,
});

describe('rumbleFor', () => {
  it.each([
    ['a life lost', state(), state({ lives: 2 }), { type: 'vibrate', duration_ms: 200, strong: 0.8, weak: 0.5 }],
    ['the last life', state({ lives: 1 }), state({ lives: 0, over: true }), { type: 'vibrate', duration_ms: 600, strong: 1, weak: 1 }],
    ['nothing happened', state(), state({ score: 10 }), null],
    ['a restart gives lives back', state({ lives: 0, over: true }), state(), null],
  ] as const)('%s', (_name, before, after, want) => {
    expect(rumbleFor(before, after)).toEqual(want);
  });
});

const nothing: Picture = { render: (_g, w, h) => ({ width: w, height: h, data: new Uint8ClampedArray(4) }) };

function racer(net: Partial<NetworkConditions> = {}) {
  const clock = createManualClock(0);
  const network: NetworkConditions = { ...NO_CONDITIONS, ...net };
  const stream = createGameStream({ kind: 'racer', title: 'Test', seed: 3, level: () => LEVEL, network: () => network, frameClock: clock, picture: nothing });
  const log: Array<{ at: number; rumble?: StreamVibrateMessage; lives?: number }> = [];
  const viewer: Viewer = {
    frame: (_v, info) => log.push({ at: clock.now(), lives: info.game?.lives ?? -1 }),
    vibrate: (rumble) => log.push({ at: clock.now(), rumble }),
  };
  stream.attach(viewer);
  return { clock, stream, log, network };
}

/** Runs the 60 Hz loop until `done` holds (within two minutes of game time). */
function runUntil(t: ReturnType<typeof racer>, done: () => boolean): void {
  for (let ms = 0; ms < 120_000 && !done(); ms += 50) t.clock.advance(50);
  if (!done()) throw new Error('not reached in two minutes of play');
}

describe('the game loop sends rumble', () => {
  it('each crash of an unsteered racer rumbles once, with the frame that shows the life gone; the last one is the game over’s', () => {
    const t = racer();
    runUntil(t, () => t.stream.game.state().over);
    const rumbles = t.log.filter((e) => e.rumble);
    expect(rumbles.map((e) => e.rumble?.duration_ms)).toEqual([200, 200, 600]);
    for (const r of rumbles) {
      const i = t.log.indexOf(r);
      const next = t.log[i + 1];
      // The frame of the same tick follows it and already shows the life lost.
      expect(next?.at).toBe(r.at);
      expect(next?.lives).toBeLessThan(t.log[i - 1]?.lives ?? 0);
    }
  });

  it('scripted latency holds rumble back as long as frames; a stalled picture does not lose it', () => {
    // No input: the same seed crashes at the same tick, so the two runs differ only by the latency.
    const direct = racer();
    runUntil(direct, () => direct.log.some((e) => e.rumble));
    const hitAt = direct.log.find((e) => e.rumble)?.at ?? NaN;
    const held = racer({ latencyMs: 120, stall: true });
    runUntil(held, () => held.log.some((e) => e.rumble));
    expect(held.log.filter((e) => e.lives !== undefined)).toEqual([]);
    const [first] = held.log;
    expect(first?.rumble?.duration_ms).toBe(200);
    // Delivered on the first tick at least 120 ms after the crash.
    expect(first?.at).toBeGreaterThanOrEqual(hitAt + 120);
    expect(first?.at).toBeLessThan(hitAt + 120 + 1000 / 60 + 1);
  });
});
