/**
 * Where a layout's keys sit on a screen, and the edits a player makes to them.
 * A key is stored as get_op_plan has it: its centre in percent of the screen's
 * width and height, its diameter in percent of the screen's short side (the
 * height of the landscape reference screen), so one layout fits a phone held
 * either way. Drawn, every key keeps inside the safe area and within its
 * size limits; dragged, its centre snaps to a grid of GRID_PX.
 */
import { keyShape, type KeyShape } from './layouts-codes.ts';

/** One control of a layout (contract `OpPlanKey` plus the player's fade). */
export interface LayoutKey {
  code: string;
  label: string;
  /** Centre, percent of the screen width / height (0–100). */
  x: number;
  y: number;
  /** Diameter, percent of the screen's short side. */
  size: number;
  /** OPACITY_MIN–1; absent means fully drawn. */
  opacity?: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Safe-area insets (the game screen's padding), px. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A key as drawn: centre and diameter, px. */
export interface KeyBox {
  cx: number;
  cy: number;
  d: number;
}

export const GRID_PX = 8;
export const OPACITY_MIN = 0.2;

/**
 * Diameter limits in percent of the short side. The floors keep a key a
 * thumb can hit on a phone (10 % of 390 px is 39 px; a stick or d-pad 94 px),
 * so a plan laid out for a television is drawn no smaller than that.
 */
export const SIZE_LIMITS: Readonly<Record<KeyShape, { min: number; max: number }>> = {
  button: { min: 10, max: 30 },
  stick: { min: 24, max: 50 },
  dpad: { min: 24, max: 50 },
};

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
const round2 = (v: number): number => Math.round(v * 100) / 100;

export function clampSize(code: string, size: number): number {
  const { min, max } = SIZE_LIMITS[keyShape(code)];
  return round2(clamp(Number.isFinite(size) ? size : min, min, max));
}

export function clampOpacity(opacity: number | undefined): number {
  return opacity === undefined || !Number.isFinite(opacity) ? 1 : round2(clamp(opacity, OPACITY_MIN, 1));
}

/** The range a centre may take on one axis: the key's radius inside the safe area (the middle when even that does not fit). */
function span(length: number, before: number, after: number, r: number): [number, number] {
  const lo = before + r;
  const hi = length - after - r;
  return lo <= hi ? [lo, hi] : [(lo + hi) / 2, (lo + hi) / 2];
}

export function keyBox(key: LayoutKey, view: Size, insets: Insets): KeyBox {
  const usable = Math.max(0, Math.min(view.width - insets.left - insets.right, view.height - insets.top - insets.bottom));
  const d = Math.min(usable, (clampSize(key.code, key.size) * Math.min(view.width, view.height)) / 100);
  const [xlo, xhi] = span(view.width, insets.left, insets.right, d / 2);
  const [ylo, yhi] = span(view.height, insets.top, insets.bottom, d / 2);
  return { cx: clamp((key.x / 100) * view.width, xlo, xhi), cy: clamp((key.y / 100) * view.height, ylo, yhi), d };
}

/** The grid line nearest `v` inside [lo, hi]; `v` clamped when no grid line falls inside. */
export function snap(v: number, lo: number, hi: number, grid = GRID_PX): number {
  const first = Math.ceil(lo / grid) * grid;
  const last = Math.floor(hi / grid) * grid;
  if (first > last) return clamp(v, lo, hi);
  return clamp(Math.round(v / grid) * grid, first, last);
}

/** `key` dragged so its centre is at `to` (px): snapped to the grid, kept inside the safe area, stored in percent. */
export function moveKey(key: LayoutKey, to: { x: number; y: number }, view: Size, insets: Insets): LayoutKey {
  const { d } = keyBox(key, view, insets);
  const [xlo, xhi] = span(view.width, insets.left, insets.right, d / 2);
  const [ylo, yhi] = span(view.height, insets.top, insets.bottom, d / 2);
  const x = snap(to.x, xlo, xhi);
  const y = snap(to.y, ylo, yhi);
  return { ...key, x: round2((x / view.width) * 100), y: round2((y / view.height) * 100) };
}

export function resizeKey(key: LayoutKey, size: number): LayoutKey {
  return { ...key, size: clampSize(key.code, size) };
}

/** The size a drag of the resize handle asks for: the handle `at` px from the key's centre on a `view`. */
export function sizeFromHandle(distancePx: number, view: Size): number {
  return (2 * distancePx * 100) / Math.min(view.width, view.height);
}

export function fadeKey(key: LayoutKey, opacity: number): LayoutKey {
  return { ...key, opacity: clampOpacity(opacity) };
}

/** A key added from the palette: in the middle of the screen, at its smallest comfortable size. */
export function newKey(code: string, label: string): LayoutKey {
  const shape = keyShape(code);
  return { code, label, x: 50, y: 50, size: shape === 'button' ? 12 : SIZE_LIMITS[shape].min + 4 };
}
