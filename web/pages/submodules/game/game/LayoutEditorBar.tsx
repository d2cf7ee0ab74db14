import { useState, type Dispatch, type SetStateAction } from 'react';
import { defaultLabel, keyShape, palette } from '../../../../game/layouts-codes.ts';
import type { LayoutOpType } from '../../../../game/layouts-choice.ts';
import { canUndo, updateKey, type EditState } from '../../../../game/layouts-edit.ts';
import { clampOpacity, clampSize, fadeKey, OPACITY_MIN, resizeKey, SIZE_LIMITS, type LayoutKey } from '../../../../game/layouts-math.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('game/layout-bar', {
  addKey: 'Add key',
  undo: 'Undo',
  reset: 'Reset',
  moveUp: 'Move the tools up',
  moveDown: 'Move the tools down',
  cancel: 'Cancel',
  saving: 'Saving…',
  save: 'Save',
  addOne: 'Add at least one key to save the layout.',
  keysToAdd: 'Keys to add',
  allOn: 'Every key is on the layout.',
  add: params('Add {code}'),
  key: params('Key {label}'),
  size: 'Size',
  opacity: 'Opacity',
  remove: 'Remove',
});

interface Props {
  opType: LayoutOpType;
  edit: EditState;
  selected: LayoutKey | null;
  /** null; "saving"; or why saving failed. */
  saving: string | null;
  onChange: Dispatch<SetStateAction<EditState>>;
  onAdd(code: string): void;
  onRemove(): void;
  onUndo(): void;
  onReset(): void;
  onCancel(): void;
  onSave(): void;
}

/** The editor's tools: add (palette), undo, reset, cancel, save; for the selected key its size, opacity and removal. */
export function LayoutEditorBar(p: Props) {
  const t = useStore(msgs);
  const [paletteOpen, setPaletteOpen] = useState(false);
  // The bar can sit at the top or the bottom, so it never hides the keys the player is placing.
  const [atBottom, setAtBottom] = useState(false);
  const index = p.edit.selected;
  const k = p.selected;
  const limits = k ? SIZE_LIMITS[keyShape(k.code)] : null;
  const codes = palette(p.opType, p.edit.keys.map((x) => x.code));
  const busy = p.saving === 'saving';

  return (
    <div className={`le-bar${atBottom ? ' le-bar--bottom' : ''}`} onPointerDown={(e) => e.stopPropagation()}>
      <div className="le-tools">
        <button type="button" className="gm-chip" aria-expanded={paletteOpen} onClick={() => setPaletteOpen(!paletteOpen)}>
          {t.addKey}
        </button>
        <button type="button" className="gm-chip" disabled={!canUndo(p.edit)} onClick={p.onUndo}>
          {t.undo}
        </button>
        <button type="button" className="gm-chip" onClick={p.onReset}>
          {t.reset}
        </button>
        <button type="button" className="gm-chip" aria-label={atBottom ? t.moveUp : t.moveDown} onClick={() => setAtBottom(!atBottom)}>
          {atBottom ? '▲' : '▼'}
        </button>
        <button type="button" className="gm-chip" onClick={p.onCancel}>
          {t.cancel}
        </button>
        <button type="button" className="gm-chip le-save" disabled={busy || p.edit.keys.length === 0} onClick={p.onSave}>
          {busy ? t.saving : t.save}
        </button>
      </div>
      {p.saving && !busy && (
        <p className="le-error" role="alert">
          {p.saving}
        </p>
      )}
      {p.edit.keys.length === 0 && <p className="le-hint">{t.addOne}</p>}
      {paletteOpen && (
        <div className="le-palette" role="group" aria-label={t.keysToAdd}>
          {codes.length === 0 && <span className="le-hint">{t.allOn}</span>}
          {codes.map((code) => (
            <button
              key={code}
              type="button"
              className="gm-chip le-pal"
              aria-label={t.add({ code })}
              onClick={() => {
                p.onAdd(code);
                setPaletteOpen(false);
              }}
            >
              {defaultLabel(code)}
            </button>
          ))}
        </div>
      )}
      {k && index !== null && limits && (
        <div className="le-key-tools" role="group" aria-label={t.key({ label: k.label })}>
          <strong className="le-key-name">{k.label}</strong>
          <label className="le-range">
            <span>{t.size}</span>
            <input
              type="range"
              aria-label={t.size}
              min={limits.min}
              max={limits.max}
              step={1}
              value={Math.round(clampSize(k.code, k.size))}
              onChange={(e) => {
                const size = Number(e.target.value);
                p.onChange((s) => (s.keys[index] ? updateKey(s, index, resizeKey(s.keys[index], size), `size-${index}`) : s));
              }}
            />
          </label>
          <label className="le-range">
            <span>{t.opacity}</span>
            <input
              type="range"
              aria-label={t.opacity}
              min={OPACITY_MIN * 100}
              max={100}
              step={5}
              value={Math.round(clampOpacity(k.opacity) * 100)}
              onChange={(e) => {
                const opacity = Number(e.target.value) / 100;
                p.onChange((s) => (s.keys[index] ? updateKey(s, index, fadeKey(s.keys[index], opacity), `fade-${index}`) : s));
              }}
            />
          </label>
          <button type="button" className="gm-chip le-remove" onClick={p.onRemove}>
            {t.remove}
          </button>
        </div>
      )}
    </div>
  );
}
