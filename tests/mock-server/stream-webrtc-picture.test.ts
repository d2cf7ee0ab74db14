/**
 * The streamed picture carries the frame code in a strip under the game, never in the game's own rows (decision 0025):
 * the app crops the strip, so whatever the player sees is the game alone, while every reader of the decoded frame
 * still finds the code. Runs with the native canvas and wrtc's I420 conversion (mock-server-rtc).
 */
import { describe, expect, it } from 'vitest';
import { frameCodeFromLuma, frameCodeStrip, frameGameHeight } from '../../web/api/frame-code.ts';
import { createStreamGame } from '../../mock-server/stream/games/index.ts';
import { createPicture } from '../../mock-server/stream/picture.ts';

const SIZES = [
  [640, 360],
  [1280, 720],
] as const;

describe('the streamed picture and its frame code', () => {
  it.each(SIZES)('at %i×%i the frame is the game plus the strip, and the code reads back from the strip', (width, height) => {
    const picture = createPicture();
    const game = createStreamGame({ kind: 'shooter', title: 'Picture', seed: 3 });
    const frame = picture.render(game, width, height, { frame: 321, inputSeq: 4567 });
    expect([frame.width, frame.height]).toEqual([width, height + frameCodeStrip(width)]);
    expect(frameGameHeight(frame.width, frame.height)).toBe(height);
    expect(frameCodeFromLuma(frame.data, frame.width, frame.height)).toEqual({ frame: 321, inputSeq: 4567 });
  });

  it.each(SIZES)('at %i×%i the code changes nothing in the game’s rows', (width, height) => {
    // The same game state rendered with two codes that differ in every field: only rows of the strip may differ.
    const game = createStreamGame({ kind: 'racer', title: 'Picture', seed: 5 });
    const a = createPicture().render(game, width, height, { frame: 0, inputSeq: 0 });
    const first = a.data.slice();
    const b = createPicture().render(game, width, height, { frame: 0xffff, inputSeq: 0xffffff });
    const gameLuma = width * height;
    let firstDiff = -1;
    for (let i = 0; i < width * b.height; i++) {
      if (first[i] !== b.data[i]) {
        firstDiff = i;
        break;
      }
    }
    // The codes do differ (so the comparison can fail), and not before the first row of the strip.
    expect(firstDiff).toBeGreaterThanOrEqual(gameLuma);
  });
});
