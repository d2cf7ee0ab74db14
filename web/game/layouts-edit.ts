/**
 * The layout editor's draft: the keys, the selected one, and the steps to
 * undo. A step is one thing the player did: a whole drag, a whole slide of the
 * size or opacity of one key, an added or removed key, a reset. Moves within
 * one gesture replace each other instead of piling up, so one undo takes the
 * whole drag back.
 */
import type { LayoutKey } from './layouts-math.ts';

export const UNDO_LIMIT = 100;

export interface EditState {
  readonly keys: readonly LayoutKey[];
  /** Index into keys, or null. */
  readonly selected: number | null;
  /** Earlier versions of keys, oldest first. */
  readonly past: readonly (readonly LayoutKey[])[];
  /** The gesture the last step belongs to (null: the next change is a step of its own). */
  readonly gesture: string | null;
}

export function beginEdit(keys: readonly LayoutKey[]): EditState {
  return { keys, selected: null, past: [], gesture: null };
}

/** A new version of the keys; with the same `gesture` as the step before, it joins that step. */
export function change(s: EditState, keys: readonly LayoutKey[], gesture: string | null = null): EditState {
  if (gesture !== null && gesture === s.gesture) return { ...s, keys };
  return { ...s, keys, past: [...s.past, s.keys].slice(-UNDO_LIMIT), gesture };
}

/** Replaces key `index` (one step per gesture). */
export function updateKey(s: EditState, index: number, next: LayoutKey, gesture: string | null = null): EditState {
  if (!s.keys[index]) return s;
  return change(
    s,
    s.keys.map((k, i) => (i === index ? next : k)),
    gesture,
  );
}

export function addKey(s: EditState, key: LayoutKey): EditState {
  return { ...change(s, [...s.keys, key]), selected: s.keys.length };
}

export function removeKey(s: EditState, index: number): EditState {
  if (!s.keys[index]) return s;
  return { ...change(s, s.keys.filter((_, i) => i !== index)), selected: null };
}

/** Back to `keys` (the official layout) as one step, so it can be undone too. */
export function resetTo(s: EditState, keys: readonly LayoutKey[]): EditState {
  return { ...change(s, keys), selected: null };
}

export function select(s: EditState, index: number | null): EditState {
  const selected = index !== null && s.keys[index] ? index : null;
  // Selecting another key ends a slide: the next change to it is a new step.
  return { ...s, selected, gesture: selected === s.selected ? s.gesture : null };
}

export const canUndo = (s: EditState): boolean => s.past.length > 0;

export function undo(s: EditState): EditState {
  const keys = s.past[s.past.length - 1];
  if (!keys) return s;
  const selected = s.selected !== null && s.selected < keys.length ? s.selected : null;
  return { keys, selected, past: s.past.slice(0, -1), gesture: null };
}
