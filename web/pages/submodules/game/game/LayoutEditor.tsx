import { useRef, useState, type PointerEvent } from 'react';
import { keyAction, defaultLabel } from '../../../../game/layouts-codes.ts';
import type { LayoutOpType } from '../../../../game/layouts-choice.ts';
import { addKey, beginEdit, removeKey, resetTo, select, undo, updateKey, type EditState } from '../../../../game/layouts-edit.ts';
import { keyBox, moveKey, newKey, resizeKey, sizeFromHandle, type KeyBox } from '../../../../game/layouts-math.ts';
import { toaster } from '../../../../app/services.ts';
import { boxStyle, controlName, labelSize } from './layout-controls.tsx';
import type { LayoutScreen } from './layout-screen.ts';
import { useLayoutView } from './layout-view.ts';
import { LayoutEditorBar } from './LayoutEditorBar.tsx';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('game/layout-editor', {
  saved: 'Layout saved',
  notSaved: params('The layout could not be saved: {reason}'),
  edit: 'Edit layout',
});

interface Grab {
  index: number;
  /** move: the pointer's offset from the key's centre; size: from the centre itself. */
  mode: 'move' | 'size';
  dx: number;
  dy: number;
  gesture: string;
}

/**
 * The layout editor, over the live stream: drag a key (its centre snaps to
 * the grid and stays inside the safe area), drag the handle of the selected
 * key or its slider to resize it, fade it, add keys from the palette and
 * remove them, undo each step, reset to the official layout; save stores the
 * layout as the player's own and plays it, cancel leaves everything as it was.
 */
export default function LayoutEditor({ screen, opType }: { screen: LayoutScreen; opType: LayoutOpType }) {
  const c = screen.controller;
  const t = useStore(msgs);
  const [edit, setEdit] = useState<EditState>(() => beginEdit(c.active(opType)?.keys ?? []));
  const [saving, setSaving] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const measured = useLayoutView(ref);
  const grab = useRef<Grab | null>(null);
  const gestures = useRef(0);

  const close = (): void => {
    screen.editing.value = null;
  };
  const save = async (): Promise<void> => {
    if (!measured) return;
    setSaving('saving');
    try {
      await c.saveCustom(opType, edit.keys, measured.view);
      toaster.show({ title: msgs.get().saved, icon: 'success' });
      close();
    } catch (e) {
      setSaving(msgs.get().notSaved({ reason: e instanceof Error ? e.message : String(e) }));
    }
  };

  const start = (e: PointerEvent<HTMLElement>, index: number, mode: Grab['mode'], box: KeyBox): void => {
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const origin = ref.current?.getBoundingClientRect() ?? { left: 0, top: 0 };
    const dx = mode === 'move' ? e.clientX - origin.left - box.cx : 0;
    const dy = mode === 'move' ? e.clientY - origin.top - box.cy : 0;
    grab.current = { index, mode, dx, dy, gesture: `${mode}-${++gestures.current}` };
    setEdit((s) => select(s, index));
  };
  const drag = (e: PointerEvent<HTMLElement>): void => {
    const g = grab.current;
    if (!g || !measured || !e.currentTarget.hasPointerCapture?.(e.pointerId)) return;
    // The editor covers the game screen, which may not start at the viewport's corner.
    const origin = ref.current?.getBoundingClientRect() ?? { left: 0, top: 0 };
    const px = e.clientX - origin.left;
    const py = e.clientY - origin.top;
    setEdit((s) => {
      const key = s.keys[g.index];
      if (!key) return s;
      const { view, insets } = measured;
      const box = keyBox(key, view, insets);
      const next =
        g.mode === 'move'
          ? moveKey(key, { x: px - g.dx, y: py - g.dy }, view, insets)
          : resizeKey(key, sizeFromHandle(Math.hypot(px - box.cx, py - box.cy), view));
      return next.x === key.x && next.y === key.y && next.size === key.size ? s : updateKey(s, g.index, next, g.gesture);
    });
  };
  const drop = (): void => {
    grab.current = null;
  };

  const selected = edit.selected !== null ? (edit.keys[edit.selected] ?? null) : null;
  return (
    <div
      ref={ref}
      className="le"
      role="dialog"
      aria-modal="true"
      aria-label={t.edit}
      onPointerDown={(e) => {
        if (e.target === e.currentTarget) setEdit((s) => select(s, null));
      }}
    >
      {measured &&
        edit.keys.map((k, i) => {
          const action = keyAction(k.code);
          if (!action) return null;
          const box = keyBox(k, measured.view, measured.insets);
          const shape = action.kind === 'button' ? 'round' : action.kind === 'stick' || action.kind === 'dpad' ? 'round le-key--big' : 'square';
          const isSelected = edit.selected === i;
          return (
            <div key={`${i}-${k.code}`} className="le-slot">
              <button
                type="button"
                className={`lp-key lp-key--${shape} le-key`}
                aria-label={controlName(action)}
                aria-pressed={isSelected}
                style={{ ...boxStyle(box, k), fontSize: labelSize(k.label, box.d) }}
                onPointerDown={(e) => start(e, i, 'move', box)}
                onPointerMove={drag}
                onPointerUp={drop}
                onPointerCancel={drop}
              >
                {k.label}
              </button>
              {isSelected && (
                <span
                  className="le-handle"
                  role="presentation"
                  data-testid="resize-handle"
                  style={{ left: box.cx + box.d * 0.3536 - 12, top: box.cy + box.d * 0.3536 - 12 }}
                  onPointerDown={(e) => start(e, i, 'size', box)}
                  onPointerMove={drag}
                  onPointerUp={drop}
                  onPointerCancel={drop}
                />
              )}
            </div>
          );
        })}
      <LayoutEditorBar
        opType={opType}
        edit={edit}
        selected={selected}
        saving={saving}
        onChange={setEdit}
        onAdd={(code) => {
          if (!measured) return;
          const key = moveKey(newKey(code, defaultLabel(code)), { x: measured.view.width / 2, y: measured.view.height / 2 }, measured.view, measured.insets);
          setEdit((s) => addKey(s, key));
        }}
        onRemove={() => setEdit((s) => (s.selected === null ? s : removeKey(s, s.selected)))}
        onUndo={() => setEdit(undo)}
        onReset={() => setEdit((s) => resetTo(s, c.officialFor(opType)?.keys ?? []))}
        onCancel={close}
        onSave={() => void save()}
      />
    </div>
  );
}
