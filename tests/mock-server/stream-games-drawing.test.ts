/**
 * What the mock games draw, recorded call by call: the whole frame, the title and the HUD at any size, the game-over
 * card, the session's language, the same picture from the same seed, and a real picture in @napi-rs/canvas.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { createStreamGame, GAME_KINDS } from '../../mock-server/stream/games/index.ts';
import { RESTART_DELAY_TICKS } from '../../mock-server/stream/games/round.ts';
import type { Ctx2D, StreamGame } from '../../mock-server/stream/games/types.ts';
import { IDLE, make, run, sweep, TITLE, until } from './stream-games-helpers.ts';

interface Call {
  op: string;
  args: unknown[];
}

/** Records every drawing call (and the styles set) instead of drawing. */
class RecordingCtx implements Ctx2D {
  calls: Call[] = [];
  fillStyle: string | object = '#000';
  strokeStyle: string | object = '#000';
  lineWidth = 1;
  font = '10px sans-serif';
  textAlign: Ctx2D['textAlign'] = 'start';
  textBaseline: Ctx2D['textBaseline'] = 'alphabetic';
  globalAlpha = 1;
  private saved: number[] = [];
  depth = 0;
  private rec(op: string, args: unknown[]): void {
    this.calls.push({ op, args });
  }
  fillRect(...a: [number, number, number, number]): void {
    this.rec('fillRect', a);
  }
  strokeRect(...a: [number, number, number, number]): void {
    this.rec('strokeRect', a);
  }
  beginPath(): void {
    this.rec('beginPath', []);
  }
  moveTo(...a: [number, number]): void {
    this.rec('moveTo', a);
  }
  lineTo(...a: [number, number]): void {
    this.rec('lineTo', a);
  }
  arc(...a: [number, number, number, number, number, boolean?]): void {
    this.rec('arc', a);
  }
  closePath(): void {
    this.rec('closePath', []);
  }
  fill(): void {
    this.rec('fill', []);
  }
  stroke(): void {
    this.rec('stroke', []);
  }
  fillText(...a: [string, number, number, number?]): void {
    this.rec('fillText', a);
  }
  save(): void {
    this.saved.push(this.globalAlpha);
    this.depth++;
    this.rec('save', []);
  }
  restore(): void {
    this.globalAlpha = this.saved.pop() ?? 1;
    this.depth--;
    this.rec('restore', []);
  }
  texts(): string[] {
    return this.calls.filter((c) => c.op === 'fillText').map((c) => String(c.args[0]));
  }
  numbersFinite(): boolean {
    return this.calls.every((c) => c.args.every((a) => typeof a !== 'number' || Number.isFinite(a)));
  }
}

function recordDraw(game: StreamGame, w = 640, h = 360): RecordingCtx {
  const ctx = new RecordingCtx();
  game.draw(ctx, w, h);
  return ctx;
}

describe.each(GAME_KINDS)('%s', (kind) => {
  it('plays the same with the same seed and differently with another', () => {
    const a = make(kind, 7);
    const b = make(kind, 7);
    const c = make(kind, 8);
    for (let i = 0; i < 2400; i++) {
      a.tick(sweep(i));
      b.tick(sweep(i));
      c.tick(sweep(i));
      if (i % 30 === 0) expect(b.state()).toEqual(a.state());
    }
    expect(recordDraw(b).calls).toEqual(recordDraw(a).calls);
    expect(recordDraw(c).calls).not.toEqual(recordDraw(a).calls);
  });

  it('draws the whole frame first, the title and the HUD, at any size', () => {
    const game = make(kind);
    run(game, 200, sweep);
    for (const [w, h] of [
      [640, 360],
      [1280, 720],
    ] as const) {
      const ctx = recordDraw(game, w, h);
      expect(ctx.calls[0]).toEqual({ op: 'fillRect', args: [0, 0, w, h] });
      expect(ctx.texts()).toContain(TITLE);
      expect(ctx.texts()).toEqual(expect.arrayContaining(['SCORE', 'BEST']));
      expect(ctx.numbersFinite()).toBe(true);
      expect(ctx.depth).toBe(0);
      expect(ctx.globalAlpha).toBe(1);
    }
  });

  it('shows the game-over card with the way back in', () => {
    const game = make(kind);
    until(game, () => game.state().over, IDLE);
    run(game, RESTART_DELAY_TICKS + 1, IDLE);
    const texts = recordDraw(game).texts();
    expect(texts).toContain('GAME OVER');
    expect(texts.some((t) => /press a, space or tap/i.test(t))).toBe(true);
  });

  it.each([
    ['zh-Hans', ['得分', '最高'], '游戏结束', '再玩一次'],
    ['zh-Hant', ['得分', '最高'], '遊戲結束', '再玩一次'],
  ] as const)('draws its words in the session language (%s): bar, hint and game-over card', (language, bar, over, again) => {
    const game = createStreamGame({ kind, title: '测试', seed: 1, language });
    const first = recordDraw(game).texts();
    expect(first).toEqual(expect.arrayContaining([...bar]));
    expect(first.join(' ')).not.toMatch(/[A-Za-z]{3,}/);
    until(game, () => game.state().over, IDLE);
    run(game, RESTART_DELAY_TICKS + 1, IDLE);
    const texts = recordDraw(game).texts();
    expect(texts).toContain(over);
    expect(texts.some((t) => t.includes(again))).toBe(true);
  });

  it('shortens a long title instead of running into the lives', () => {
    const long = 'The Extraordinarily Long Title of a Game That Never Ends';
    const game = createStreamGame({ kind, title: long, seed: 1 });
    const title = recordDraw(game).texts()[0] ?? '';
    expect(title.endsWith('…')).toBe(true);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
  });

  it('draws a real picture into @napi-rs/canvas', () => {
    const game = make(kind);
    run(game, 300, sweep);
    const canvas = createCanvas(640, 360);
    const ctx = canvas.getContext('2d');
    game.draw(ctx, 640, 360);
    const data = ctx.getImageData(0, 0, 640, 360).data;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 7) colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
    expect(colours.size).toBeGreaterThan(20);
  });
});
