/**
 * Top-down shooter: fly the ship anywhere in the lower field, hold fire, and
 * shoot down waves from the top (drones, weavers, divers that aim at you,
 * armoured heavies that shoot back). Touching an enemy or its shot costs a
 * life. Positions are fractions of a 16:9 picture; distances are measured in
 * picture heights so circles stay round.
 */
import type { StreamGameState } from '../../../web/api/contract.ts';
import type { ControlState } from '../controls.ts';
import { HUD_HEIGHT, HudCache } from './hud.ts';
import { Layer, SpriteSet } from './layers.ts';
import { createRng, type Rng } from './rng.ts';
import { Round } from './round.ts';
import { drawChrome, drawFrame, gameState } from './chrome.ts';
import { ACCENT, ASPECT, BULLET_R, SHIP_R, SPECS, STAR_SHADES, type Blast, type EnemyKind, type Star } from './shooter-art.ts';
import { paintScene, type Enemy, type Shot } from './shooter-scene.ts';
import type { Ctx2D, StreamGame } from './types.ts';
import type { StreamWords } from './words.ts';

/** The ship stays below the top bar and above the bottom strip, where the hint line is. */
const SHIP_TOP = HUD_HEIGHT + 0.08;
const SHIP_BOTTOM = 0.8;
const SHIP_SPEED = 0.95 / 60;
const POINTER_SPEED = 1.5 / 60;
const FIRE_EVERY = 8;
const BULLET_SPEED = 1.8 / 60;
const ENEMY_SHOT_SPEED = 0.5 / 60;

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/** Distance in picture heights between two points given as picture fractions. */
function dist(ax: number, ay: number, bx: number, by: number): number {
  return Math.hypot((ax - bx) * ASPECT, ay - by);
}

function makeStars(rng: Rng): Star[] {
  const shades = STAR_SHADES;
  return Array.from({ length: 70 }, (_, i) => {
    const layer = i % 3;
    return {
      x: rng.next(),
      y: rng.next(),
      speed: (0.02 + layer * 0.05) / 60,
      size: 0.003 + layer * 0.002,
      shade: shades[layer] ?? '#5b6488',
    };
  });
}

export function createShooter(opts: { title: string; seed: number; words: StreamWords }): StreamGame {
  const rng = createRng(opts.seed);
  const stars = makeStars(createRng(opts.seed ^ 0x5f3759df));
  const round = new Round();
  let ship = { x: 0.5, y: 0.7 };
  let cooldown = 0;
  let spawnIn = 60;
  let enemies: Enemy[] = [];
  let bullets: Shot[] = [];
  let shots: Shot[] = [];
  let blasts: Blast[] = [];
  /** Counts rounds, so a game-over picture is never reused for the next round's. */
  let roundNo = 0;
  const hud = new HudCache();
  const overLayer = new Layer(true);
  const sprites = new SpriteSet();

  function reset(): void {
    roundNo++;
    ship = { x: 0.5, y: 0.7 };
    cooldown = 0;
    spawnIn = 60;
    enemies = [];
    bullets = [];
    shots = [];
    blasts = [];
  }

  function pickKind(seconds: number): EnemyKind {
    // New kinds join as the round goes on; drones stay the bulk.
    const roll = rng.next();
    if (seconds > 25 && roll < 0.12) return 'heavy';
    if (seconds > 12 && roll < 0.3) return 'diver';
    if (seconds > 5 && roll < 0.55) return 'weaver';
    return 'drone';
  }

  function spawn(): void {
    const seconds = round.ticks / 60;
    const kind = pickKind(seconds);
    const spec = SPECS[kind];
    const x = rng.range(0.06, 0.94);
    const y = HUD_HEIGHT - spec.r;
    let vx = 0;
    let vy = spec.speed * (1 + Math.min(0.8, seconds * 0.01));
    if (kind === 'diver') {
      // Aimed at where the ship is now: dodging means moving.
      const d = Math.max(0.001, dist(x, y, ship.x, ship.y));
      vx = (((ship.x - x) * ASPECT) / d) * vy / ASPECT;
      vy = ((ship.y - y) / d) * vy;
    }
    enemies.push({ kind, x, y, baseX: x, vx, vy, hp: spec.hp, age: 0, flash: 0 });
  }

  function move(c: ControlState): void {
    const p = c.pointer;
    if (p?.down && Math.abs(c.x) < 0.1 && Math.abs(c.y) < 0.1) {
      const d = dist(p.x, p.y, ship.x, ship.y);
      const step = Math.min(d, POINTER_SPEED);
      if (d > 0.0001) {
        ship.x += ((p.x - ship.x) / d) * step;
        ship.y += ((p.y - ship.y) / d) * step;
      }
    } else {
      ship.x += (c.x * SHIP_SPEED) / ASPECT;
      ship.y += c.y * SHIP_SPEED;
    }
    // A locked mouse moves the ship as far as the mouse moved.
    ship.x += c.motion.dx;
    ship.y += c.motion.dy;
    ship.x = clamp(ship.x, SHIP_R, 1 - SHIP_R);
    ship.y = clamp(ship.y, SHIP_TOP, SHIP_BOTTOM);
  }

  function fire(c: ControlState): void {
    if (cooldown > 0) cooldown--;
    if (!c.action || cooldown > 0) return;
    cooldown = FIRE_EVERY;
    const side = (SHIP_R * 0.55) / ASPECT;
    bullets.push({ x: ship.x - side, y: ship.y - SHIP_R, vx: 0, vy: -BULLET_SPEED });
    bullets.push({ x: ship.x + side, y: ship.y - SHIP_R, vx: 0, vy: -BULLET_SPEED });
  }

  function blast(x: number, y: number, r: number, color: string): void {
    blasts.push({ x, y, t: 0, r, color });
  }

  function updateEnemies(): void {
    for (const e of enemies) {
      e.age++;
      if (e.flash > 0) e.flash--;
      e.y += e.vy;
      e.x = e.kind === 'weaver' ? e.baseX + Math.sin(e.age * 0.05) * 0.09 : e.x + e.vx;
      if (e.kind === 'heavy' && e.age % 90 === 45) {
        const d = Math.max(0.001, dist(e.x, e.y, ship.x, ship.y));
        shots.push({
          x: e.x,
          y: e.y + SPECS.heavy.r,
          vx: (((ship.x - e.x) * ASPECT) / d) * ENEMY_SHOT_SPEED / ASPECT,
          vy: ((ship.y - e.y) / d) * ENEMY_SHOT_SPEED,
        });
      }
    }
    enemies = enemies.filter((e) => e.y < 1.1 && e.x > -0.1 && e.x < 1.1);
  }

  function hitEnemies(): void {
    bullets = bullets.filter((b) => {
      for (const e of enemies) {
        if (e.hp <= 0 || dist(b.x, b.y, e.x, e.y) > SPECS[e.kind].r + BULLET_R) continue;
        e.hp--;
        e.flash = 6;
        if (e.hp === 0) {
          round.addScore(SPECS[e.kind].points);
          blast(e.x, e.y, SPECS[e.kind].r, SPECS[e.kind].color);
        }
        return false;
      }
      return true;
    });
    enemies = enemies.filter((e) => e.hp > 0);
  }

  function hitShip(): void {
    const r = SHIP_R * 0.75;
    for (const e of enemies) {
      if (dist(e.x, e.y, ship.x, ship.y) < SPECS[e.kind].r + r && round.hit()) {
        blast(ship.x, ship.y, SHIP_R * 1.5, ACCENT);
        blast(e.x, e.y, SPECS[e.kind].r, SPECS[e.kind].color);
        e.hp = 0;
      }
    }
    enemies = enemies.filter((e) => e.hp > 0);
    shots = shots.filter((s) => {
      if (dist(s.x, s.y, ship.x, ship.y) > BULLET_R + r) return true;
      if (round.hit()) blast(ship.x, ship.y, SHIP_R * 1.5, ACCENT);
      return false;
    });
  }

  function tick(c: ControlState): void {
    if (round.begin(c)) reset();
    blasts = blasts.filter((b) => ++b.t < 24);
    // The whole world, stars too, stands still behind the game-over card.
    if (round.over) return;
    for (const s of stars) s.y = (s.y + s.speed) % 1;

    move(c);
    fire(c);
    for (const b of bullets) b.y += b.vy;
    bullets = bullets.filter((b) => b.y > HUD_HEIGHT);
    for (const s of shots) {
      s.x += s.vx;
      s.y += s.vy;
    }
    shots = shots.filter((s) => s.y < 1.05 && s.y > 0 && s.x > -0.05 && s.x < 1.05);
    updateEnemies();
    if (--spawnIn <= 0) {
      spawn();
      spawnIn = Math.max(16, Math.round(50 - (round.ticks / 60) * 0.6 + rng.range(-8, 8)));
    }
    hitEnemies();
    hitShip();
  }

  function paint(ctx: Ctx2D, w: number, h: number): void {
    const shown = !round.over && !round.blinkHidden ? ship : undefined;
    paintScene(ctx, sprites, w, h, { stars, enemies, bullets, shots, blasts, ship: shown, ticks: round.ticks });
    drawChrome(ctx, w, h, hud, round, { title: opts.title, accent: ACCENT, kind: 'shooter', words: opts.words });
  }

  function draw(ctx: Ctx2D, w: number, h: number): void {
    // Game over with the last blast faded: nothing moves, so the whole frame is one copy.
    drawFrame(ctx, w, h, { round, roundNo, still: blasts.length === 0, layer: overLayer, paint: (c) => paint(c, w, h) });
  }

  function state(): StreamGameState {
    return gameState('shooter', round, { x: ship.x, y: ship.y });
  }

  return { kind: 'shooter', tick, draw, state };
}
