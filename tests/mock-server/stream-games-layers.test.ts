/** The games' cached layers (sprites drawn once, then blitted) give the same picture as drawing everything directly. */
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { ControlState } from '../../mock-server/stream/controls.ts';
import { GAME_KINDS } from '../../mock-server/stream/games/index.ts';
import { RESTART_DELAY_TICKS } from '../../mock-server/stream/games/round.ts';
import type { Ctx2D, StreamGame } from '../../mock-server/stream/games/types.ts';
import { IDLE, make, run, sweep, until } from './stream-games-helpers.ts';

/** The same context with drawImage and canvas hidden: the games then draw everything directly, no cached layers. */
function direct(ctx: object): Ctx2D {
  return new Proxy(ctx as Record<string, unknown>, {
    get(target, prop) {
      if (prop === 'drawImage' || prop === 'canvas') return undefined;
      const v = target[prop as string];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
    set(target, prop, v) {
      target[prop as string] = v;
      return true;
    },
  }) as unknown as Ctx2D;
}

/** Pixels (of w×h) that differ by more than a rounding error between two canvases. */
function differingPixels(a: Canvas, b: Canvas, w: number, h: number): number {
  const da = a.getContext('2d').getImageData(0, 0, w, h).data;
  const db = b.getContext('2d').getImageData(0, 0, w, h).data;
  let n = 0;
  for (let i = 0; i < da.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      if (Math.abs((da[i + c] ?? 0) - (db[i + c] ?? 0)) > 16) {
        n++;
        break;
      }
    }
  }
  return n;
}

describe.each(GAME_KINDS)('%s cached layers', (kind) => {
  /** Draws with layers and directly at each step and expects the same picture (sprites overlapping each other may differ in a few edge pixels). */
  function expectSamePictures(game: StreamGame, steps: readonly { ticks: number; c: ControlState | ((i: number) => ControlState); w: number; h: number }[]): void {
    for (const step of steps) {
      run(game, step.ticks, step.c);
      const cached = createCanvas(step.w, step.h);
      const plain = createCanvas(step.w, step.h);
      game.draw(cached.getContext('2d'), step.w, step.h);
      game.draw(direct(plain.getContext('2d')), step.w, step.h);
      expect(differingPixels(cached, plain, step.w, step.h), `${kind} ${step.w}x${step.h} over=${game.state().over}`).toBeLessThan(step.w * step.h * 0.0005);
    }
  }

  it('draws the same picture with layers as without, while playing and across size changes', () => {
    const game = make(kind);
    expectSamePictures(game, [
      { ticks: 30, c: sweep, w: 640, h: 360 },
      { ticks: 200, c: sweep, w: 640, h: 360 },
      { ticks: 1, c: sweep, w: 960, h: 540 },
      { ticks: 17, c: sweep, w: 640, h: 360 },
      { ticks: 300, c: (i) => sweep(i + 250), w: 1280, h: 720 },
    ]);
  });

  it('draws the same game-over picture with layers as without, and a fresh one for the next round', () => {
    const game = make(kind);
    until(game, () => game.state().over, IDLE);
    expectSamePictures(game, [
      { ticks: 1, c: IDLE, w: 640, h: 360 },
      { ticks: 40, c: IDLE, w: 640, h: 360 },
      { ticks: 1, c: IDLE, w: 960, h: 540 },
      { ticks: RESTART_DELAY_TICKS, c: IDLE, w: 640, h: 360 },
    ]);
    game.tick({ ...IDLE, start: true });
    expect(game.state().over).toBe(false);
    // Not one frame drawn in between: the next card must still show the next round.
    until(game, () => game.state().over, IDLE);
    expectSamePictures(game, [
      { ticks: 60, c: IDLE, w: 640, h: 360 },
      { ticks: 1, c: IDLE, w: 640, h: 360 },
    ]);
  });
});
