import { useSignals } from '@preact/signals-react/runtime';
import type { PointerEvent } from 'react';
import { OP_TYPE, type OpType } from '../../../../api/contract.ts';
import type { GameSession } from '../../../../game/index.ts';
import type { Layout } from '../../../../game/layouts-choice.ts';
import { LayoutPad } from './layout-pad.tsx';
import { layoutScreenOf } from './layout-screen.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('game/keyboard', { keyboard: 'Keyboard' });

/** Rows of [label, KeyboardEvent.code]. */
const ROWS: readonly (readonly (readonly [string, string])[])[] = [
  [['Esc', 'Escape'], ...'1234567890'.split('').map((d) => [d, `Digit${d}`] as const), ['⌫', 'Backspace']],
  [['Tab', 'Tab'], ...'QWERTYUIOP'.split('').map((c) => [c, `Key${c}`] as const)],
  [['Shift', 'ShiftLeft'], ...'ASDFGHJKL'.split('').map((c) => [c, `Key${c}`] as const), ['Enter', 'Enter']],
  [['Ctrl', 'ControlLeft'], ...'ZXCVBNM'.split('').map((c) => [c, `Key${c}`] as const), ['Space', 'Space'], ['▲', 'ArrowUp']],
  [['Alt', 'AltLeft'], ['◀', 'ArrowLeft'], ['▼', 'ArrowDown'], ['▶', 'ArrowRight']],
];

/**
 * The virtual keyboard. In keyboard-and-mouse mode it is the active keyboard
 * layout (official plan or the player's own) drawn over the stream; in any
 * other mode, or for a game without a keyboard layout, the full keyboard
 * (settings.show_keyboard) for typing.
 */
export default function VirtualKeyboard({ session, opType, layout }: { session: GameSession; opType?: OpType; layout?: Layout | null }) {
  useSignals();
  const screen = layoutScreenOf(session);
  const mode = opType ?? screen?.opType.value ?? OP_TYPE.gamepad;
  if (mode === OP_TYPE.keyboard) {
    if (screen?.editing.value === OP_TYPE.keyboard) return null;
    const shown = layout !== undefined ? layout : screen?.controller.status.value === 'loading' ? undefined : (screen?.controller.active(OP_TYPE.keyboard) ?? null);
    if (shown === undefined) return null;
    if (shown) return <LayoutPad session={session} layout={shown} testId="virtual-keyboard" />;
  }
  return <FullKeyboard session={session} />;
}

/** Multi-touch: each key sends down and up. */
function FullKeyboard({ session }: { session: GameSession }) {
  const t = useStore(msgs);
  const key = (code: string) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      e.currentTarget.setPointerCapture?.(e.pointerId);
      session.sendKey(code, true);
    },
    onPointerUp: () => session.sendKey(code, false),
    onPointerCancel: () => session.sendKey(code, false),
  });
  return (
    <div className="vk" data-testid="virtual-keyboard" role="group" aria-label={t.keyboard}>
      {ROWS.map((row, i) => (
        <div key={i} className="vk-row">
          {row.map(([label, code]) => (
            <button key={code} type="button" className={`vk-key${label.length > 1 ? ' vk-key--wide' : ''}`} aria-label={code} {...key(code)}>
              {label}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
