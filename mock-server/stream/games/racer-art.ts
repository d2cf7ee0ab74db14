/**
 * How the racer looks: the road with its verges, kerbs and lane dashes, the
 * trees, the cars and the speed bar, painted on a 2D context from the race's
 * figures. The rules are racer.ts; positions are fractions of a 16:9
 * picture, as there.
 */
import { HUD_HEIGHT } from './hud.ts';
import { drawSprite, type SpriteSet } from './layers.ts';
import type { Ctx2D } from './types.ts';

export const ROAD_LEFT = 0.3;
export const ROAD_RIGHT = 0.7;
const LANES = 4;
const LANE_WIDTH = (ROAD_RIGHT - ROAD_LEFT) / LANES;
/** Scenery repeats every this many picture heights of road. */
const SCENERY_PERIOD = 0.3;
export const ACCENT = '#ffcc33';
export const PLAYER_COLOR = '#22d3ee';
// No blue or cyan: the player's car must be the only one in its colour.
export const TRAFFIC_COLORS = ['#ff5d73', '#ff9f43', '#7bd88f', '#b28cff', '#e9edf5', '#f4d35e'] as const;

export const laneCentre = (lane: number): number => ROAD_LEFT + LANE_WIDTH * (lane + 0.5);

/** Deterministic scenery per road slot: no state to keep, same trees every time a slot scrolls by. */
function slotHash(i: number): number {
  let t = Math.imul(i ^ 0x2c1b3c6d, 0x297a2d39);
  t ^= t >>> 15;
  t = Math.imul(t, 0x85ebca6b);
  t ^= t >>> 13;
  return (t >>> 0) / 4294967296;
}

/** The road's measures in whole pixels for one frame (roadGeometry). */
export interface RoadGeometry {
  kerbLen: number;
  band: number;
  cycle: number;
  roadL: number;
  roadR: number;
  kerb: number;
  dashW: number;
  dashLen: number;
  /** Pixels driven: the scroll position shared by the road, the trees and the stripes. */
  scroll: number;
}

/**
 * The road and verges in whole pixels, so every fill is an opaque block
 * (no anti-aliased edges): `scroll` is the distance driven in pixels, and
 * row y shows road phase (y - scroll) mod cycle. Verge stripes alternate
 * by band, kerbs by half band, lane dashes start every band.
 * (A pre-painted strip copied at an offset was tried: the copy costs more
 * than these few opaque fills.)
 */
export function roadGeometry(w: number, h: number, distance: number): RoadGeometry {
  const kerbLen = Math.max(1, Math.round((SCENERY_PERIOD * h) / 2));
  const band = kerbLen * 2;
  const dashW = Math.max(1, Math.round(w * 0.004));
  return {
    kerbLen,
    band,
    cycle: band * 2,
    roadL: Math.round(ROAD_LEFT * w),
    roadR: Math.round(ROAD_RIGHT * w),
    kerb: Math.max(1, Math.round(w * 0.012)),
    dashW,
    dashLen: Math.round(band * 0.45),
    scroll: Math.floor(distance * h),
  };
}

/** Calls fn(y, len) for the rows in [0, height) whose phase (y - o) mod period lies in [a, b). */
function runs(height: number, o: number, period: number, a: number, b: number, fn: (y: number, len: number) => void): void {
  for (let y = ((o + a) % period) - period; y < height; y += period) {
    const y0 = Math.max(0, y);
    const y1 = Math.min(height, y + b - a);
    if (y1 > y0) fn(y0, y1 - y0);
  }
}

/**
 * Verges, kerbs, asphalt, lane dashes. It starts with one fill of the whole
 * picture: Skia then drops the previous frame instead of drawing over it,
 * which costs less than filling only the verges (measured).
 */
export function drawRoad(ctx: Ctx2D, w: number, height: number, g: RoadGeometry): void {
  const { band, kerbLen, roadL, roadR, kerb, dashW, dashLen } = g;
  const o = ((g.scroll % g.cycle) + g.cycle) % g.cycle;
  const vergeL = roadL - kerb;
  const vergeR = roadR + kerb;
  const rows = (color: string, period: number, a: number, b: number, x0: number, x1: number, x2: number, x3: number): void => {
    ctx.fillStyle = color;
    runs(height, o, period, a, b, (y, len) => {
      ctx.fillRect(x0, y, x1 - x0, len);
      ctx.fillRect(x2, y, x3 - x2, len);
    });
  };
  ctx.fillStyle = '#0c1f17';
  ctx.fillRect(0, 0, w, height);
  // Mown stripes on the verges give the speed something to show against.
  rows('#0f2619', band * 2, band, band * 2, 0, vergeL, vergeR, w);
  rows('#eef1f6', kerbLen * 2, 0, kerbLen, vergeL, roadL, roadR, vergeR);
  rows('#d9394f', kerbLen * 2, kerbLen, kerbLen * 2, vergeL, roadL, roadR, vergeR);
  ctx.fillStyle = '#262a33';
  ctx.fillRect(roadL, 0, roadR - roadL, height);
  // Lane dashes: light grey at 55% over the asphalt, mixed in advance.
  ctx.fillStyle = '#90949c';
  runs(height, o, band, 0, dashLen, (y, len) => {
    for (let lane = 1; lane < LANES; lane++) {
      ctx.fillRect(Math.round((ROAD_LEFT + lane * LANE_WIDTH) * w - dashW / 2), y, dashW, len);
    }
  });
}

/** One tree (shadow, crown, highlight) centred on (x, y). */
function paintTree(ctx: Ctx2D, x: number, y: number, size: number, light: boolean): void {
  ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.beginPath();
  ctx.arc(x + size * 0.3, y + size * 0.3, size, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = light ? '#1f6b3f' : '#1a5a36';
  ctx.beginPath();
  ctx.arc(x, y, size, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#2e8a52';
  ctx.beginPath();
  ctx.arc(x - size * 0.25, y - size * 0.25, size * 0.5, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * Trees stand in road bands (slotHash(id) places them, so the same trees
 * come by every time). Sizes come in 16 steps so a handful of sprites
 * (three anti-aliased discs each) serve every tree.
 */
export function drawTrees(ctx: Ctx2D, sprites: SpriteSet, w: number, h: number, g: RoadGeometry): void {
  const first = Math.ceil((g.scroll - h) / g.band) - 2;
  const last = Math.floor(g.scroll / g.band) + 1;
  for (let id = first; id <= last; id++) {
    const top = g.scroll - (id + 1) * g.band;
    for (let side = 0; side < 2; side++) {
      const r = slotHash(id * 2 + side);
      if (r < 0.2) continue;
      const x = Math.round((side === 0 ? 0.04 + r * 0.19 : 0.77 + r * 0.15) * w);
      const y = Math.round(top + g.band * (0.2 + r * 0.5));
      const step = Math.round(r * 16);
      const size = h * (0.035 + (step / 16) * 0.03);
      const light = r > 0.6;
      drawSprite(ctx, sprites, w, h, `${step}|${light}`, x, y, { left: size, up: size, right: size * 1.3, down: size * 1.3 }, (c, px, py) =>
        paintTree(c, px, py, size, light),
      );
    }
  }
}

/** A car with its centre at (cx, cy); the player's ("lit") has stripes, headlights and beams. */
function paintCar(ctx: Ctx2D, cx: number, cy: number, cw: number, ch: number, color: string, truck: boolean, lit: boolean): void {
  const wheelW = cw * 0.18;
  const wheelH = ch * (truck ? 0.14 : 0.2);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.4)';
  ctx.fillRect(cx - cw / 2 + cw * 0.12, cy - ch / 2 + ch * 0.06, cw, ch);
  ctx.fillStyle = '#0b0d12';
  for (const fy of truck ? [-0.34, 0.1, 0.3] : [-0.3, 0.22]) {
    ctx.fillRect(cx - cw / 2 - wheelW * 0.45, cy + fy * ch - wheelH / 2, wheelW, wheelH);
    ctx.fillRect(cx + cw / 2 - wheelW * 0.55, cy + fy * ch - wheelH / 2, wheelW, wheelH);
  }
  ctx.fillStyle = color;
  ctx.fillRect(cx - cw / 2, cy - ch / 2, cw, ch);
  if (truck) {
    // Cab in front, a pale cargo box behind it.
    ctx.fillStyle = '#1a2030';
    ctx.fillRect(cx - cw * 0.38, cy - ch * 0.44, cw * 0.76, ch * 0.1);
    ctx.fillStyle = '#d9dde6';
    ctx.fillRect(cx - cw / 2, cy - ch * 0.22, cw, ch * 0.72);
    ctx.fillStyle = 'rgba(0, 0, 0, 0.15)';
    ctx.fillRect(cx - cw * 0.05, cy - ch * 0.2, cw * 0.1, ch * 0.68);
  } else {
    ctx.fillStyle = '#141a28';
    ctx.fillRect(cx - cw * 0.36, cy - ch * 0.24, cw * 0.72, ch * 0.17);
    ctx.fillRect(cx - cw * 0.36, cy + ch * 0.16, cw * 0.72, ch * 0.11);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.18)';
    ctx.fillRect(cx - cw * 0.36, cy - ch * 0.07, cw * 0.72, ch * 0.23);
  }
  ctx.fillStyle = '#ff3b4f';
  ctx.fillRect(cx - cw * 0.45, cy + ch / 2 - ch * 0.05, cw * 0.22, ch * 0.04);
  ctx.fillRect(cx + cw * 0.23, cy + ch / 2 - ch * 0.05, cw * 0.22, ch * 0.04);
  if (lit) {
    // Racing stripes: the player's car reads as "mine" even in a crowd.
    ctx.fillStyle = '#f5fbff';
    ctx.fillRect(cx - cw * 0.16, cy - ch / 2, cw * 0.1, ch * 0.26);
    ctx.fillRect(cx + cw * 0.06, cy - ch / 2, cw * 0.1, ch * 0.26);
    ctx.fillRect(cx - cw * 0.16, cy + ch * 0.27, cw * 0.1, ch * 0.23);
    ctx.fillRect(cx + cw * 0.06, cy + ch * 0.27, cw * 0.1, ch * 0.23);
    ctx.fillStyle = 'rgba(255, 246, 200, 0.95)';
    ctx.fillRect(cx - cw * 0.45, cy - ch / 2 + ch * 0.01, cw * 0.22, ch * 0.04);
    ctx.fillRect(cx + cw * 0.23, cy - ch / 2 + ch * 0.01, cw * 0.22, ch * 0.04);
    // Headlight beams: the one soft shape that makes the player's car read at a glance.
    ctx.save();
    ctx.globalAlpha = 0.12;
    ctx.fillStyle = '#fff6c8';
    ctx.beginPath();
    ctx.moveTo(cx - cw * 0.4, cy - ch / 2);
    ctx.lineTo(cx - cw * 0.9, cy - ch * 1.5);
    ctx.lineTo(cx + cw * 0.9, cy - ch * 1.5);
    ctx.lineTo(cx + cw * 0.4, cy - ch / 2);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }
}

/**
 * Cars are sprites: painted once per colour and size, copied with their
 * centre on a whole pixel (drawn directly at that same pixel elsewhere).
 */
export function drawCar(ctx: Ctx2D, sprites: SpriteSet, w: number, h: number, car: { x: number; y: number; w: number; h: number }, color: string, truck: boolean, lit: boolean): void {
  const cw = car.w * w;
  const ch = car.h * h;
  // Wheels and the shadow stick out of the body; the player's beams reach far ahead.
  const reach = { left: cw * (lit ? 0.9 : 0.6), up: ch * (lit ? 1.5 : 0.5), right: cw * (lit ? 0.9 : 0.62), down: ch * 0.56 };
  drawSprite(ctx, sprites, w, h, `${color}|${truck}|${lit}`, Math.round(car.x * w), Math.round(car.y * h), reach, (c, px, py) =>
    paintCar(c, px, py, cw, ch, color, truck, lit),
  );
}

/** `share`: how close to top speed, from 0 to 1. */
export function drawSpeed(ctx: Ctx2D, w: number, h: number, share: number): void {
  // A bar on the right verge: how close to top speed, at a glance.
  const bw = Math.max(3, Math.round(w * 0.012));
  const pad = Math.max(1, Math.round(bw * 0.25));
  const bx = Math.round(w * 0.955);
  const top = Math.round(h * (HUD_HEIGHT + 0.06));
  const bh = Math.round(h * 0.5);
  const fill = Math.round(bh * share);
  ctx.fillStyle = 'rgba(8, 10, 18, 0.7)';
  ctx.fillRect(bx - pad, top - pad, bw + 2 * pad, bh + 2 * pad);
  ctx.fillStyle = fill > bh * 0.8 ? '#ff5d73' : ACCENT;
  ctx.fillRect(bx, top + bh - fill, bw, fill);
}
