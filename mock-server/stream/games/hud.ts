/**
 * What every stream game draws on top of its world: the top bar (title,
 * lives, score and best), the game-over card and a first-seconds hint.
 *
 * Score and best are 7-segment digits made of rectangles, not text: a server
 * without any font installed draws fillText as nothing, and the score must
 * always be readable (it is also what QA compares with the frame message).
 */
import { canCache, Layer } from './layers.ts';
import type { Ctx2D } from './types.ts';
import type { StreamWords } from './words.ts';

// Chinese glyphs come from the first CJK family installed (Debian: fonts-wqy-microhei or fonts-noto-cjk).
export const FONT_FAMILY = '"DejaVu Sans", "Helvetica Neue", Arial, "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Noto Sans CJK TC", sans-serif';
export const HUD_HEIGHT = 0.11;

/** The bar's height in whole pixels, so it ends on a pixel edge (and copies as one opaque block). */
export const hudHeight = (h: number): number => Math.round(h * HUD_HEIGHT);

// Opaque: a see-through bar has to be blended over the world every frame, and
// at 82% the world barely showed through anyway.
const BAR = '#0a0c15';
/** A lost life: white at 14% over the bar, mixed in advance. */
const HEART_OFF = '#2c2e36';
const TEXT = '#e8ecf8';
const DIM = '#8a93b0';

export function font(px: number, weight: 'bold' | 'normal' = 'bold'): string {
  return `${weight} ${Math.max(6, Math.round(px))}px ${FONT_FAMILY}`;
}

//  aaa
// f   b
//  ggg
// e   c
//  ddd
const SEGMENTS: readonly string[] = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];

/** Width of `count` digits drawn `height` tall. */
export function digitsWidth(count: number, height: number): number {
  return count * height * 0.56 + (count - 1) * height * 0.2;
}

/** Draws a non-negative integer as 7-segment digits; (x, y) is the top-left corner. */
export function drawDigits(ctx: Ctx2D, value: number, x: number, y: number, height: number, color: string): void {
  const text = String(Math.max(0, Math.floor(value)));
  const dw = height * 0.56;
  const t = Math.max(1, height * 0.14);
  const half = height / 2;
  // Whole-pixel edges: crisp segments, no soft seam where b meets c.
  const box = (x0: number, y0: number, x1: number, y1: number): void => {
    const l = Math.round(x0);
    const tp = Math.round(y0);
    ctx.fillRect(l, tp, Math.max(1, Math.round(x1) - l), Math.max(1, Math.round(y1) - tp));
  };
  ctx.fillStyle = color;
  for (let i = 0; i < text.length; i++) {
    const on = SEGMENTS[text.charCodeAt(i) - 48] ?? '';
    const dx = x + i * height * 0.76;
    // Segments stop short of each other (the gap) so digits read as LED digits, not blobs.
    const g = t * 0.35;
    if (on.includes('a')) box(dx + g, y, dx + dw - g, y + t);
    if (on.includes('g')) box(dx + g, y + half - t / 2, dx + dw - g, y + half + t / 2);
    if (on.includes('d')) box(dx + g, y + height - t, dx + dw - g, y + height);
    if (on.includes('f')) box(dx, y + g, dx + t, y + half);
    if (on.includes('b')) box(dx + dw - t, y + g, dx + dw, y + half);
    if (on.includes('e')) box(dx, y + half, dx + t, y + height - g);
    if (on.includes('c')) box(dx + dw - t, y + half, dx + dw, y + height - g);
  }
}

function heart(ctx: Ctx2D, cx: number, cy: number, s: number): void {
  const r = s * 0.27;
  ctx.beginPath();
  ctx.arc(cx - r, cy - r * 0.4, r, Math.PI, 0);
  ctx.arc(cx + r, cy - r * 0.4, r, Math.PI, 0);
  ctx.lineTo(cx, cy + s * 0.5);
  ctx.closePath();
  ctx.fill();
}

export interface HudInfo {
  title: string;
  score: number;
  best: number;
  lives: number;
  maxLives: number;
  /** The game's own colour for the title accent and the lives. */
  accent: string;
  words: StreamWords;
}

/** A long catalogue title is cut by characters so the bar never needs measureText. */
function shortTitle(title: string, w: number, h: number, size: number): string {
  const max = Math.max(4, Math.floor((w * 0.36 - h * 0.04) / (size * 0.66)));
  return title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`;
}

/** Where the score and best go; BEST keeps room for four digits so it does not shuffle while the score is small. */
function scoreLayout(w: number, h: number, score: number) {
  const bh = hudHeight(h);
  const dh = bh * 0.46;
  const scoreRight = w - h * 0.035;
  const scoreDigits = String(Math.floor(score)).length;
  return { bh, dh, scoreRight, bestRight: scoreRight - digitsWidth(Math.max(4, scoreDigits), dh) - h * 0.06, top: bh * 0.42 };
}

/** Everything on the bar but the two numbers: it changes only when a life is lost. */
function drawHudFrame(ctx: Ctx2D, w: number, h: number, info: HudInfo): void {
  const bh = hudHeight(h);
  const line = Math.max(1, Math.round(h * 0.004));
  ctx.fillStyle = BAR;
  ctx.fillRect(0, 0, w, bh - line);
  ctx.fillStyle = info.accent;
  ctx.fillRect(0, bh - line, w, line);

  const pad = h * 0.035;
  const size = h * 0.046;
  ctx.fillRect(Math.round(pad), Math.round(bh * 0.28), Math.max(2, Math.round(h * 0.008)), Math.round(bh * 0.44));
  ctx.font = font(size);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = TEXT;
  ctx.fillText(shortTitle(info.title, w, h, size), pad + h * 0.022, bh / 2, w * 0.36);

  const s = bh * 0.42;
  const step = s * 1.3;
  const left = w / 2 - ((info.maxLives - 1) * step) / 2;
  for (let i = 0; i < info.maxLives; i++) {
    ctx.fillStyle = i < info.lives ? info.accent : HEART_OFF;
    heart(ctx, left + i * step, bh / 2, s);
  }

  const { scoreRight, bestRight } = scoreLayout(w, h, info.score);
  ctx.font = font(bh * 0.24);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'top';
  ctx.fillStyle = DIM;
  ctx.fillText(info.words.score, scoreRight, bh * 0.1);
  ctx.fillText(info.words.best, bestRight, bh * 0.1);
}

/** The score and best digits: whole-pixel rectangles, cheap enough to draw every frame. */
function drawHudNumbers(ctx: Ctx2D, w: number, h: number, info: HudInfo): void {
  const { dh, top, scoreRight, bestRight } = scoreLayout(w, h, info.score);
  drawDigits(ctx, info.score, scoreRight - digitsWidth(String(Math.floor(info.score)).length, dh), top, dh, TEXT);
  drawDigits(ctx, info.best, bestRight - digitsWidth(String(Math.floor(info.best)).length, dh), top, dh, DIM);
}

export function drawHud(ctx: Ctx2D, w: number, h: number, info: HudInfo): void {
  drawHudFrame(ctx, w, h, info);
  drawHudNumbers(ctx, w, h, info);
}

/** Dims the frozen world and shows the result; the prompt appears once a press would be accepted. */
export function drawGameOver(
  ctx: Ctx2D,
  w: number,
  h: number,
  o: { score: number; best: number; newBest: boolean; ready: boolean; accent: string; words: StreamWords },
): void {
  const bh = hudHeight(h);
  ctx.save();
  ctx.globalAlpha = 0.6;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, bh, w, h - bh);
  ctx.restore();

  const cw = Math.round(Math.min(w * 0.9, h * 1.15));
  const ch = Math.round(h * 0.52);
  const cx = Math.round(w / 2);
  const top = Math.round(h * 0.22);
  const left = cx - Math.round(cw / 2);
  ctx.fillStyle = '#121624';
  ctx.fillRect(left, top, cw, ch);
  ctx.strokeStyle = o.accent;
  // An even width centred on whole-pixel edges: the frame is crisp on both sides.
  const lw = Math.max(2, 2 * Math.round(h * 0.0025));
  ctx.lineWidth = lw;
  ctx.strokeRect(left + lw / 2, top + lw / 2, cw - lw, ch - lw);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = o.accent;
  ctx.font = font(h * 0.085);
  ctx.fillText(o.words.gameOver, cx, top + ch * 0.17, cw * 0.9);

  const dh = h * 0.1;
  drawDigits(ctx, o.score, cx - digitsWidth(String(Math.floor(o.score)).length, dh) / 2, top + ch * 0.32, dh, TEXT);

  ctx.fillStyle = o.newBest ? o.accent : DIM;
  ctx.font = font(h * 0.04);
  ctx.fillText(o.newBest ? o.words.newBest : o.words.bestIs(Math.floor(o.best)), cx, top + ch * 0.64, cw * 0.9);

  if (o.ready) {
    ctx.fillStyle = TEXT;
    ctx.font = font(h * 0.042, 'normal');
    ctx.fillText(o.words.playAgain, cx, top + ch * 0.84, cw * 0.92);
  }
}

/** Where the hint panel sits: whole pixels, shared by the direct and the cached drawing. */
function hintBox(w: number, h: number): { x: number; y: number; w: number; h: number } {
  const pw = Math.round(Math.min(w * 0.44, h * 0.8));
  const ph = Math.round(h * 0.07);
  return { x: Math.round(w / 2 - pw / 2), y: Math.round(h * 0.9 - ph / 2), w: pw, h: ph };
}

/** The hint panel with its top-left corner at (x, y). */
function paintHint(ctx: Ctx2D, x: number, y: number, pw: number, ph: number, h: number, text: string): void {
  ctx.fillStyle = 'rgba(8, 10, 18, 0.75)';
  ctx.fillRect(x, y, pw, ph);
  ctx.fillStyle = TEXT;
  ctx.font = font(h * 0.036, 'normal');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + pw / 2, y + ph / 2, pw * 0.94);
}

/** A short how-to at the bottom centre, clear of the on-screen controls at the sides. */
export function drawHint(ctx: Ctx2D, w: number, h: number, text: string, alpha: number): void {
  if (alpha <= 0) return;
  const b = hintBox(w, h);
  ctx.save();
  ctx.globalAlpha = Math.min(1, alpha);
  paintHint(ctx, b.x, b.y, b.w, b.h, h, text);
  ctx.restore();
}

/**
 * The top bar and the hint for one game, kept as layers (layers.ts) so an
 * @napi-rs/canvas frame copies them instead of redrawing text and hearts;
 * the bar is repainted only when a life goes or the title changes. Any other
 * context is drawn to directly with drawHud / drawHint.
 */
export class HudCache {
  private readonly bar = new Layer(true);
  private readonly hint = new Layer(false);

  drawHud(ctx: Ctx2D, w: number, h: number, info: HudInfo): void {
    if (!canCache(ctx)) {
      drawHud(ctx, w, h, info);
      return;
    }
    // The numbers change all the time (the racer scores every few frames) and are plain
    // rectangles: drawn over the copied bar instead of repainting its text and hearts.
    const width = Math.max(4, String(Math.floor(info.score)).length);
    const key = `${info.title}|${info.words.score}|${info.lives}|${info.maxLives}|${info.accent}|${width}|${w}x${h}`;
    ctx.drawImage(this.bar.get(w, hudHeight(h), key, (c) => drawHudFrame(c, w, h, info)), 0, 0);
    drawHudNumbers(ctx, w, h, info);
  }

  drawHint(ctx: Ctx2D, w: number, h: number, text: string, alpha: number): void {
    // Fading, a flattened panel would blend its text over the road rather than over its own box: drawn directly for that half second.
    if (!canCache(ctx) || (alpha > 0 && alpha < 1)) {
      drawHint(ctx, w, h, text, alpha);
      return;
    }
    if (alpha <= 0) {
      this.hint.release();
      return;
    }
    const b = hintBox(w, h);
    const panel = this.hint.get(b.w, b.h, `${text}|${h}`, (c) => paintHint(c, 0, 0, b.w, b.h, h, text));
    ctx.save();
    ctx.globalAlpha = Math.min(1, alpha);
    ctx.drawImage(panel, b.x, b.y);
    ctx.restore();
  }
}
