import type { PointerEvent } from 'react';
import type { GameSession } from '../../../../game/index.ts';

/** Rows of [label, KeyboardEvent.code]. */
const ROWS: readonly (readonly (readonly [string, string])[])[] = [
  [['Esc', 'Escape'], ...'1234567890'.split('').map((d) => [d, `Digit${d}`] as const), ['⌫', 'Backspace']],
  [['Tab', 'Tab'], ...'QWERTYUIOP'.split('').map((c) => [c, `Key${c}`] as const)],
  [['Shift', 'ShiftLeft'], ...'ASDFGHJKL'.split('').map((c) => [c, `Key${c}`] as const), ['Enter', 'Enter']],
  [['Ctrl', 'ControlLeft'], ...'ZXCVBNM'.split('').map((c) => [c, `Key${c}`] as const), ['Space', 'Space'], ['▲', 'ArrowUp']],
  [['Alt', 'AltLeft'], ['◀', 'ArrowLeft'], ['▼', 'ArrowDown'], ['▶', 'ArrowRight']],
];

/** The virtual keyboard (settings.show_keyboard): multi-touch, each key sends down and up. */
export default function VirtualKeyboard({ session }: { session: GameSession }) {
  const key = (code: string) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      e.currentTarget.setPointerCapture?.(e.pointerId);
      session.sendKey(code, true);
    },
    onPointerUp: () => session.sendKey(code, false),
    onPointerCancel: () => session.sendKey(code, false),
  });
  return (
    <div className="vk" data-testid="virtual-keyboard" role="group" aria-label="Keyboard">
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
