import { useSignals } from '@preact/signals-react/runtime';
import { OP_TYPE, type OpType } from '../../../../api/contract.ts';
import type { GameSession } from '../../../../game/index.ts';
import { isLayoutOpType } from '../../../../game/layouts-choice.ts';
import { layoutScreenOf } from './layout-screen.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('game/layout-row', {
  builtIn: 'Built-in',
  fullKeyboard: 'Full keyboard',
  gamepadLayout: 'Gamepad layout',
  keyboardLayout: 'Keyboard layout',
  loading: 'Loading layouts…',
  layouts: 'Layouts',
  mine: 'Mine',
  edit: 'Edit layout',
});

/**
 * The game menu's layout row: the game's official layouts of the input mode
 * (get_op_plan; the chosen one pressed), "Mine" once the player saved their
 * own, and "Edit layout", which closes the menu (`onEdit`) and opens the
 * editor over the stream. Touch-to-mouse has no layout: no row.
 */
export function LayoutMenuRow({ session, opType, onEdit }: { session: GameSession; opType?: OpType; onEdit: () => void }) {
  useSignals();
  const t = useStore(msgs);
  const screen = layoutScreenOf(session);
  const mode = opType ?? screen?.opType.value;
  if (!screen || mode === undefined || !isLayoutOpType(mode)) return null;
  const c = screen.controller;
  const status = c.status.value;
  const plans = c.official.value[mode];
  const mine = c.custom.value[mode];
  const active = c.active(mode);
  const builtIn = mode === OP_TYPE.gamepad ? t.builtIn : t.fullKeyboard;
  return (
    <div className="gm-row lm">
      <span className="gm-row__label">{mode === OP_TYPE.gamepad ? t.gamepadLayout : t.keyboardLayout}</span>
      <div className="gm-row__body lm-body">
        {status === 'loading' ? (
          <p className="muted lm-note">{t.loading}</p>
        ) : (
          // One layout is in force at a time: a radio group (its chips are not the menu's toggle buttons).
          <div className="gm-chips" role="radiogroup" aria-label={t.layouts}>
            {plans.map((p) => (
              <button
                key={p.planId}
                type="button"
                role="radio"
                className="gm-chip"
                aria-checked={active?.source === 'official' && active.planId === p.planId}
                onClick={() => void c.chooseOfficial(mode, p.planId ?? 0)}
              >
                {p.name}
              </button>
            ))}
            {plans.length === 0 && (
              <span className="gm-chip lm-static" role="radio" aria-checked={active === null || active.source === 'built-in'} aria-disabled="true">
                {builtIn}
              </span>
            )}
            {mine && (
              <button type="button" role="radio" className="gm-chip" aria-checked={active?.source === 'custom'} onClick={() => void c.chooseCustom()}>
                {t.mine}
              </button>
            )}
          </div>
        )}
        <button
          type="button"
          className="gm-chip lm-edit"
          disabled={status === 'loading'}
          onClick={() => {
            screen.editing.value = mode;
            onEdit();
          }}
        >
          {t.edit}
        </button>
      </div>
    </div>
  );
}
