/**
 * One video frame of a streamed game: the game draws itself into the top of a
 * Skia canvas, the frame code goes into the black strip below it (the app's
 * view crops the strip, decision 0025), and the pixels are converted to I420
 * for the encoder. The canvas and buffers are kept while the size stays the
 * same (a clarity change resizes them).
 */
import { encodeFrameCode, frameCodeRect, frameCodeStrip, FRAME_CODE_COLS, type FrameCode } from '../../web/api/frame-code.ts';
import type { StreamGame, Ctx2D } from './games/index.ts';
import { loadCanvas, loadWrtc, type VideoFrame } from './native.ts';

export interface Picture {
  /** Draws the game's current state at `width` × `height` and the code under it; the frame is reused by the next call. */
  render(game: StreamGame, width: number, height: number, code: FrameCode): VideoFrame;
}

/** The strip under a game `gameHeight` tall: all black, so the reader never sees the game's colours bleed into a cell. */
export function drawFrameCode(ctx: Ctx2D, width: number, gameHeight: number, code: FrameCode): void {
  const strip = frameCodeStrip(width);
  const r = frameCodeRect(width, gameHeight + strip);
  ctx.fillStyle = '#000';
  ctx.fillRect(0, gameHeight, width, strip);
  ctx.fillStyle = '#fff';
  encodeFrameCode(code).forEach((on, i) => {
    if (!on) return;
    ctx.fillRect(r.x + (i % FRAME_CODE_COLS) * r.cell, r.y + Math.floor(i / FRAME_CODE_COLS) * r.cell, r.cell, r.cell);
  });
}

export function createPicture(): Picture {
  let canvas: ReturnType<ReturnType<typeof loadCanvas>['createCanvas']> | null = null;
  let ctx: CanvasRenderingContext2D | null = null;
  let i420: VideoFrame | null = null;
  return {
    render(game, width, height, code) {
      const full = height + frameCodeStrip(width);
      if (!canvas || !ctx || canvas.width !== width || canvas.height !== full) {
        canvas = loadCanvas().createCanvas(width, full);
        ctx = canvas.getContext('2d');
        i420 = { width, height: full, data: new Uint8ClampedArray((width * full * 3) / 2) };
      }
      const c = ctx as unknown as Ctx2D;
      game.draw(c, width, height);
      drawFrameCode(c, width, height, code);
      const rgba = ctx.getImageData(0, 0, width, full);
      const out = i420 as VideoFrame;
      loadWrtc().nonstandard.rgbaToI420({ width, height: full, data: rgba.data }, out);
      return out;
    },
  };
}
