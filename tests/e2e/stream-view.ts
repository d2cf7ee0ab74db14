/**
 * What the game screen's stream shows, read back from the page (the frame
 * code and frame report land in data attributes of the stream element), and
 * the game menu's open/close: shared by the stream and controls e2e tests.
 */
import type { Page } from 'playwright-core';
import { decodeFrameCode, frameCodeRect, frameGameHeight, FRAME_CODE_COLS, FRAME_CODE_ROWS, type FrameCode } from '../../web/api/frame-code.ts';
import { until as waitUntil } from '../wait.ts';
import { animationsDone } from './harness.ts';

export const STREAM = '[data-testid="game-stream"]';

export interface Shown {
  /** The game picture's size (the decoded <video> less the frame code's strip, decision 0025) and the decoded count. */
  width: number;
  height: number;
  decoded: number;
  /** The frame code's frame number and the last input it reflects. */
  frame: number;
  inputSeq: number;
  /** The frame report: inputs the game took, action presses, the player's place. */
  inputs: number;
  presses: number;
  player: [number, number] | null;
}

export async function shown(page: Page): Promise<Shown> {
  const s = await page.evaluate((sel): Shown => {
    const el = document.querySelector<HTMLElement>(sel);
    const video = el?.querySelector('video');
    const player = el?.dataset['player']?.split(',').map(Number);
    return {
      width: video?.videoWidth ?? 0,
      height: video?.videoHeight ?? 0,
      decoded: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
      frame: Number(el?.dataset['frame'] ?? 0),
      inputSeq: Number(el?.dataset['inputSeq'] ?? 0),
      inputs: Number(el?.dataset['inputs'] ?? 0),
      presses: Number(el?.dataset['presses'] ?? -1),
      player: player && player.length === 2 ? [player[0] ?? 0, player[1] ?? 0] : null,
    };
  }, STREAM);
  return { ...s, height: frameGameHeight(s.width, s.height) };
}

/** Waits until what the player is shown satisfies `ok`; answers what was shown then. */
export async function until(page: Page, ok: (s: Shown) => boolean, what: string, timeoutMs = 10_000): Promise<Shown> {
  let last: Shown | undefined;
  await waitUntil(async () => ok((last = await shown(page))), what, timeoutMs, () => JSON.stringify(last), 50);
  if (!last) throw new Error(`nothing shown while waiting for ${what}`);
  return last;
}

/** The player's x on the picture (0..1). */
export const x = (s: Shown): number => s.player?.[0] ?? Number.NaN;

export async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('dialog', { name: 'Game menu' }).waitFor();
  await animationsDone(page);
}

export const closeMenu = (page: Page) => page.getByRole('button', { name: 'Close menu' }).click();

/**
 * The frame code as a screenshot shows it: the page's pixels sampled where the decoded frame's code cells are drawn on
 * screen (decision 0025 crops them off; a picture shown whole would give the code back). The screenshot is decoded by
 * the page's own canvas; `null` when no code can be read there.
 */
export async function codeOnScreen(page: Page): Promise<FrameCode | null> {
  const png = (await page.screenshot({ type: 'png' })).toString('base64');
  const video = await page.locator(`${STREAM} video`).evaluate((v: HTMLVideoElement) => {
    // Where the picture is drawn in the element's box, as object-fit: contain would place it (a box of the picture's
    // own shape, the app's, gives the box itself).
    const r = v.getBoundingClientRect();
    const scale = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
    const [w, h] = [v.videoWidth * scale, v.videoHeight * scale];
    return { left: r.left + (r.width - w) / 2, top: r.top + (r.height - h) / 2, scale, width: v.videoWidth, height: v.videoHeight };
  });
  const rect = frameCodeRect(video.width, video.height);
  const centres = Array.from({ length: FRAME_CODE_COLS * FRAME_CODE_ROWS }, (_, i) => ({
    x: video.left + (rect.x + ((i % FRAME_CODE_COLS) + 0.5) * rect.cell) * video.scale,
    y: video.top + (rect.y + (Math.floor(i / FRAME_CODE_COLS) + 0.5) * rect.cell) * video.scale,
  }));
  const bits = await page.evaluate(
    async ({ png, centres }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const c = document.createElement('canvas');
      [c.width, c.height] = [img.width, img.height];
      const ctx = c.getContext('2d', { willReadFrequently: true });
      if (!ctx) throw new Error('no 2d canvas');
      ctx.drawImage(img, 0, 0);
      const px = img.width / innerWidth;
      return centres.map(({ x, y }) => {
        const [r = 0, g = 0, b = 0] = ctx.getImageData(Math.floor(x * px), Math.floor(y * px), 1, 1).data;
        return 0.299 * r + 0.587 * g + 0.114 * b >= 128;
      });
    },
    { png, centres },
  );
  return decodeFrameCode(bits);
}
