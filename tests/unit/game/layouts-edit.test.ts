/** The layout editor's draft and its undo steps (each step the player took undone on its own). */
import { describe, expect, it } from 'vitest';
import { addKey, beginEdit, canUndo, change, removeKey, resetTo, select, undo, UNDO_LIMIT, updateKey } from '../../../web/game/layouts-edit.ts';
import type { LayoutKey } from '../../../web/game/layouts-math.ts';

const A: LayoutKey = { code: 'BTN_A', label: 'A', x: 88, y: 72, size: 12 };
const B: LayoutKey = { code: 'BTN_B', label: 'B', x: 94, y: 62, size: 12 };
const HOME: LayoutKey = { code: 'BTN_HOME', label: 'Home', x: 50, y: 50, size: 12 };

describe('undo, one step per thing the player did', () => {
  it('starts with nothing to undo', () => {
    const s = beginEdit([A, B]);
    expect(s).toEqual({ keys: [A, B], selected: null, past: [], gesture: null });
    expect(canUndo(s)).toBe(false);
    expect(undo(s)).toBe(s);
  });

  it('the moves of one drag are one step; the next drag is another', () => {
    let s = beginEdit([A, B]);
    s = updateKey(s, 0, { ...A, x: 80 }, 'move-1');
    s = updateKey(s, 0, { ...A, x: 70 }, 'move-1');
    s = updateKey(s, 0, { ...A, x: 60 }, 'move-1');
    s = updateKey(s, 0, { ...A, x: 50, y: 40 }, 'move-2');
    expect(s.past).toHaveLength(2);
    s = undo(s);
    expect(s.keys[0]).toEqual({ ...A, x: 60 });
    s = undo(s);
    expect(s.keys).toEqual([A, B]);
    expect(canUndo(s)).toBe(false);
  });

  it('after an undo the same gesture name starts a new step instead of rewriting an undone one', () => {
    let s = updateKey(beginEdit([A]), 0, { ...A, size: 14 }, 'size-0');
    s = undo(s);
    s = updateKey(s, 0, { ...A, size: 20 }, 'size-0');
    expect(s.past).toEqual([[A]]);
  });

  it('choosing another key ends a slide, so sliding the first key again is a new step', () => {
    let s = select(beginEdit([A, B]), 0);
    s = updateKey(s, 0, { ...A, size: 14 }, 'size-0');
    s = select(s, 1);
    s = select(s, 0);
    s = updateKey(s, 0, { ...A, size: 18 }, 'size-0');
    expect(s.past).toHaveLength(2);
  });

  it('adding selects the new key; removing clears the selection; both undo', () => {
    let s = addKey(beginEdit([A, B]), HOME);
    expect(s.keys).toEqual([A, B, HOME]);
    expect(s.selected).toBe(2);
    s = removeKey(select(s, 0), 0);
    expect(s.keys).toEqual([B, HOME]);
    expect(s.selected).toBeNull();
    s = undo(s);
    expect(s.keys).toEqual([A, B, HOME]);
    s = undo(s);
    expect(s.keys).toEqual([A, B]);
    // The selection does not point past the keys that came back.
    expect(s.selected).toBeNull();
  });

  it('reset to the official layout is a step of its own and can be undone', () => {
    let s = updateKey(beginEdit([A, B]), 0, { ...A, x: 10 }, 'move-1');
    s = addKey(s, HOME);
    s = resetTo(s, [A, B]);
    expect(s.keys).toEqual([A, B]);
    s = undo(s);
    expect(s.keys).toEqual([{ ...A, x: 10 }, B, HOME]);
  });

  it('bad indices change nothing', () => {
    const s = beginEdit([A]);
    expect(updateKey(s, 3, B)).toBe(s);
    expect(removeKey(s, -1)).toBe(s);
    expect(select(s, 5).selected).toBeNull();
  });

  it(`keeps the last ${UNDO_LIMIT} steps`, () => {
    let s = beginEdit([A]);
    for (let i = 0; i < UNDO_LIMIT + 20; i++) s = change(s, [{ ...A, x: i }]);
    expect(s.past).toHaveLength(UNDO_LIMIT);
    expect(s.past[0]).toEqual([{ ...A, x: 19 }]);
  });
});
