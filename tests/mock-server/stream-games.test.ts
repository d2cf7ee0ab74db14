/**
 * The mock games' rules, tick by tick: the kind a game's tags pick, moving and pressing, scoring, lives, game over and
 * restart, and what each game's action control does. What they draw: stream-games-drawing.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { GAME_KINDS, gameKindFor } from '../../mock-server/stream/games/index.ts';
import { HURT_TICKS, RESTART_DELAY_TICKS, START_LIVES } from '../../mock-server/stream/games/round.ts';
import { IDLE, make, MINUTE, run, sweep, until } from './stream-games-helpers.ts';

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
