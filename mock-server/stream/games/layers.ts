/**
 * Offscreen pictures a game paints once and then copies every frame.
 *
 * @napi-rs/canvas records drawing lazily and rasterises it when the server
 * reads the pixels back, so each path, arc, text and translucent fill costs
 * again in every frame. Parts that rarely change (a backdrop, the top bar, a
 * car, the game-over card over a frozen world) are cheaper as one copy of
 * ready pixels at whole-pixel offsets: an opaque layer copies at memcpy speed,
 * a fractional offset would resample and cost ten times more.
 *
 * Layers are used only when the target is itself an @napi-rs/canvas context
 * (what the server draws into). Any other context (a test's recording fake)
 * gets the same calls drawn directly, so both paths paint the same picture
 * and the direct path stays easy to inspect.
 */
import { Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Ctx2D } from './types.ts';

/** Whether `ctx` can take the layers below (only an @napi-rs/canvas context can draw them). */
export function canCache(ctx: Ctx2D): ctx is Ctx2D & { drawImage(image: object, dx: number, dy: number): void } {
  return typeof ctx.drawImage === 'function' && ctx.canvas instanceof Canvas;
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
      canvas = new Canvas(w, h);
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
