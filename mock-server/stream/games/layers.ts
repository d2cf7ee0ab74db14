/**
 * Offscreen pictures a game paints once and then copies every frame.
 *
 * @napi-rs/canvas records drawing lazily and rasterises it when the server
 * reads the pixels back, so every anti-aliased path, arc, text run and
 * translucent fill is paid for again in every frame. Small things built from
 * those (a car, a tree, an enemy, the text and hearts of the top bar, the
 * hint) are cheaper as one copy of ready pixels at a whole-pixel offset (a
 * fractional offset would resample: ten times dearer). Whole-frame copies are
 * not: a copy reads and writes every byte, while an opaque fillRect only
 * writes, so flat backdrops stay plain fills on whole pixels (measured; see
 * the games). The one whole-frame layer is the game-over card over the
 * frozen world, which replaces all other drawing.
 *
 * Layers are used only when the target is itself an @napi-rs/canvas context
 * (what the server draws into). Any other context (a test's recording fake)
 * gets the same calls drawn directly, at the same whole-pixel positions, so
 * both paths paint the same picture (tests/mock-server/stream-games-layers.test.ts
 * compares them) and the direct path stays easy to inspect.
 */
import { createRequire } from 'node:module';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { Ctx2D } from './types.ts';

type CanvasLib = typeof import('@napi-rs/canvas');
let lib: CanvasLib | null = null;

/**
 * @napi-rs/canvas, loaded on first use like native.ts does: a mock that never
 * streams video never loads it. By the time a game is handed one of its
 * contexts, the server has loaded it already.
 */
function canvasLib(): CanvasLib {
  lib ??= createRequire(import.meta.url)('@napi-rs/canvas') as CanvasLib;
  return lib;
}

/** Whether `ctx` can take the layers below (only an @napi-rs/canvas context can draw them). */
export function canCache(ctx: Ctx2D): ctx is Ctx2D & { drawImage(image: object, dx: number, dy: number): void } {
  if (typeof ctx.drawImage !== 'function' || typeof ctx.canvas !== 'object' || ctx.canvas === null) return false;
  return ctx.canvas instanceof canvasLib().Canvas;
}

/** One cached picture, repainted only when its size or its key changes. */
export class Layer {
  private canvas: Canvas | null = null;
  private ctx: SKRSContext2D | null = null;
  private key: string | null = null;

  /** `opaque`: the painter covers every pixel (copies faster); otherwise it starts transparent. */
  constructor(private readonly opaque: boolean) {}

  /** The layer at w×h painted for `key`; `paint` runs only when either changed. */
  get(w: number, h: number, key: string, paint: (ctx: Ctx2D) => void): Canvas {
    let canvas = this.canvas;
    let ctx = this.ctx;
    if (!canvas || !ctx || canvas.width !== w || canvas.height !== h) {
      canvas = new (canvasLib().Canvas)(w, h);
      ctx = canvas.getContext('2d', { alpha: !this.opaque });
      this.canvas = canvas;
      this.ctx = ctx;
      this.key = null;
    }
    if (key !== this.key) {
      if (!this.opaque) ctx.clearRect(0, 0, w, h);
      paint(ctx);
      this.key = key;
    }
    return canvas;
  }

  /** Lets the pixels go (a full-frame layer is megabytes). */
  release(): void {
    this.canvas = null;
    this.ctx = null;
    this.key = null;
  }
}

/**
 * Small transparent pictures (a car, an enemy) keyed by what they show; the
 * set is dropped whenever the picture size changes, so it stays small.
 */
export class SpriteSet {
  private readonly sprites = new Map<string, Layer>();
  private size = '';

  /** Copies the sprite `key` (w×h, painted by `paint` the first time) with its top-left at (x, y), rounded to whole pixels. */
  draw(
    ctx: Ctx2D & { drawImage(image: object, dx: number, dy: number): void },
    frameW: number,
    frameH: number,
    key: string,
    x: number,
    y: number,
    w: number,
    h: number,
    paint: (ctx: Ctx2D) => void,
  ): void {
    const size = `${frameW}x${frameH}`;
    if (size !== this.size) {
      this.sprites.clear();
      this.size = size;
    }
    let layer = this.sprites.get(key);
    if (!layer) {
      layer = new Layer(false);
      this.sprites.set(key, layer);
    }
    ctx.drawImage(layer.get(Math.max(1, Math.ceil(w)), Math.max(1, Math.ceil(h)), key, paint), Math.round(x), Math.round(y));
  }
}

/** How far a sprite's picture reaches from its anchor point, in pixels. */
export interface Reach {
  left: number;
  up: number;
  right: number;
  down: number;
}

/** The same reach every way (a disc, a star). */
export const around = (r: number): Reach => ({ left: r, up: r, right: r, down: r });

/**
 * A picture drawn around the whole-pixel point (x, y) by `paint(c, px, py)`:
 * copied from `set` into an @napi-rs/canvas frame (painted there once per
 * key and frame size), drawn straight into any other context. Give a key
 * for everything `paint` depends on.
 */
export function drawSprite(
  ctx: Ctx2D,
  set: SpriteSet,
  frameW: number,
  frameH: number,
  key: string,
  x: number,
  y: number,
  reach: Reach,
  paint: (c: Ctx2D, x: number, y: number) => void,
): void {
  if (!canCache(ctx)) {
    paint(ctx, x, y);
    return;
  }
  // Two spare pixels each side for anti-aliased edges.
  const ox = Math.ceil(reach.left) + 2;
  const oy = Math.ceil(reach.up) + 2;
  const sw = ox + Math.ceil(reach.right) + 2;
  const sh = oy + Math.ceil(reach.down) + 2;
  set.draw(ctx, frameW, frameH, key, x - ox, y - oy, sw, sh, (c) => paint(c, ox, oy));
}
