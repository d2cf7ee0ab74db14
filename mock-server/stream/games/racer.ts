/**
 * Lane racer: steer across a four-lane road through slower traffic. The road
 * speeds up with distance and the score is the distance driven; a crash costs
 * a life. Positions are fractions of a 16:9 picture; draw() scales them
 * (racer-art.ts paints them).
 */
import type { StreamGameState } from '../../../web/api/contract.ts';
import type { ControlState } from '../controls.ts';
import { HudCache } from './hud.ts';
import { paintBoost } from './action-art.ts';
import { Layer, SpriteSet } from './layers.ts';
import { ACCENT, drawCar, drawRoad, drawSpeed, drawTrees, laneCentre, PLAYER_COLOR, ROAD_LEFT, ROAD_RIGHT, roadGeometry, TRAFFIC_COLORS } from './racer-art.ts';
import { createRng } from './rng.ts';
import { Round } from './round.ts';
import { drawChrome, drawFrame, gameState } from './chrome.ts';
import type { Ctx2D, StreamGame } from './types.ts';
import type { StreamWords } from './words.ts';

const CAR_W = 0.05;
const CAR_H = 0.15;
const PLAYER_Y = 0.76;
/** Lateral speed, picture widths per tick (crosses a lane in about 10 ticks). */
const STEER = 0.75 / 60;
/** Road speed in picture heights per second: starts calm, tops out fast. */
const SPEED_START = 0.9;
const SPEED_MAX = 2.6;
const SPEED_GAIN = 0.012;
/** Holding the action control boosts: the road runs this much faster (and scores as much faster). */
const BOOST = 1.6;
const POINTS_PER_HEIGHT = 10;
/**
 * How fast each lane's traffic drifts down the screen, as a share of the road
 * speed. One speed per lane: cars in a lane never run into each other.
 */
const LANE_DRIFT = [0.68, 0.58, 0.5, 0.42] as const;

interface Car {
  lane: number;
  /** Centre, picture heights from the top. */
  y: number;
  w: number;
  h: number;
  truck: boolean;
  color: string;
}

interface Crash {
  x: number;
  y: number;
  t: number;
}

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

export function createRacer(opts: { title: string; seed: number; words: StreamWords }): StreamGame {
  const rng = createRng(opts.seed);
  const round = new Round();
  let x = laneCentre(1);
  let distance = 0;
  let speed = SPEED_START;
  let spawnIn = 1;
  let cars: Car[] = [];
  let crashes: Crash[] = [];
  let boosting = false;
  /** Counts rounds, so a game-over picture is never reused for the next round's. */
  let roundNo = 0;
  const hud = new HudCache();
  const overLayer = new Layer(true);
  const carSprites = new SpriteSet();
  const treeSprites = new SpriteSet();

  function reset(): void {
    roundNo++;
    x = laneCentre(1);
    distance = 0;
    speed = SPEED_START;
    spawnIn = 1;
    cars = [];
    crashes = [];
  }

  function spawnRow(): void {
    // Never more than two of four lanes in a row, so there is always a way through.
    const count = rng.next() < 0.15 + Math.min(0.35, distance * 0.003) ? 2 : 1;
    const free = [0, 1, 2, 3].filter((lane) => !cars.some((c) => c.lane === lane && c.y - c.h / 2 < 0.05));
    for (let i = 0; i < count && free.length > 0; i++) {
      const lane = free.splice(rng.int(free.length), 1)[0] ?? 0;
      const truck = rng.next() < 0.22;
      const h = truck ? CAR_H * 1.55 : CAR_H;
      cars.push({
        lane,
        y: -h / 2 - 0.02,
        w: truck ? CAR_W * 1.2 : CAR_W,
        h,
        truck,
        color: TRAFFIC_COLORS[rng.int(TRAFFIC_COLORS.length)] ?? '#e9edf5',
      });
    }
  }

  function steer(c: ControlState): void {
    const p = c.pointer;
    if (p?.down && Math.abs(c.x) < 0.1) {
      x += clamp(p.x - x, -STEER * 1.3, STEER * 1.3);
    } else {
      x += c.x * STEER;
    }
    x = clamp(x + c.motion.dx, ROAD_LEFT + CAR_W * 0.6, ROAD_RIGHT - CAR_W * 0.6);
  }

  function collide(): void {
    const shrink = 0.8;
    for (const car of cars) {
      const dx = Math.abs(laneCentre(car.lane) - x);
      const dy = Math.abs(car.y - PLAYER_Y);
      if (dx < ((car.w + CAR_W) / 2) * shrink && dy < ((car.h + CAR_H) / 2) * shrink) {
        if (round.hit()) {
          crashes.push({ x: (x + laneCentre(car.lane)) / 2, y: (car.y + PLAYER_Y) / 2, t: 0 });
          cars = cars.filter((o) => o !== car);
        }
        return;
      }
    }
  }

  function tick(c: ControlState): void {
    if (round.begin(c)) reset();
    crashes = crashes.filter((e) => ++e.t < 30);
    if (round.over) return;

    steer(c);
    // A finger on the road steers; only a button boosts.
    boosting = c.action && !c.pointer?.down;
    speed = Math.min(SPEED_MAX, SPEED_START + distance * SPEED_GAIN);
    const step = (speed * (boosting ? BOOST : 1)) / 60;
    distance += step;
    const target = Math.floor(distance * POINTS_PER_HEIGHT);
    if (target > round.score) round.addScore(target - round.score);

    for (const car of cars) car.y += step * (LANE_DRIFT[car.lane] ?? 0.5);
    cars = cars.filter((car) => car.y - car.h / 2 < 1.05);
    spawnIn -= step;
    if (spawnIn <= 0) {
      spawnRow();
      spawnIn = rng.range(0.5, 0.95);
    }
    collide();
  }

  function paint(ctx: Ctx2D, w: number, h: number): void {
    const g = roadGeometry(w, h, distance);
    drawRoad(ctx, w, h, g);
    drawTrees(ctx, treeSprites, w, h, g);
    for (const car of cars) {
      drawCar(ctx, carSprites, w, h, { x: laneCentre(car.lane), y: car.y, w: car.w, h: car.h }, car.color, car.truck, false);
    }
    if (!round.blinkHidden) {
      drawCar(ctx, carSprites, w, h, { x, y: PLAYER_Y, w: CAR_W, h: CAR_H }, PLAYER_COLOR, false, true);
      // Over the car's shadow, so a cached car sprite and a drawn one look the same.
      if (boosting && !round.over) paintBoost(ctx, Math.round(x * w), Math.round((PLAYER_Y + CAR_H / 2) * h), CAR_W * w, h, round.ticks);
    }
    for (const e of crashes) {
      ctx.save();
      ctx.globalAlpha = 1 - e.t / 30;
      ctx.strokeStyle = '#ffd166';
      ctx.lineWidth = Math.max(1, h * 0.008);
      ctx.beginPath();
      ctx.arc(e.x * w, e.y * h, h * (0.03 + e.t * 0.004), 0, Math.PI * 2);
      ctx.stroke();
      ctx.restore();
    }
    drawSpeed(ctx, w, h, (speed - SPEED_START) / (SPEED_MAX - SPEED_START));
    drawChrome(ctx, w, h, hud, round, { title: opts.title, accent: ACCENT, kind: 'racer', words: opts.words });
  }

  function draw(ctx: Ctx2D, w: number, h: number): void {
    // Game over with the last crash faded: nothing moves, so the whole frame is one copy.
    drawFrame(ctx, w, h, { round, roundNo, still: crashes.length === 0, layer: overLayer, paint: (c) => paint(c, w, h) });
  }

  function state(): StreamGameState {
    return gameState('racer', round, { x: x, y: PLAYER_Y });
  }

  return { kind: 'racer', tick, draw, state };
}
