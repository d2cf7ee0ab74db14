/**
 * How the shooter looks: its enemy kinds (size, strength, colour), the ship,
 * the starfield backdrop and the blasts, painted on a 2D context. The game's
 * rules are shooter.ts; these are pure drawing, sized from the picture height.
 */
import type { Ctx2D } from './types.ts';

/** Picture width in picture heights: converts x fractions into round distances. */
export const ASPECT = 16 / 9;
export const ACCENT = '#38e8ff';
/** The ship's radius and a shot's, picture heights: what is drawn is what collides (shooter.ts). */
export const SHIP_R = 0.045;
export const BULLET_R = 0.012;

export type EnemyKind = 'drone' | 'weaver' | 'diver' | 'heavy';

export interface EnemySpec {
  r: number;
  hp: number;
  speed: number;
  points: number;
  color: string;
}

export const SPECS: Record<EnemyKind, EnemySpec> = {
  drone: { r: 0.038, hp: 1, speed: 0.32 / 60, points: 10, color: '#ff5d73' },
  weaver: { r: 0.038, hp: 1, speed: 0.24 / 60, points: 20, color: '#ffb547' },
  diver: { r: 0.034, hp: 1, speed: 0.55 / 60, points: 30, color: '#c48bff' },
  heavy: { r: 0.068, hp: 5, speed: 0.12 / 60, points: 60, color: '#4f8dff' },
};

export interface Star {
  x: number;
  y: number;
  speed: number;
  size: number;
  shade: string;
}

export interface Blast {
  x: number;
  y: number;
  t: number;
  r: number;
  color: string;
}

/** Far, middle and near stars: the nearer, the brighter and faster. */
export const STAR_SHADES = ['#39405a', '#5b6488', '#a9b3d6'] as const;

/** Divers point where they fly; 48 headings are plenty (7.5° apart) and keep the sprite set small. */
export const HEADINGS = 48;
export const headingStep = (e: { vx: number; vy: number }): number => {
  const a = Math.atan2(e.vy, e.vx * ASPECT);
  return ((Math.round((a / (Math.PI * 2)) * HEADINGS) % HEADINGS) + HEADINGS) % HEADINGS;
};

/** An enemy centred on (cx, cy): its hull, a dark core and a lit eye. */
export function paintEnemy(ctx: Ctx2D, kind: EnemyKind, cx: number, cy: number, r: number, heading: number, flash: boolean): void {
  ctx.fillStyle = flash ? '#ffffff' : SPECS[kind].color;
  ctx.beginPath();
  switch (kind) {
    case 'drone':
      ctx.moveTo(cx - r, cy - r * 0.7);
      ctx.lineTo(cx, cy - r * 0.2);
      ctx.lineTo(cx + r, cy - r * 0.7);
      ctx.lineTo(cx, cy + r);
      break;
    case 'weaver':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r, cy);
      break;
    case 'diver': {
      const a = (heading / HEADINGS) * Math.PI * 2;
      const ca = Math.cos(a);
      const sa = Math.sin(a);
      const pt = (fx: number, fy: number): [number, number] => [cx + (fx * ca - fy * sa) * r, cy + (fx * sa + fy * ca) * r];
      ctx.moveTo(...pt(1.3, 0));
      ctx.lineTo(...pt(-0.9, 0.9));
      ctx.lineTo(...pt(-0.4, 0));
      ctx.lineTo(...pt(-0.9, -0.9));
      break;
    }
    case 'heavy':
      for (let i = 0; i < 6; i++) {
        const a = (Math.PI / 3) * i + Math.PI / 6;
        if (i === 0) ctx.moveTo(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
        else ctx.lineTo(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
      }
      break;
  }
  ctx.closePath();
  ctx.fill();
  // A dark core with a lit eye: reads as a ship, not a confetti shape.
  ctx.fillStyle = '#0b0e1a';
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.36, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = kind === 'heavy' ? '#ff5d73' : '#fff3c4';
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.16, 0, Math.PI * 2);
  ctx.fill();
}


/** The player's ship centred on (cx, cy), engine flame `flame` (0-3) long. */
export function paintShip(ctx: Ctx2D, cx: number, cy: number, s: number, hot: boolean, flame: number): void {
  // Engine flame flickers with the tick count: alive even when standing still.
  ctx.fillStyle = hot ? '#ffb547' : '#ff7a45';
  ctx.beginPath();
  ctx.moveTo(cx - s * 0.3, cy + s * 0.75);
  ctx.lineTo(cx, cy + s * (1.3 + flame * 0.1));
  ctx.lineTo(cx + s * 0.3, cy + s * 0.75);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = ACCENT;
  ctx.beginPath();
  ctx.moveTo(cx, cy - s * 1.35);
  ctx.lineTo(cx + s * 0.35, cy - s * 0.2);
  ctx.lineTo(cx + s * 1.15, cy + s * 0.65);
  ctx.lineTo(cx + s * 0.4, cy + s * 0.85);
  ctx.lineTo(cx - s * 0.4, cy + s * 0.85);
  ctx.lineTo(cx - s * 1.15, cy + s * 0.65);
  ctx.lineTo(cx - s * 0.35, cy - s * 0.2);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#0b3440';
  ctx.beginPath();
  ctx.moveTo(cx, cy - s * 0.85);
  ctx.lineTo(cx + s * 0.2, cy - s * 0.05);
  ctx.lineTo(cx - s * 0.2, cy - s * 0.05);
  ctx.closePath();
  ctx.fill();
}

/** The night sky: a planet low on the right and three layers of stars. */
export function paintBackdrop(ctx: Ctx2D, w: number, h: number, stars: readonly Star[]): void {
  ctx.fillStyle = '#060912';
  ctx.fillRect(0, 0, w, h);
  // A planet low on the right: depth for the price of two arcs.
  ctx.fillStyle = '#1a2142';
  ctx.beginPath();
  ctx.arc(w * 0.86, h * 0.92, h * 0.3, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#121833';
  ctx.beginPath();
  ctx.arc(w * 0.86 + h * 0.05, h * 0.92 + h * 0.04, h * 0.28, 0, Math.PI * 2);
  ctx.fill();
  // Whole-pixel squares, one colour per parallax layer.
  for (const shade of STAR_SHADES) {
    ctx.fillStyle = shade;
    for (const s of stars) {
      if (s.shade !== shade) continue;
      const size = Math.max(1, Math.round(s.size * h));
      ctx.fillRect(Math.floor(s.x * w), Math.floor(s.y * h), size, size);
    }
  }
}

/** A blast `b.t` ticks old (of 24): a fading ring and six sparks flying out. */
export function paintBlast(ctx: Ctx2D, w: number, h: number, b: Blast): void {
  const f = b.t / 24;
  ctx.save();
  ctx.globalAlpha = 1 - f;
  ctx.strokeStyle = b.color;
  ctx.lineWidth = Math.max(1, h * 0.006);
  ctx.beginPath();
  ctx.arc(b.x * w, b.y * h, (b.r + f * 0.06) * h, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = '#fff3c4';
  const bit = Math.max(1, Math.round(h * 0.008));
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    const d = (b.r * 0.5 + f * 0.08) * h;
    ctx.fillRect(Math.round(b.x * w + Math.cos(a) * d), Math.round(b.y * h + Math.sin(a) * d), bit, bit);
  }
  ctx.restore();
}
