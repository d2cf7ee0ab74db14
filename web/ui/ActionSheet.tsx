import { useEffect, useEffectEvent, useRef } from 'react';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/action-sheet', { cancel: 'Cancel' });

export interface SheetAction {
  label: string;
  onSelect: () => void;
}

/** A bottom sheet of actions with Cancel; Escape or a tap outside closes it. */
export function ActionSheet({ title, actions, onClose }: { title: string; actions: SheetAction[]; onClose: () => void }) {
  const t = useStore(msgs);
  const first = useRef<HTMLButtonElement>(null);
  // The latest onClose, without moving the focus back to the first action whenever the owner draws a new one.
  const onKey = useEffectEvent((e: KeyboardEvent) => e.key === 'Escape' && onClose());
  useEffect(() => {
    first.current?.focus();
    const key = (e: KeyboardEvent) => onKey(e);
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, []);
  return (
    <div className="sheet-mask" onClick={onClose}>
      <div className="sheet" role="dialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <p className="sheet__title">{title}</p>
        {actions.map((a, i) => (
          <button
            key={a.label}
            ref={i === 0 ? first : undefined}
            type="button"
            className="sheet__item"
            onClick={() => {
              onClose();
              a.onSelect();
            }}
          >
            {a.label}
          </button>
        ))}
        <button type="button" className="sheet__item sheet__cancel" onClick={onClose}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
