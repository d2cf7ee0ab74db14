/**
 * One video frame of a streamed game: the game draws itself into a Skia
 * canvas, the frame code goes over the bottom-left corner, and the pixels are
 * converted to I420 for the encoder. The canvas and buffers are kept while the
 * size stays the same (a clarity change resizes them).
 */
import { encodeFrameCode, frameCodeRect, FRAME_CODE_COLS, type FrameCode } from '../../web/api/frame-code.ts';
import type { StreamGame, Ctx2D } from './games/index.ts';
import { loadCanvas, loadWrtc, type VideoFrame } from './native.ts';

export interface Picture {
  /** Draws the game's current state at `width` × `height` with the code; the frame is reused by the next call. */
  render(game: StreamGame, width: number, height: number, code: FrameCode): VideoFrame;
}

/** The code cells over a black margin one cell wide, so the reader never sees the game around them. */
export function drawFrameCode(ctx: Ctx2D, width: number, height: number, code: FrameCode): void {
  const r = frameCodeRect(width, height);
  ctx.fillStyle = '#000';
  ctx.fillRect(r.x - r.cell, r.y - r.cell, r.w + 2 * r.cell, r.h + 2 * r.cell);
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
      if (!canvas || !ctx || canvas.width !== width || canvas.height !== height) {
        canvas = loadCanvas().createCanvas(width, height);
        ctx = canvas.getContext('2d');
        i420 = { width, height, data: new Uint8ClampedArray((width * height * 3) / 2) };
      }
      const c = ctx as unknown as Ctx2D;
      game.draw(c, width, height);
      drawFrameCode(c, width, height, code);
      const rgba = ctx.getImageData(0, 0, width, height);
      const out = i420 as VideoFrame;
      loadWrtc().nonstandard.rgbaToI420({ width, height, data: rgba.data }, out);
      return out;
    },
  };
}
