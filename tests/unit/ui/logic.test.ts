import { describe, expect, it } from 'vitest';
import { AUTO_ADVANCE_MS, afterSwipe, isHorizontal, wrapIndex } from '../../../web/ui/carousel-logic.ts';
import { LONG_PRESS_MOVE_PX, LONG_PRESS_MS, movedTooFar } from '../../../web/ui/long-press-logic.ts';
import {
  DRAG_THRESHOLD_PX,
  MAX_SCALE,
  MIN_SCALE,
  clampPan,
  fittedSize,
  clampScale,
  doubleTapScale,
  isDoubleTap,
  isDrag,
  pinchScale,
  swipeIndex,
} from '../../../web/ui/image-preview-logic.ts';
import {
  CONTROLS_HIDE_MS,
  PLAYBACK_RATES,
  classifyGesture,
  danmakuLayout,
  isRate,
  seekTarget,
  volumeTarget,
} from '../../../web/ui/video-player-logic.ts';

describe('carousel index math (home banners, 5 s auto-advance)', () => {
  it('wraps both ways', () => {
    expect(AUTO_ADVANCE_MS).toBe(5000);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(9, 4)).toBe(1);
    expect(wrapIndex(3, 0)).toBe(0);
  });
  it('a swipe past the threshold moves one slide; a short one snaps back', () => {
    expect(afterSwipe(0, -80, 360, 4)).toBe(1);
    expect(afterSwipe(0, 80, 360, 4)).toBe(3);
    expect(afterSwipe(2, -20, 360, 4)).toBe(2);
    // Narrow carousel: 20 % of the width is the threshold.
    expect(afterSwipe(0, -45, 200, 4)).toBe(1);
  });
  it('a touch is horizontal once it moved more sideways than down', () => {
    expect(isHorizontal(20, 5)).toBe(true);
    expect(isHorizontal(5, 20)).toBe(false);
    expect(isHorizontal(4, 0)).toBe(false);
  });
});

describe('long press (SPEC §9: 350 ms, cancelled over 10 px)', () => {
  it('uses the SPEC constants and measures straight-line movement', () => {
    expect(LONG_PRESS_MS).toBe(350);
    expect(LONG_PRESS_MOVE_PX).toBe(10);
    expect(movedTooFar({ x: 0, y: 0 }, { x: 6, y: 8 })).toBe(false); // exactly 10 px
    expect(movedTooFar({ x: 0, y: 0 }, { x: 7, y: 8 })).toBe(true);
  });
});

describe('image preview (SPEC §4, §9: scale 1–4, drag threshold 20 px)', () => {
  it('clamps zoom to 1–4', () => {
    expect([MIN_SCALE, MAX_SCALE]).toEqual([1, 4]);
    expect(clampScale(0.3)).toBe(1);
    expect(clampScale(9)).toBe(4);
    expect(clampScale(Number.NaN)).toBe(1);
    expect(pinchScale(1, 100, 250)).toBe(2.5);
    expect(pinchScale(3, 100, 200)).toBe(4);
    expect(pinchScale(2, 100, 10)).toBe(1);
    expect(pinchScale(2, 0, 10)).toBe(2);
  });
  it('a click is a gesture without a drag over 20 px', () => {
    expect(DRAG_THRESHOLD_PX).toBe(20);
    expect(isDrag(12, 16)).toBe(false); // 20 px exactly is still a click
    expect(isDrag(0, 21)).toBe(true);
  });
  it('double tap toggles 2× and 1×, within 300 ms and 20 px', () => {
    expect(doubleTapScale(1)).toBe(2);
    expect(doubleTapScale(3.2)).toBe(1);
    expect(isDoubleTap({ t: 0, x: 0, y: 0 }, { t: 250, x: 5, y: 5 })).toBe(true);
    expect(isDoubleTap({ t: 0, x: 0, y: 0 }, { t: 400, x: 0, y: 0 })).toBe(false);
    expect(isDoubleTap({ t: 0, x: 0, y: 0 }, { t: 100, x: 40, y: 0 })).toBe(false);
    expect(isDoubleTap(null, { t: 100, x: 0, y: 0 })).toBe(false);
  });
  it('swipes between images only at 1× and not past the ends', () => {
    expect(swipeIndex(0, -60, 0, 3, 1)).toBe(1);
    expect(swipeIndex(1, 60, 0, 3, 1)).toBe(0);
    expect(swipeIndex(2, -60, 0, 3, 1)).toBe(2);
    expect(swipeIndex(0, 60, 0, 3, 1)).toBe(0);
    expect(swipeIndex(0, -60, 0, 3, 2)).toBe(0);
    expect(swipeIndex(0, -15, 0, 3, 1)).toBe(0);
    expect(swipeIndex(0, -30, 80, 3, 1)).toBe(0); // mostly vertical
  });
  it('pans a zoomed image no further than its edges', () => {
    expect(clampPan(500, 400, 400, 2)).toBe(200);
    expect(clampPan(-500, 400, 400, 2)).toBe(-200);
    expect(clampPan(50, 400, 400, 1)).toBe(0);
    // A wide screenshot on a tall phone (SPEC §8 image info gives its size): 390×219 shown in 390×800.
    expect(clampPan(300, 219, 800, 2)).toBe(0); // 438 px tall still fits: no vertical pan
    expect(clampPan(300, 219, 800, 4)).toBe(38); // 876 px: 38 px each way
  });

  it('fits an image of known size into the stage without enlarging it', () => {
    expect(fittedSize({ w: 1280, h: 720 }, { w: 390, h: 800 })).toEqual({ w: 390, h: 219.375 });
    expect(fittedSize({ w: 100, h: 50 }, { w: 390, h: 800 })).toEqual({ w: 100, h: 50 });
    expect(fittedSize(undefined, { w: 390, h: 800 })).toEqual({ w: 390, h: 800 });
    expect(fittedSize({ w: 0, h: 0 }, { w: 390, h: 800 })).toEqual({ w: 390, h: 800 });
  });
});

describe('video player (SPEC §4 gestures, §9 rates)', () => {
  it('offers exactly the SPEC rates and hides controls after 3 s', () => {
    expect([...PLAYBACK_RATES]).toEqual([0.5, 0.8, 1, 1.25, 1.5, 2]);
    expect(isRate(1.25)).toBe(true);
    expect(isRate(3)).toBe(false);
    expect(CONTROLS_HIDE_MS).toBe(3000);
  });
  it('horizontal drags seek, vertical drags on the right half set volume, the left half does nothing', () => {
    expect(classifyGesture(4, 3, 300, 360)).toBeNull();
    expect(classifyGesture(40, 10, 50, 360)).toBe('seek');
    expect(classifyGesture(5, -40, 300, 360)).toBe('volume');
    expect(classifyGesture(5, -40, 100, 360)).toBe('none');
  });
  it('seeks by drag distance, clamped to the video', () => {
    expect(seekTarget(2, 180, 360, 5)).toBe(4.5); // half the width of a 5 s video
    expect(seekTarget(2, 360, 360, 5)).toBe(5);
    expect(seekTarget(2, -720, 360, 5)).toBe(0);
    expect(seekTarget(60, 36, 360, 600)).toBe(69); // long videos: the full width is 90 s
    expect(seekTarget(1, 10, 360, Number.NaN)).toBe(0);
  });
  it('sets volume by vertical distance: up is louder, clamped to 0–1', () => {
    expect(volumeTarget(0.5, -100, 200)).toBe(1);
    expect(volumeTarget(0.5, -50, 200)).toBe(0.75);
    expect(volumeTarget(0.5, 150, 200)).toBe(0);
    expect(volumeTarget(0.4, 10, 0)).toBe(0.4);
  });
  it('lays danmaku out in lanes', () => {
    const lines = danmakuLayout(['a', 'b', 'c', 'd'], 3);
    expect(lines.map((l) => l.lane)).toEqual([0, 1, 2, 0]);
    expect(lines[3]!.delay).toBeGreaterThan(lines[0]!.delay);
  });
});
