/**
 * The frame code: a small black-and-white grid the mock cloud draws under
 * every video frame's game picture, carrying the frame number and the last
 * input sequence that frame reflects. The client reads it back from the
 * presented picture, so input-to-frame latency is measured on what the player
 * actually sees, not on a side channel (docs/decisions/0005-webrtc-stream.md).
 *
 * The code lives in a black strip below the game (the picture is the game's
 * height plus `frameCodeStrip`), and the app's view crops the strip away: the
 * player never sees it, while every reader of the decoded frame still does
 * (decision 0025).
 *
 * 48 cells in 3 rows of 16: frame (16 bits), input_seq (24 bits), check (8
 * bits). Cells are big enough (1/80 of the width, 1/45 of a 16:9 game's
 * height) to survive lossy video coding at the lowest bitrate; a misread fails
 * the check and is ignored. Imported by the app and the mock server; no
 * imports of its own.
 */
export const FRAME_CODE_COLS = 16;
export const FRAME_CODE_ROWS = 3;
const BITS = FRAME_CODE_COLS * FRAME_CODE_ROWS;

export interface FrameCode {
  /** Frame number modulo 65,536. */
  frame: number;
  /** Input sequence modulo 16,777,216. */
  inputSeq: number;
}

export interface FrameCodeRect {
  x: number;
  y: number;
  /** Side of one cell in picture pixels. */
  cell: number;
  w: number;
  h: number;
}

/** Side of one cell for a picture this wide: derived from the width alone, so a frame scaled on its way keeps it in proportion. */
function cellFor(width: number): number {
  return Math.max(4, Math.round(width / 80));
}

/** The encoder codes 16-row blocks: a strip of whole blocks never shares one with the game above it. */
const BLOCK = 16;

/** Rows added under a game picture this wide to carry the code: its rows and a cell of black above, in whole blocks. */
export function frameCodeStrip(width: number): number {
  return Math.ceil((cellFor(width) * (FRAME_CODE_ROWS + 1)) / BLOCK) * BLOCK;
}

/** The game's own height in a received picture (the strip taken off); the picture as is when it is too short to have one. */
export function frameGameHeight(width: number, pictureHeight: number): number {
  const strip = frameCodeStrip(width);
  return pictureHeight > strip ? pictureHeight - strip : pictureHeight;
}

/** Where the code's cells sit in a picture of this size (game and strip): the strip's bottom-left corner. */
export function frameCodeRect(width: number, pictureHeight: number): FrameCodeRect {
  const cell = cellFor(width);
  const w = cell * FRAME_CODE_COLS;
  const h = cell * FRAME_CODE_ROWS;
  return { x: cell, y: pictureHeight - h, cell, w, h };
}

function check(frame: number, inputSeq: number): number {
  return (frame ^ (frame >>> 8) ^ inputSeq ^ (inputSeq >>> 8) ^ (inputSeq >>> 16) ^ 0x5a) & 0xff;
}

/** The 48 cells, row by row, most significant bit first: true is white. */
export function encodeFrameCode(code: FrameCode): boolean[] {
  const frame = code.frame & 0xffff;
  const seq = code.inputSeq & 0xffffff;
  const bits: boolean[] = [];
  const put = (v: number, n: number): void => {
    for (let i = n - 1; i >= 0; i--) bits.push(((v >>> i) & 1) === 1);
  };
  put(frame, 16);
  put(seq, 24);
  put(check(frame, seq), 8);
  return bits;
}

/** Back from 48 cells; null when there are not 48 or the check fails (a blurred or covered picture). */
export function decodeFrameCode(bits: readonly boolean[]): FrameCode | null {
  if (bits.length !== BITS) return null;
  let i = 0;
  const take = (n: number): number => {
    let v = 0;
    for (let k = 0; k < n; k++) v = v * 2 + (bits[i++] ? 1 : 0);
    return v;
  };
  const frame = take(16);
  const inputSeq = take(24);
  return take(8) === check(frame, inputSeq) ? { frame, inputSeq } : null;
}

/**
 * Reads cells from RGBA pixels of the code area scaled to one pixel per cell
 * (FRAME_CODE_COLS × FRAME_CODE_ROWS), as a canvas `drawImage` of the rect gives.
 */
export function frameCodeFromPixels(rgba: ArrayLike<number>): FrameCode | null {
  if (rgba.length < BITS * 4) return null;
  const bits: boolean[] = [];
  for (let p = 0; p < BITS; p++) {
    const o = p * 4;
    const luma = 0.299 * (rgba[o] ?? 0) + 0.587 * (rgba[o + 1] ?? 0) + 0.114 * (rgba[o + 2] ?? 0);
    bits.push(luma >= 128);
  }
  return decodeFrameCode(bits);
}

/** Reads the code from a luma plane (I420's Y, `width` bytes a row) by sampling each cell's centre. */
export function frameCodeFromLuma(y: ArrayLike<number>, width: number, height: number): FrameCode | null {
  const r = frameCodeRect(width, height);
  const bits: boolean[] = [];
  for (let i = 0; i < BITS; i++) {
    const cx = Math.floor(r.x + ((i % FRAME_CODE_COLS) + 0.5) * r.cell);
    const cy = Math.floor(r.y + (Math.floor(i / FRAME_CODE_COLS) + 0.5) * r.cell);
    bits.push((y[cy * width + cx] ?? 0) >= 128);
  }
  return decodeFrameCode(bits);
}
