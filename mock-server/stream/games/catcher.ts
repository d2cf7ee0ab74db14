/**
 * Catch the falling stars: slide the basket along the bottom, catch stars and
 * the odd gem, dodge bombs (a caught bomb costs a life). Catches in a row
 * build a multiplier that a missed star resets. Positions are fractions of a
 * 16:9 picture; sizes in picture heights so shapes stay round (catcher-art.ts
 * paints them).
 */
import type { StreamGameState } from '../../../web/api/contract.ts';
import type { ControlState } from '../controls.ts';
import { font, HUD_HEIGHT, HudCache } from './hud.ts';
import { paintNet } from './action-art.ts';
import { ACCENT, drawBackdrop, GROUND, paintBasket, paintItem, spinStep, type ItemKind } from './catcher-art.ts';
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
const MAX_COMBO = 5;

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

  /** Items are sprites (one per kind, turn step and fuse phase), centred on whole pixels. */
  function drawItem(ctx: Ctx2D, it: Item, w: number, h: number, t: number): void {
    const r = ITEM_R * h;
    const spin = it.kind === 'star' ? spinStep(it.spin * t) : 0;
    const spark = it.kind === 'bomb' && t % 8 < 4;
    drawSprite(ctx, sprites, w, h, `${it.kind}|${spin}|${spark}`, Math.round(it.x * w), Math.round(it.y * h), around(r * 1.6), (c, x, y) =>
      paintItem(c, it.kind, x, y, r, h, spin, spark),
    );
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
    drawBackdrop(ctx, sprites, w, h);
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
