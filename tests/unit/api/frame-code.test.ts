import { describe, expect, it } from 'vitest';
import {
  decodeFrameCode,
  encodeFrameCode,
  frameCodeFromLuma,
  frameCodeFromPixels,
  frameCodeRect,
  frameCodeStrip,
  frameGameHeight,
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

  it('sits in a black strip under the game, in whole 16-row blocks, cells of 1/80 of the width (never under 4 px) (decision 0025)', () => {
    expect(frameCodeStrip(640)).toBe(32);
    expect(frameCodeStrip(960)).toBe(48);
    expect(frameCodeStrip(1280)).toBe(64);
    expect(frameCodeStrip(1920)).toBe(96);
    expect(frameCodeRect(640, 392)).toEqual({ x: 8, y: 392 - 24, cell: 8, w: 128, h: 24 });
    expect(frameCodeRect(1280, 784).cell).toBe(16);
    expect(frameCodeRect(100, 72).cell).toBe(4);
    for (const [w, h] of [[640, 360], [854, 480], [960, 540], [1280, 720], [1920, 1080], [100, 56]] as const) {
      const strip = frameCodeStrip(w);
      const r = frameCodeRect(w, h + strip);
      expect(strip % 16, `${w}`).toBe(0);
      // A cell of black between the game and the code, and the code at the picture's bottom edge.
      expect(r.y - r.cell, `${w}`).toBeGreaterThanOrEqual(h);
      expect(r.y + r.h).toBe(h + strip);
      expect(r.x + r.w).toBeLessThanOrEqual(w);
      expect(frameGameHeight(w, h + strip)).toBe(h);
    }
  });

  it('a picture the encoder scaled down keeps the code and the game height where the reader looks', () => {
    // 1280×(720 + strip) sent at half and three quarters of its size.
    for (const [w, h, scale] of [[1280, 720, 0.5], [1280, 720, 0.75], [1920, 1080, 0.5]] as const) {
      const full = h + frameCodeStrip(w);
      const big = frameCodeRect(w, full);
      const small = frameCodeRect(w * scale, full * scale);
      expect(small.y).toBe(big.y * scale);
      expect(small.cell).toBe(big.cell * scale);
      expect(frameGameHeight(w * scale, full * scale)).toBe(h * scale);
    }
  });

  it('a picture too short for a strip is all game', () => {
    expect(frameGameHeight(1280, 40)).toBe(40);
    expect(frameGameHeight(0, 0)).toBe(0);
  });

  it('reads back from RGBA pixels scaled to one pixel a cell, and from an I420 luma plane', () => {
    const code = { frame: 4242, inputSeq: 77 };
    const bits = encodeFrameCode(code);
    const rgba = new Uint8ClampedArray(FRAME_CODE_COLS * FRAME_CODE_ROWS * 4);
    bits.forEach((on, i) => rgba.fill(on ? 230 : 20, i * 4, i * 4 + 3));
    expect(frameCodeFromPixels(rgba)).toEqual(code);
    const [w, h] = [640, 392];
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
