/**
 * One frame of the shooter's world, painted from its state (shooter.ts keeps
 * the rules): the backdrop, enemies with a heavy's health bar, both sides'
 * shots, the ship and the blasts. Enemies, shots and the ship are sprites
 * (layers.ts) centred on whole pixels; the shapes are shooter-art.ts.
 */
import { around, drawSprite, type SpriteSet } from './layers.ts';
import { BULLET_R, headingStep, paintBackdrop, paintBlast, paintEnemy, paintShip, SHIP_R, SPECS, type Blast, type EnemyKind, type Star } from './shooter-art.ts';
import type { Ctx2D } from './types.ts';

export interface Enemy {
  kind: EnemyKind;
  x: number;
  y: number;
  /** Where a weaver's sway is centred. */
  baseX: number;
  vx: number;
  vy: number;
  hp: number;
  age: number;
  /** Ticks of white flash after a hit that did not kill. */
  flash: number;
}

export interface Shot {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/** What a frame shows; `ship` undefined while it is hidden (game over, the blink after a hit). */
export interface ShooterScene {
  stars: readonly Star[];
  enemies: readonly Enemy[];
  bullets: readonly Shot[];
  shots: readonly Shot[];
  blasts: readonly Blast[];
  ship: { x: number; y: number } | undefined;
  /** Game ticks: the ship's engine flickers by them. */
  ticks: number;
}

function drawEnemy(ctx: Ctx2D, sprites: SpriteSet, e: Enemy, w: number, h: number): void {
  const cx = Math.round(e.x * w);
  const cy = Math.round(e.y * h);
  const r = SPECS[e.kind].r * h;
  const heading = e.kind === 'diver' ? headingStep(e) : 0;
  const flash = e.flash > 0;
  const reach = r * 1.3;
  drawSprite(ctx, sprites, w, h, `${e.kind}|${heading}|${flash}`, cx, cy, around(reach), (c, x, y) =>
    paintEnemy(c, e.kind, x, y, r, heading, flash),
  );
  if (e.kind === 'heavy') {
    const bw = Math.round(r * 1.6);
    const bh = Math.max(2, Math.round(r * 0.16));
    const left = cx - Math.round(bw / 2);
    const top = Math.round(cy - r * 1.35);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.2)';
    ctx.fillRect(left, top, bw, bh);
    ctx.fillStyle = '#7bd88f';
    ctx.fillRect(left, top, Math.round((bw * e.hp) / SPECS.heavy.hp), bh);
  }
}

function drawShip(ctx: Ctx2D, sprites: SpriteSet, w: number, h: number, ship: { x: number; y: number }, ticks: number): void {
  const s = SHIP_R * h;
  const hot = ticks % 6 < 3;
  const flame = ticks % 4;
  drawSprite(ctx, sprites, w, h, `ship|${hot}|${flame}`, Math.round(ship.x * w), Math.round(ship.y * h), { left: s * 1.15, up: s * 1.35, right: s * 1.15, down: s * 1.6 }, (c, x, y) =>
    paintShip(c, x, y, s, hot, flame),
  );
}

/** Everything of a frame but the chrome (hud.ts), back to front. */
export function paintScene(ctx: Ctx2D, sprites: SpriteSet, w: number, h: number, s: ShooterScene): void {
  paintBackdrop(ctx, w, h, s.stars);
  for (const e of s.enemies) drawEnemy(ctx, sprites, e, w, h);
  ctx.fillStyle = '#fff3c4';
  const bw = Math.max(2, Math.round(BULLET_R * h * 0.5));
  const bh = Math.round(BULLET_R * h * 2.4);
  for (const b of s.bullets) ctx.fillRect(Math.round(b.x * w - bw / 2), Math.round(b.y * h - bh / 2), bw, bh);
  const sr = BULLET_R * h;
  for (const shot of s.shots) {
    drawSprite(ctx, sprites, w, h, 'shot', Math.round(shot.x * w), Math.round(shot.y * h), around(sr), (c, x, y) => {
      c.fillStyle = '#ff5d73';
      c.beginPath();
      c.arc(x, y, sr, 0, Math.PI * 2);
      c.fill();
    });
  }
  if (s.ship) drawShip(ctx, sprites, w, h, s.ship, s.ticks);
  for (const b of s.blasts) paintBlast(ctx, w, h, b);
}
