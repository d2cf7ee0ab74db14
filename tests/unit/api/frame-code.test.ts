import { describe, expect, it } from 'vitest';
import {
  decodeFrameCode,
  encodeFrameCode,
  frameCodeFromLuma,
  frameCodeFromPixels,
  frameCodeRect,
  FRAME_CODE_COLS,
  FRAME_CODE_ROWS,
} from '../../../web/api/frame-code.ts';
import { unwrapSeq } from '../../../web/game/mock-sdk.ts';

describe('frame code (the frame number and input_seq drawn into every frame, docs/stream-stats.md)', () => {
  it('round-trips frame and input sequence, modulo their widths', () => {
    for (const code of [
      { frame: 0, inputSeq: 0 },
      { frame: 1, inputSeq: 1 },
      { frame: 65_535, inputSeq: 16_777_215 },
      { frame: 12_345, inputSeq: 987_654 },
    ]) {
      expect(decodeFrameCode(encodeFrameCode(code))).toEqual(code);
    }
    expect(decodeFrameCode(encodeFrameCode({ frame: 65_536 + 7, inputSeq: 2 ** 24 + 9 }))).toEqual({ frame: 7, inputSeq: 9 });
  });

  it('a misread cell fails the check instead of giving a wrong number', () => {
    const bits = encodeFrameCode({ frame: 300, inputSeq: 4000 });
    for (let i = 0; i < bits.length; i++) {
      const bad = [...bits];
      bad[i] = !bad[i];
      expect(decodeFrameCode(bad)).toBeNull();
    }
    expect(decodeFrameCode(bits.slice(1))).toBeNull();
  });

  it('sits in the bottom-left corner with cells of 1/45 of the height (never under 4 px)', () => {
    expect(frameCodeRect(640, 360)).toEqual({ x: 8, y: 360 - 8 - 24, cell: 8, w: 128, h: 24 });
    expect(frameCodeRect(1280, 720).cell).toBe(16);
    expect(frameCodeRect(100, 56).cell).toBe(4);
  });

  it('reads back from RGBA pixels scaled to one pixel a cell, and from an I420 luma plane', () => {
    const code = { frame: 4242, inputSeq: 77 };
    const bits = encodeFrameCode(code);
    const rgba = new Uint8ClampedArray(FRAME_CODE_COLS * FRAME_CODE_ROWS * 4);
    bits.forEach((on, i) => rgba.fill(on ? 230 : 20, i * 4, i * 4 + 3));
    expect(frameCodeFromPixels(rgba)).toEqual(code);
    const [w, h] = [640, 360];
    const y = new Uint8Array(w * h).fill(90);
    const r = frameCodeRect(w, h);
    bits.forEach((on, i) => {
      const cx = r.x + (i % FRAME_CODE_COLS) * r.cell;
      const cy = r.y + Math.floor(i / FRAME_CODE_COLS) * r.cell;
      for (let dy = 0; dy < r.cell; dy++) y.fill(on ? 235 : 16, (cy + dy) * w + cx, (cy + dy) * w + cx + r.cell);
    });
    expect(frameCodeFromLuma(y, w, h)).toEqual(code);
    expect(frameCodeFromLuma(new Uint8Array(w * h).fill(90), w, h)).toBeNull();
  });

  it('the SDK unwraps the 24-bit input_seq against the last number it sent', () => {
    expect(unwrapSeq(5, 5)).toBe(5);
    expect(unwrapSeq(3, 10)).toBe(3);
    expect(unwrapSeq(2 ** 24 - 1, 2 ** 24 + 2)).toBe(2 ** 24 - 1);
    expect(unwrapSeq(1, 2 ** 24 + 2)).toBe(2 ** 24 + 1);
  });
});
