/**
 * Reading the frame code off the video (web/game/frame-code-reader.ts): through a WebCodecs VideoFrame, only the
 * code's rows are copied, whatever layout the frame is in (a brightness plane, or RGBA); a frame the copy cannot
 * read sends this and every later frame the canvas way.
 */
import { describe, expect, it } from 'vitest';
import { encodeFrameCode, frameCodeRect, frameCodeStrip, FRAME_CODE_COLS } from '../../../web/api/frame-code.ts';
import { createFrameCodeReader } from '../../../web/game/frame-code-reader.ts';

const CODE = { frame: 5150, inputSeq: 90_210 };
const [W, H] = [640, 360 + frameCodeStrip(640)];

/** The picture's brightness: mid-grey with the code's cells drawn in. */
function picture(): Uint8Array {
  const y = new Uint8Array(W * H).fill(100);
  const r = frameCodeRect(W, H);
  encodeFrameCode(CODE).forEach((on, i) => {
    const cx = r.x + (i % FRAME_CODE_COLS) * r.cell;
    const cy = r.y + Math.floor(i / FRAME_CODE_COLS) * r.cell;
    for (let d = 0; d < r.cell; d++) y.fill(on ? 235 : 16, (cy + d) * W + cx, (cy + d) * W + cx + r.cell);
  });
  return y;
}

interface Copy {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A VideoFrame of the picture in `format`, remembering the rectangles copied out of it. */
function frames(format: string | null, copies: Copy[]) {
  const luma = picture();
  const bytes = format === 'RGBA' ? 4 : 1;
  return class {
    readonly format = format;
    allocationSize(o: { rect: Copy }): number {
      return o.rect.width * o.rect.height * bytes * 2;
    }
    async copyTo(dest: Uint8Array, o: { rect: Copy }) {
      copies.push(o.rect);
      for (let row = 0; row < o.rect.height; row++) {
        for (let col = 0; col < o.rect.width; col++) {
          const v = luma[(o.rect.y + row) * W + o.rect.x + col] ?? 0;
          if (bytes === 1) dest[row * o.rect.width + col] = v;
          else dest.fill(v, (row * o.rect.width + col) * 4, (row * o.rect.width + col) * 4 + 3);
        }
      }
      return [{ offset: 0, stride: o.rect.width * bytes }];
    }
    close(): void {}
  };
}

const video = { videoWidth: W, videoHeight: H } as HTMLVideoElement;

describe('reading the frame code off the video', () => {
  it.each(['I420', 'NV12', 'RGBA'])('a %s frame: only the code’s rows are copied, on even rows and columns', async (format) => {
    const copies: Copy[] = [];
    const reader = createFrameCodeReader(frames(format, copies));
    await expect(reader.read(video)).resolves.toEqual(CODE);
    expect(reader.way).toBe('frame');
    const r = frameCodeRect(W, H);
    expect(copies).toEqual([{ x: r.x, y: r.y, width: r.w, height: r.h }]);
    expect(copies.every((c) => c.x % 2 === 0 && c.y % 2 === 0 && c.width % 2 === 0 && c.height % 2 === 0)).toBe(true);
  });

  it('a layout the copy cannot read goes the canvas way, and so does every later frame', async () => {
    const copies: Copy[] = [];
    const reader = createFrameCodeReader(frames('P010', copies));
    // happy-dom's canvas draws nothing: the canvas way reads no code, but it is the way taken.
    await expect(reader.read(video)).resolves.toBeNull();
    await reader.read(video);
    expect(copies).toEqual([]);
    expect(reader.way).toBe('canvas');
  });

  it('no frame yet, or no picture size: no code, and the copy is tried again next frame', async () => {
    const copies: Copy[] = [];
    const Frames = frames('I420', copies);
    let ready = false;
    const reader = createFrameCodeReader(
      class extends Frames {
        constructor() {
          super();
          if (!ready) throw new DOMException('no frame', 'InvalidStateError');
        }
      },
    );
    await expect(reader.read({ videoWidth: 0, videoHeight: 0 } as HTMLVideoElement)).resolves.toBeNull();
    await expect(reader.read(video)).resolves.toBeNull();
    ready = true;
    await expect(reader.read(video)).resolves.toEqual(CODE);
    expect(copies).toHaveLength(1);
  });
});
