/**
 * Reads the frame code (web/api/frame-code.ts) off the frame a `<video>` shows now. Where the browser has WebCodecs,
 * a VideoFrame of the video copies out the code's rectangle alone, as decoded; the canvas way (drawImage of the
 * code's corner, then getImageData) converts the whole picture to RGB first, on the main thread: in headless
 * Chromium that took 18 ms a frame at 640×360 and 87 ms at 1920×1080, delayed every input's frame by as much and
 * let the player see a frame in two (BENCHMARKS.md, the stream's stage table). The canvas way stays for browsers
 * without VideoFrame, and for a frame whose layout the copy cannot read.
 */
import { decodeFrameCode, frameCodeFromPixels, frameCodeRect, FRAME_CODE_COLS, FRAME_CODE_ROWS, type FrameCode, type FrameCodeRect } from '../api/frame-code.ts';

interface PlaneLayout {
  offset: number;
  stride: number;
}
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** The part of WebCodecs' VideoFrame used here (lib.dom's is not in every TypeScript target). */
interface CodecFrame {
  readonly format: string | null;
  allocationSize(o: { rect: Rect }): number;
  copyTo(dest: Uint8Array, o: { rect: Rect }): Promise<PlaneLayout[]>;
  close(): void;
}
type CodecFrameCtor = new (source: HTMLVideoElement) => CodecFrame;

/** Bytes per pixel of the first plane, for the formats whose first plane gives the brightness; 0 for the others. */
function lumaBytes(format: string | null): 1 | 4 | 0 {
  if (format === null) return 0;
  if (/^(I420|I420A|I422|I422A|I444|I444A|NV12)$/.test(format)) return 1;
  if (/^(RGBA|RGBX|BGRA|BGRX)$/.test(format)) return 4;
  return 0;
}

/** The code's cells sampled from the copied rectangle (whose corner is `origin` in the picture). */
function cellsOf(buf: Uint8Array, plane: PlaneLayout, bytes: 1 | 4, r: FrameCodeRect, origin: { x: number; y: number }): boolean[] {
  const bits: boolean[] = [];
  for (let i = 0; i < FRAME_CODE_COLS * FRAME_CODE_ROWS; i++) {
    const cx = Math.floor(r.x - origin.x + ((i % FRAME_CODE_COLS) + 0.5) * r.cell);
    const cy = Math.floor(r.y - origin.y + (Math.floor(i / FRAME_CODE_COLS) + 0.5) * r.cell);
    const at = plane.offset + cy * plane.stride + cx * bytes;
    const level = bytes === 1 ? (buf[at] ?? 0) : ((buf[at] ?? 0) + (buf[at + 1] ?? 0) + (buf[at + 2] ?? 0)) / 3;
    bits.push(level >= 128);
  }
  return bits;
}

export interface FrameCodeReader {
  /** The code of the frame `video` shows now; null when it cannot be read (a blurred or covered picture, no frame yet). */
  read(video: HTMLVideoElement): Promise<FrameCode | null>;
  /** How codes are read now: copied out of a VideoFrame, or through a canvas. */
  readonly way: 'frame' | 'canvas';
}

export function createFrameCodeReader(Frame: CodecFrameCtor | undefined = (globalThis as { VideoFrame?: CodecFrameCtor }).VideoFrame): FrameCodeReader {
  const canvas = document.createElement('canvas');
  canvas.width = FRAME_CODE_COLS;
  canvas.height = FRAME_CODE_ROWS;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  /** Off after the first frame the copy could not read: every later one would fail the same way. */
  let copying = Frame !== undefined;

  function viaCanvas(video: HTMLVideoElement, r: FrameCodeRect): FrameCode | null {
    if (!ctx) return null;
    try {
      ctx.drawImage(video, r.x, r.y, r.w, r.h, 0, 0, FRAME_CODE_COLS, FRAME_CODE_ROWS);
      return frameCodeFromPixels(ctx.getImageData(0, 0, FRAME_CODE_COLS, FRAME_CODE_ROWS).data);
    } catch {
      return null;
    }
  }

  /** Null when this frame cannot be had (none decoded yet); throws when the copy cannot read frames like it. */
  async function viaFrame(video: HTMLVideoElement, r: FrameCodeRect, Ctor: CodecFrameCtor): Promise<FrameCode | null> {
    let frame: CodecFrame;
    try {
      frame = new Ctor(video);
    } catch {
      return null;
    }
    try {
      const bytes = lumaBytes(frame.format);
      if (bytes === 0) throw new Error(`frame format ${String(frame.format)}`);
      // Subsampled formats copy from even rows and columns only.
      const x = r.x - (r.x % 2);
      const y = r.y - (r.y % 2);
      const rect = { x, y, width: r.x + r.w - x + ((r.x + r.w - x) % 2), height: r.y + r.h - y + ((r.y + r.h - y) % 2) };
      const buf = new Uint8Array(frame.allocationSize({ rect }));
      const [plane] = await frame.copyTo(buf, { rect });
      if (!plane) throw new Error('no plane copied');
      return decodeFrameCode(cellsOf(buf, plane, bytes, r, { x, y }));
    } finally {
      frame.close();
    }
  }

  return {
    get way() {
      return copying ? 'frame' : 'canvas';
    },
    async read(video) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (width === 0 || height === 0) return null;
      const r = frameCodeRect(width, height);
      if (copying && Frame) {
        try {
          const code = await viaFrame(video, r, Frame);
          if (code !== null) return code;
        } catch {
          copying = false;
        }
      }
      return viaCanvas(video, r);
    },
  };
}
