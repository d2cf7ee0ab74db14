/**
 * Layout maths (snap, bounds at 390×844 and 844×390, resize limits): where keys are drawn, where a drag puts them, how big and how
 * faded they may be.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_GAMEPAD, sanitizeKeys } from '../../../web/game/layouts-choice.ts';
import {
  clampOpacity,
  clampSize,
  fadeKey,
  GRID_PX,
  keyBox,
  moveKey,
  newKey,
  OPACITY_MIN,
  resizeKey,
  SIZE_LIMITS,
  sizeFromHandle,
  snap,
  type Insets,
  type LayoutKey,
  type Size,
} from '../../../web/game/layouts-math.ts';

const LANDSCAPE: Size = { width: 844, height: 390 };
const PORTRAIT: Size = { width: 390, height: 844 };
/** The game screen's padding with no notch: max(8px, inset) top/bottom, max(12px, inset) left/right. */
const PAD: Insets = { top: 8, right: 12, bottom: 8, left: 12 };
/** A notched phone held sideways: the notch on the left, the home bar at the bottom. */
const NOTCH: Insets = { top: 8, right: 12, bottom: 21, left: 47 };

const A: LayoutKey = { code: 'BTN_A', label: 'A', x: 88, y: 72, size: 12 };
const templates = (JSON.parse(readFileSync(path.resolve('fixtures/op_plans.json'), 'utf8')) as { templates: { name: string; keys: unknown }[] }).templates;

/** How far `v` px is from the nearest grid line (percent storage rounds to 0.01 %). */
const offGrid = (v: number): number => Math.abs(v - Math.round(v / GRID_PX) * GRID_PX);

function inside(box: ReturnType<typeof keyBox>, view: Size, insets: Insets): boolean {
  const r = box.d / 2;
  const eps = 1e-9;
  return box.cx - r >= insets.left - eps && box.cx + r <= view.width - insets.right + eps && box.cy - r >= insets.top - eps && box.cy + r <= view.height - insets.bottom + eps;
}

describe('drawing a key: size from the short side, inside the safe area', () => {
  it('a key is sized in percent of the short side, so it keeps its size when the phone turns', () => {
    expect(keyBox(A, LANDSCAPE, PAD).d).toBeCloseTo(46.8);
    expect(keyBox(A, PORTRAIT, PAD).d).toBeCloseTo(46.8);
    expect(keyBox(A, LANDSCAPE, PAD)).toMatchObject({ cx: 742.72, cy: 280.8 });
  });

  it('a plan laid out for a television is drawn no smaller than a thumb can hit (the size floors)', () => {
    // get_op_plan's A is 9 % of 1080 px; on a 390 px high phone that would be 35 px.
    expect(keyBox({ ...A, size: 9 }, LANDSCAPE, PAD).d).toBeCloseTo(39);
    expect(keyBox({ code: 'STICK_L', label: 'L', x: 12, y: 70, size: 18 }, LANDSCAPE, PAD).d).toBeCloseTo(93.6);
  });

  it('a key at the edge is pulled in until it clears the insets', () => {
    const corner = keyBox({ ...A, x: 100, y: 100 }, LANDSCAPE, NOTCH);
    expect(corner.cx).toBeCloseTo(844 - 12 - 23.4);
    expect(corner.cy).toBeCloseTo(390 - 21 - 23.4);
    const left = keyBox({ ...A, x: 0, y: 0 }, LANDSCAPE, NOTCH);
    expect(left.cx).toBeCloseTo(47 + 23.4);
    expect(left.cy).toBeCloseTo(8 + 23.4);
  });

  it('a screen too small for the key draws it as large as the safe area allows', () => {
    // 40 px between a 30 px top and bottom bar: the stick's 50 px do not fit.
    const tiny = keyBox({ code: 'STICK_L', label: 'L', x: 0, y: 0, size: 50 }, { width: 200, height: 100 }, { top: 30, right: 12, bottom: 30, left: 12 });
    expect(tiny).toEqual({ cx: 32, cy: 50, d: 40 });
  });

  for (const [name, view] of [
    ['844×390', LANDSCAPE],
    ['390×844', PORTRAIT],
  ] as const) {
    it(`every key of every official template and of the built-in pad is on screen and clear of the insets at ${name}`, () => {
      const layouts = [...templates.map((t) => ({ name: t.name, keys: sanitizeKeys(t.keys) })), { name: 'built-in', keys: BUILT_IN_GAMEPAD.keys }];
      for (const l of layouts) {
        expect(l.keys.length, l.name).toBeGreaterThan(0);
        for (const insets of [PAD, NOTCH]) for (const k of l.keys) expect(inside(keyBox(k, view, insets), view, insets), `${l.name} ${k.code}`).toBe(true);
      }
    });
  }

  it('the built-in pad has no two keys on top of each other at 844×390 or at 390×844', () => {
    for (const view of [LANDSCAPE, PORTRAIT]) {
      const boxes = BUILT_IN_GAMEPAD.keys.map((k) => ({ code: k.code, ...keyBox(k, view, PAD) }));
      for (const a of boxes)
        for (const b of boxes) if (a !== b) expect(Math.hypot(a.cx - b.cx, a.cy - b.cy), `${a.code}/${b.code} at ${view.width}`).toBeGreaterThanOrEqual((a.d + b.d) / 2);
    }
  });
});

describe('dragging: the centre snaps to the grid and stays in bounds', () => {
  it(`snap rounds to the nearest ${GRID_PX} px line inside the range`, () => {
    expect(GRID_PX).toBe(8);
    expect(snap(101, 0, 400)).toBe(104);
    expect(snap(99.9, 0, 400)).toBe(96);
    // Past the end: the last grid line that still fits, not the raw edge.
    expect(snap(500, 35.4, 355.2)).toBe(352);
    expect(snap(-20, 35.4, 355.2)).toBe(40);
    // No grid line inside the range: the value clamped.
    expect(snap(10, 33, 38)).toBe(33);
  });

  it('a drag stores the snapped centre in percent of the screen', () => {
    const moved = moveKey(A, { x: 403, y: 197 }, LANDSCAPE, PAD);
    expect(moved).toMatchObject({ code: 'BTN_A', size: 12 });
    expect((moved.x / 100) * 844).toBeCloseTo(400, 1);
    expect((moved.y / 100) * 390).toBeCloseTo(200, 1);
    // Drawn where it was dropped.
    expect(keyBox(moved, LANDSCAPE, PAD).cx).toBeCloseTo(400, 1);
  });

  for (const [name, view] of [
    ['844×390', LANDSCAPE],
    ['390×844', PORTRAIT],
  ] as const) {
    it(`a drag off any edge at ${name} keeps the whole key on screen, clear of the insets, on a grid line`, () => {
      for (const to of [
        { x: -500, y: -500 },
        { x: 5000, y: -500 },
        { x: -500, y: 5000 },
        { x: 5000, y: 5000 },
      ]) {
        for (const insets of [PAD, NOTCH]) {
          const box = keyBox(moveKey(A, to, view, insets), view, insets);
          expect(inside(box, view, insets)).toBe(true);
          expect(offGrid(box.cx)).toBeLessThan(0.1);
          expect(offGrid(box.cy)).toBeLessThan(0.1);
        }
      }
    });
  }
});

describe('resize and fade limits', () => {
  it('buttons 10–30 %, sticks and the d-pad 24–50 % of the short side', () => {
    expect(SIZE_LIMITS).toEqual({ button: { min: 10, max: 30 }, stick: { min: 24, max: 50 }, dpad: { min: 24, max: 50 } });
    expect(resizeKey(A, 5).size).toBe(10);
    expect(resizeKey(A, 99).size).toBe(30);
    expect(resizeKey(A, 17.456).size).toBe(17.46);
    expect(resizeKey({ code: 'STICK_R', label: 'R', x: 70, y: 78, size: 30 }, 10).size).toBe(24);
    expect(resizeKey({ code: 'DPAD', label: 'D-pad', x: 24, y: 86, size: 30 }, 80).size).toBe(50);
    expect(clampSize('KeyW', Number.NaN)).toBe(10);
  });

  it('the resize handle: twice its distance from the centre, in percent of the short side', () => {
    expect(sizeFromHandle(39, LANDSCAPE)).toBeCloseTo(20);
    expect(sizeFromHandle(39, PORTRAIT)).toBeCloseTo(20);
    expect(resizeKey(A, sizeFromHandle(500, LANDSCAPE)).size).toBe(30);
  });

  it(`opacity from ${OPACITY_MIN} (never invisible) to 1; absent is fully drawn`, () => {
    expect(fadeKey(A, 0).opacity).toBe(0.2);
    expect(fadeKey(A, 0.55).opacity).toBe(0.55);
    expect(fadeKey(A, 3).opacity).toBe(1);
    expect(clampOpacity(undefined)).toBe(1);
    expect(clampOpacity(Number.NaN)).toBe(1);
  });

  it('a key added from the palette starts in the middle at a comfortable size', () => {
    expect(newKey('BTN_HOME', 'Home')).toEqual({ code: 'BTN_HOME', label: 'Home', x: 50, y: 50, size: 12 });
    expect(newKey('STICK_R', 'R').size).toBe(28);
  });
});
