/**
 * Catch the falling stars: slide the basket along the bottom, catch stars and
 * the odd gem, dodge bombs (a caught bomb costs a life). Catches in a row
 * build a multiplier that a missed star resets. Positions are fractions of a
 * 16:9 picture; sizes in picture heights so shapes stay round.
 */
import type { StreamGameState } from '../../../web/api/contract.ts';
import type { ControlState } from '../controls.ts';
import { font, HUD_HEIGHT, HudCache } from './hud.ts';
import { paintNet } from './action-art.ts';
import { around, drawSprite, Layer, SpriteSet } from './layers.ts';
import { createRng } from './rng.ts';
import { Round } from './round.ts';
import { drawChrome, drawFrame, gameState } from './chrome.ts';
import type { Ctx2D, StreamGame } from './types.ts';
import type { StreamWords } from './words.ts';

const ASPECT = 16 / 9;
const BASKET_Y = 0.78;
/** Half the basket's width, picture widths. */
const BASKET_HALF = 0.065;
/** Holding the action control casts a net: the reach widens (bombs are caught too). */
const NET_HALF = BASKET_HALF * 1.8;
const BASKET_SPEED = 1.1 / 60;
const ITEM_R = 0.03;
const GROUND = 0.86;
const MAX_COMBO = 5;
const ACCENT = '#ffd166';

type ItemKind = 'star' | 'gem' | 'bomb';
interface Item {
  kind: ItemKind;
  x: number;
  y: number;
  vy: number;
  spin: number;
}
interface Pop {
  x: number;
  y: number;
  t: number;
  color: string;
}

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

const POINTS: Record<Exclude<ItemKind, 'bomb'>, number> = { star: 10, gem: 50 };
const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

export function createCatcher(opts: { title: string; seed: number; words: StreamWords }): StreamGame {
  const rng = createRng(opts.seed);
  const round = new Round();
  let x = 0.5;
  let netOut = false;
  let items: Item[] = [];
  let pops: Pop[] = [];
  let combo = 1;
  let spawnIn = 40;
  /** Counts rounds, so a game-over picture is never reused for the next round's. */
  let roundNo = 0;
  const hud = new HudCache();
  const overLayer = new Layer(true);
  const sprites = new SpriteSet();

  function reset(): void {
    roundNo++;
    x = 0.5;
    items = [];
    pops = [];
    combo = 1;
    spawnIn = 40;
  }

  function spawn(): void {
    const seconds = round.ticks / 60;
    const roll = rng.next();
    const kind: ItemKind = roll < Math.min(0.35, 0.15 + seconds * 0.004) ? 'bomb' : roll > 0.93 ? 'gem' : 'star';
    const speed = (0.3 + Math.min(0.5, seconds * 0.008)) * rng.range(0.85, 1.2);
    items.push({ kind, x: rng.range(0.05, 0.95), y: HUD_HEIGHT - ITEM_R, vy: speed / 60, spin: rng.range(-0.05, 0.05) });
  }

  function move(c: ControlState): void {
    const p = c.pointer;
    const step = BASKET_SPEED / ASPECT;
    if (p?.down && Math.abs(c.x) < 0.1) x += clamp(p.x - x, -step * 1.4, step * 1.4);
    else x += c.x * step;
    x = clamp(x + c.motion.dx, BASKET_HALF, 1 - BASKET_HALF);
    // A finger moves the basket; only a button casts the net.
    netOut = c.action && !p?.down;
  }

  function tick(c: ControlState): void {
    if (round.begin(c)) reset();
    pops = pops.filter((p) => ++p.t < 30);
    if (round.over) return;
    move(c);
    for (const it of items) it.y += it.vy;
    items = items.filter((it) => {
      const inReach = Math.abs(it.x - x) < (netOut ? NET_HALF : BASKET_HALF) + ITEM_R / ASPECT * 0.5;
      if (it.y >= BASKET_Y - 0.02 && it.y <= BASKET_Y + 0.03 && inReach) {
        if (it.kind === 'bomb') {
          if (round.hit()) pops.push({ x: it.x, y: it.y, t: 0, color: '#ff5d73' });
          combo = 1;
        } else {
          round.addScore(POINTS[it.kind] * combo);
          pops.push({ x: it.x, y: it.y, t: 0, color: it.kind === 'gem' ? '#5ef2ff' : ACCENT });
          combo = Math.min(MAX_COMBO, combo + 1);
        }
        return false;
      }
      if (it.y > GROUND) {
        if (it.kind !== 'bomb') combo = 1;
        return false;
      }
      return true;
    });
    if (--spawnIn <= 0) {
      spawn();
      spawnIn = Math.max(12, Math.round(38 - (round.ticks / 60) * 0.4 + rng.range(-6, 6)));
    }
  }

  /** Stars turn; five-fold symmetric, so 24 steps across a fifth of a turn (3° apart) look smooth. */
  const SPIN_STEPS = 24;
  const spinStep = (a: number): number => {
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
  function paintItem(ctx: Ctx2D, kind: ItemKind, cx: number, cy: number, r: number, h: number, spin: number, spark: boolean): void {
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

  /** Items are sprites (one per kind, turn step and fuse phase), centred on whole pixels. */
  function drawItem(ctx: Ctx2D, it: Item, w: number, h: number, t: number): void {
    const r = ITEM_R * h;
    const spin = it.kind === 'star' ? spinStep(it.spin * t) : 0;
    const spark = it.kind === 'bomb' && t % 8 < 4;
    drawSprite(ctx, sprites, w, h, `${it.kind}|${spin}|${spark}`, Math.round(it.x * w), Math.round(it.y * h), around(r * 1.6), (c, x, y) =>
      paintItem(c, it.kind, x, y, r, h, spin, spark),
    );
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

  function drawBackdrop(ctx: Ctx2D, w: number, h: number): void {
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

  function paintBasket(ctx: Ctx2D, cx: number, top: number, half: number, h: number): void {
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

  function drawBasket(ctx: Ctx2D, w: number, h: number): void {
    const cx = Math.round(x * w);
    const top = Math.round(BASKET_Y * h);
    const half = BASKET_HALF * w;
    drawSprite(ctx, sprites, w, h, 'basket', cx, top, { left: half * 1.04, up: h * 0.008, right: half * 1.04, down: h * 0.07 }, (c, px, py) =>
      paintBasket(c, px, py, half, h),
    );
    if (netOut) paintNet(ctx, cx, top, NET_HALF * w, h);
    if (combo > 1) {
      ctx.fillStyle = ACCENT;
      ctx.font = font(h * 0.04);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(`×${combo}`, cx, top - Math.round(h * 0.02));
    }
  }

  function paint(ctx: Ctx2D, w: number, h: number): void {
    drawBackdrop(ctx, w, h);
    const t = round.ticks;
    for (const it of items) drawItem(ctx, it, w, h, t);
    if (!round.blinkHidden) drawBasket(ctx, w, h);
    for (const p of pops) {
      ctx.save();
      ctx.globalAlpha = 1 - p.t / 30;
      ctx.strokeStyle = p.color;
      ctx.lineWidth = Math.max(1, h * 0.006);
      ctx.beginPath();
      ctx.arc(p.x * w, p.y * h, h * (0.02 + p.t * 0.003), 0, Math.PI * 2);
      ctx.stroke();
      ctx.restore();
    }
    drawChrome(ctx, w, h, hud, round, { title: opts.title, accent: ACCENT, kind: 'catcher', words: opts.words });
  }

  function draw(ctx: Ctx2D, w: number, h: number): void {
    // Game over with the last pop faded: nothing moves, so the whole frame is one copy.
    drawFrame(ctx, w, h, { round, roundNo, still: pops.length === 0, layer: overLayer, paint: (c) => paint(c, w, h) });
  }

  function state(): StreamGameState {
    return gameState('catcher', round, { x: x, y: BASKET_Y });
  }

  return { kind: 'catcher', tick, draw, state };
}
