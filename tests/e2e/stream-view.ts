/**
 * What the game screen's stream shows, read back from the page (the frame
 * code and frame report land in data attributes of the stream element), and
 * the game menu's open/close: shared by the stream and controls e2e tests.
 */
import type { Page } from 'playwright-core';
import { until as waitUntil } from '../wait.ts';
import { animationsDone } from './harness.ts';

export const STREAM = '[data-testid="game-stream"]';

export interface Shown {
  /** The decoded picture's size and count (the <video>). */
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

export function shown(page: Page): Promise<Shown> {
  return page.evaluate((sel) => {
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
