import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { createStreamGame, GAME_KINDS, gameKindFor } from '../../mock-server/stream/games/index.ts';
import { HURT_TICKS, RESTART_DELAY_TICKS, START_LIVES } from '../../mock-server/stream/games/round.ts';
import type { Ctx2D, StreamGame } from '../../mock-server/stream/games/types.ts';
import { IDLE, make, MINUTE, run, sweep, TITLE, until } from './stream-games-helpers.ts';

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

describe('gameKindFor', () => {
  it('picks the racer for Racing or Sports, the catcher for Casual or Puzzle, else the shooter', () => {
    expect(gameKindFor(['Racing'])).toBe('racer');
    expect(gameKindFor(['Action', 'Sports'])).toBe('racer');
    expect(gameKindFor(['Casual'])).toBe('catcher');
    expect(gameKindFor(['Puzzle', 'Strategy'])).toBe('catcher');
    expect(gameKindFor(['Casual', 'Racing'])).toBe('racer');
    expect(gameKindFor(['Shooter'])).toBe('shooter');
    expect(gameKindFor(['RPG', 'Open World'])).toBe('shooter');
    expect(gameKindFor([])).toBe('shooter');
  });

  it('makes a game of each kind', () => {
    for (const kind of GAME_KINDS) {
      const game = make(kind);
      expect(game.kind).toBe(kind);
      expect(game.state()).toMatchObject({ kind, score: 0, best: 0, lives: START_LIVES, over: false });
    }
  });
});

describe.each(GAME_KINDS)('%s', (kind) => {
  it('moves the player right while right is held, and left while left is held', () => {
    const game = make(kind);
    const start = game.state().player.x;
    run(game, 20, { ...IDLE, x: 1 });
    const right = game.state().player.x;
    expect(right).toBeGreaterThan(start + 0.05);
    run(game, 20, { ...IDLE, x: -1 });
    expect(game.state().player.x).toBeLessThan(right - 0.05);
  });

  it('steers toward a held pointer', () => {
    const game = make(kind);
    const start = game.state().player.x;
    run(game, 40, { ...IDLE, action: true, pointer: { x: 0.65, y: 0.7, down: true } });
    const x = game.state().player.x;
    expect(x).toBeGreaterThan(start);
    expect(Math.abs(x - 0.65)).toBeLessThan(0.03);
  });

  it('moves the player as far as the mouse moved (motion in picture widths), and keeps it in the picture (decision 0007, "Mouse")', () => {
    const game = make(kind);
    const start = game.state().player.x;
    game.tick({ ...IDLE, motion: { dx: 0.1, dy: 0 } });
    expect(game.state().player.x).toBeCloseTo(start + 0.1, 4);
    game.tick({ ...IDLE, motion: { dx: -0.15, dy: 0 } });
    expect(game.state().player.x).toBeCloseTo(start - 0.05, 4);
    run(game, 5, { ...IDLE, motion: { dx: -1, dy: 0 } });
    expect(game.state().player.x).toBeGreaterThan(0);
  });

  it('counts each fresh press of the action control (a click, Space, pad A), not a held one (decision 0007, "Mouse")', () => {
    const game = make(kind);
    expect(game.state().presses).toBe(0);
    run(game, 10, { ...IDLE, action: true });
    expect(game.state().presses).toBe(1);
    game.tick(IDLE);
    game.tick({ ...IDLE, action: true });
    game.tick(IDLE);
    expect(game.state().presses).toBe(2);
  });

  it('keeps the player inside the picture', () => {
    const game = make(kind);
    run(game, 300, { ...IDLE, x: 1, y: 1 });
    const p = game.state().player;
    expect(p.x).toBeLessThanOrEqual(1);
    expect(p.y).toBeLessThanOrEqual(0.85);
    run(game, 300, { ...IDLE, x: -1, y: -1 });
    expect(game.state().player.x).toBeGreaterThanOrEqual(0);
    expect(game.state().player.y).toBeGreaterThan(0.1);
  });

  it('scores while playing', () => {
    const game = make(kind);
    let i = 0;
    for (; i < MINUTE && game.state().score === 0; i++) game.tick(sweep(i));
    expect(game.state().score).toBeGreaterThan(0);
    expect(game.state().best).toBe(game.state().score);
  });

  it('takes a life on a collision and blinks untouchable for a while', () => {
    const game = make(kind);
    until(game, () => game.state().lives < START_LIVES, IDLE);
    expect(game.state()).toMatchObject({ lives: START_LIVES - 1, over: false });
    run(game, HURT_TICKS - 10, IDLE);
    expect(game.state().lives).toBe(START_LIVES - 1);
  });

  it('ends the game when the last life is lost and then stands still', () => {
    const game = make(kind);
    until(game, () => game.state().over, IDLE);
    const over = game.state();
    expect(over.lives).toBe(0);
    run(game, 120, { ...IDLE, x: 1 });
    expect(game.state()).toEqual(over);
  });

  it('restarts on a fresh press only, with score 0 and best kept', () => {
    const game = make(kind);
    const held = { ...IDLE, action: true };
    // Fire held through the crash: it must not count as the restart press.
    until(game, () => game.state().over, held);
    const final = game.state();
    run(game, RESTART_DELAY_TICKS + 30, held);
    expect(game.state().over).toBe(true);

    game.tick(IDLE);
    game.tick({ ...IDLE, start: true });
    const next = game.state();
    expect(next).toMatchObject({ over: false, score: 0, lives: START_LIVES, best: final.best });
    expect(next.best).toBe(Math.max(final.score, final.best));
  });

  it('ignores a press in the first moment of the game-over card', () => {
    const game = make(kind);
    until(game, () => game.state().over, IDLE);
    game.tick({ ...IDLE, action: true });
    expect(game.state().over).toBe(true);
  });

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

describe('shooter', () => {
  it('mouse motion moves the ship up and down too (decision 0007, "Mouse")', () => {
    const game = make('shooter');
    const y = game.state().player.y;
    game.tick({ ...IDLE, motion: { dx: 0, dy: -0.1 } });
    expect(game.state().player.y).toBeCloseTo(y - 0.1, 4);
  });
});

describe('racer', () => {
  it('the action control (decision 0007, "Mouse") boosts (the road runs faster, so the score rises faster); a finger on the road only steers', () => {
    const plain = make('racer', 3);
    const boosted = make('racer', 3);
    const touched = make('racer', 3);
    run(plain, 90, IDLE);
    run(boosted, 90, { ...IDLE, action: true });
    run(touched, 90, { ...IDLE, action: true, pointer: { x: plain.state().player.x, y: 0.7, down: true } });
    expect(plain.state().over || boosted.state().over).toBe(false);
    expect(boosted.state().score).toBeGreaterThan(plain.state().score * 1.4);
    expect(touched.state().score).toBe(plain.state().score);
  });

  it('speeds up with distance: the score rises faster later on', () => {
    const game = make('racer', 3);
    run(game, 60, IDLE);
    const early = game.state().score;
    run(game, 480, IDLE);
    const before = game.state().score;
    run(game, 60, IDLE);
    expect(game.state().over).toBe(false);
    expect(game.state().score - before).toBeGreaterThan(early);
  });
});

describe('catcher', () => {
  it('the action control (decision 0007, "Mouse") casts a net that catches what the basket alone misses', () => {
    // The same seed and the same basket position: only the net differs.
    const seeds = [1, 2, 3, 4, 5];
    let withNet = 0;
    let without = 0;
    for (const seed of seeds) {
      const a = make('catcher', seed);
      const b = make('catcher', seed);
      run(a, 600, IDLE);
      run(b, 600, { ...IDLE, action: true });
      without += a.state().score;
      withNet += b.state().score;
    }
    expect(withNet).toBeGreaterThan(without);
  });
});
