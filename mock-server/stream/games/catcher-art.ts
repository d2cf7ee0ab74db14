/**
 * How the catcher looks: the night sky with its moon and hills, the falling
 * stars, gems and bombs, and the basket, painted on a 2D context. The rules
 * are catcher.ts; sizes come from the picture height so shapes stay round.
 */
import { HUD_HEIGHT } from './hud.ts';
import { around, drawSprite, type SpriteSet } from './layers.ts';
import type { Ctx2D } from './types.ts';

export const ACCENT = '#ffd166';
/** Where the ground begins, picture heights from the top: an item falling past it is missed. */
export const GROUND = 0.86;

export type ItemKind = 'star' | 'gem' | 'bomb';

const SKY = ['#090d20', '#0b1025', '#0d132b', '#0f1631', '#111937', '#131c3d', '#161f43', '#182249'] as const;
const HILLS = [0.3, 0.6, 0.45, 0.9, 0.5, 0.2, 0.55, 0.8, 0.4, 0.65, 0.35] as const;
/** Fixed twinkles: the same sky every game. */
const SKY_STARS: readonly (readonly [number, number])[] = Array.from({ length: 40 }, (_, i) => [
  (i * 0.6180339887) % 1,
  HUD_HEIGHT + 0.02 + ((i * 0.7548776662 + 0.3) % 1) * 0.6,
]);

const CRATERS: readonly (readonly [number, number, number])[] = [
  [-0.02, -0.015, 0.012],
  [0.018, 0.01, 0.016],
  [-0.008, 0.028, 0.008],
];

/** Stars turn; five-fold symmetric, so 24 steps across a fifth of a turn (3° apart) look smooth. */
const SPIN_STEPS = 24;
export const spinStep = (a: number): number => {
  const fifth = (Math.PI * 2) / 5;
  return ((Math.round((a / fifth) * SPIN_STEPS) % SPIN_STEPS) + SPIN_STEPS) % SPIN_STEPS;
};

function star(ctx: Ctx2D, cx: number, cy: number, r: number, a0: number): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = a0 + (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    if (i === 0) ctx.moveTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
    else ctx.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
  }
  ctx.closePath();
  ctx.fill();
}

/** An item centred on (cx, cy); `spin` is the star's turn step, `spark` the bomb fuse's flicker phase. */
export function paintItem(ctx: Ctx2D, kind: ItemKind, cx: number, cy: number, r: number, h: number, spin: number, spark: boolean): void {
  if (kind === 'star') {
    ctx.fillStyle = ACCENT;
    star(ctx, cx, cy, r * 1.15, (spin / SPIN_STEPS) * ((Math.PI * 2) / 5));
  } else if (kind === 'gem') {
    ctx.fillStyle = '#5ef2ff';
    ctx.beginPath();
    ctx.moveTo(cx, cy - r * 1.1);
    ctx.lineTo(cx + r * 0.9, cy - r * 0.2);
    ctx.lineTo(cx, cy + r * 1.1);
    ctx.lineTo(cx - r * 0.9, cy - r * 0.2);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = 'rgba(255, 255, 255, 0.55)';
    ctx.fillRect(cx - r * 0.25, cy - r * 0.55, r * 0.3, r * 0.3);
  } else {
    // Red, not black: a black bomb vanishes into the night sky.
    ctx.strokeStyle = '#c9cfe0';
    ctx.lineWidth = Math.max(1, h * 0.005);
    ctx.beginPath();
    ctx.moveTo(cx, cy - r * 0.9);
    ctx.lineTo(cx + r * 0.45, cy - r * 1.35);
    ctx.stroke();
    ctx.fillStyle = '#e23a52';
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#8f1d33';
    ctx.fillRect(cx - r, cy - r * 0.12, r * 2, r * 0.24);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.45)';
    ctx.fillRect(cx - r * 0.5, cy - r * 0.6, r * 0.28, r * 0.28);
    ctx.fillStyle = spark ? '#fff3c4' : '#ff9f43';
    const s = r * (spark ? 0.42 : 0.3);
    ctx.fillRect(cx + r * 0.45 - s / 2, cy - r * 1.35 - s / 2, s, s);
  }
}

function paintMoon(ctx: Ctx2D, mx: number, my: number, h: number): void {
  ctx.fillStyle = '#f3eccc';
  ctx.beginPath();
  ctx.arc(mx, my, h * 0.06, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#dcd2ac';
  for (const [dx, dy, r] of CRATERS) {
    ctx.beginPath();
    ctx.arc(mx + dx * h, my + dy * h, r * h, 0, Math.PI * 2);
    ctx.fill();
  }
}

export function drawBackdrop(ctx: Ctx2D, sprites: SpriteSet, w: number, h: number): void {
  // Night sky in flat bands: cheaper than a gradient and codes as cleanly.
  // The first fills the whole picture (Skia then drops the last frame rather than drawing over it).
  ctx.fillStyle = SKY[0];
  ctx.fillRect(0, 0, w, h);
  for (let i = 1; i < SKY.length; i++) {
    ctx.fillStyle = SKY[i] ?? '#0b1026';
    const top = Math.floor((h * i) / SKY.length);
    ctx.fillRect(0, top, w, Math.floor((h * (i + 1)) / SKY.length) - top);
  }
  ctx.fillStyle = '#8f9bc9';
  const size = Math.max(1, Math.round(h * 0.004));
  for (const [sx, sy] of SKY_STARS) ctx.fillRect(Math.floor(sx * w), Math.floor(sy * h), size, size);
  drawSprite(ctx, sprites, w, h, 'moon', Math.round(w * 0.83), Math.round(h * 0.27), around(h * 0.06), (c, x, y) => paintMoon(c, x, y, h));
  ctx.fillStyle = '#141b36';
  const ground = Math.round(h * GROUND);
  ctx.beginPath();
  ctx.moveTo(0, ground);
  for (let i = 0; i <= 10; i++) ctx.lineTo((w * i) / 10, h * (GROUND - 0.06 - (HILLS[i] ?? 0) * 0.1));
  ctx.lineTo(w, ground);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#0a0e1d';
  ctx.fillRect(0, ground, w, h - ground);
}

export function paintBasket(ctx: Ctx2D, cx: number, top: number, half: number, h: number): void {
  const depth = h * 0.07;
  ctx.fillStyle = '#c77d3a';
  ctx.beginPath();
  ctx.moveTo(cx - half, top);
  ctx.lineTo(cx + half, top);
  ctx.lineTo(cx + half * 0.78, top + depth);
  ctx.lineTo(cx - half * 0.78, top + depth);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#8a4f22';
  for (let i = 1; i < 4; i++) ctx.fillRect(cx - half * 0.8, top + (depth * i) / 4, half * 1.6, Math.max(1, h * 0.004));
  ctx.fillStyle = '#e6a35c';
  ctx.fillRect(cx - half * 1.04, top - h * 0.008, half * 2.08, h * 0.014);
}
