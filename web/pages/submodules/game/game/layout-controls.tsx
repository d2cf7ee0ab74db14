import { useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import type { KeyAction, ButtonName, Stick } from '../../../../game/layouts-codes.ts';
import type { KeyBox, LayoutKey } from '../../../../game/layouts-math.ts';
import { clampOpacity } from '../../../../game/layouts-math.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { DPAD_BUTTONS, dpadDirections, stickAxes, type DpadButton } from './pad-logic.ts';

/** What the controls send; LayoutPad turns it into session input. */
export interface PadInput {
  button(name: ButtonName, down: boolean): void;
  dpad(pressed: readonly DpadButton[]): void;
  stick(which: Stick, axes: readonly [number, number]): void;
  key(code: string, down: boolean): void;
  mouse(button: 0 | 1 | 2, down: boolean): void;
  /** A short vibration on press (settings.vibrates). */
  buzz(): void;
}

const ARROW: Readonly<Record<DpadButton, string>> = { Up: '▲', Down: '▼', Left: '◀', Right: '▶' };
const msgs = messages('game/controls', {
  leftStick: 'Left stick',
  rightStick: 'Right stick',
  dpad: 'D-pad',
  mouse: 'Mouse',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
});

const dirName = (b: DpadButton): string => {
  const t = msgs.get();
  return { Up: t.up, Down: t.down, Left: t.left, Right: t.right }[b];
};

const stickName = (which: Stick): string => (which === 'left' ? msgs.get().leftStick : msgs.get().rightStick);

/** Where a key is drawn, and how faded. */
export function boxStyle(box: KeyBox, key: LayoutKey): CSSProperties {
  return { left: box.cx - box.d / 2, top: box.cy - box.d / 2, width: box.d, height: box.d, opacity: clampOpacity(key.opacity) };
}

/** A label fits its key: a bold capital is about 0.7 em wide, so n characters get 1.1·d/n px, within 9–18 px. */
export function labelSize(label: string, d: number): number {
  return Math.round(Math.max(9, Math.min(18, d * 0.4, (1.1 * d) / Math.max(1, label.length))));
}

/** The name a screen reader (and a test) finds a control by: the standard button name, "Left stick", the key code. */
export function controlName(action: KeyAction): string {
  switch (action.kind) {
    case 'button':
      return action.button;
    case 'stick':
      return stickName(action.stick);
    case 'dpad':
      return msgs.get().dpad;
    case 'key':
      return action.code;
    case 'mouse':
      return ['MouseLeft', 'MouseMiddle', 'MouseRight'][action.button] ?? msgs.get().mouse;
  }
}

const capture = (e: PointerEvent<HTMLElement>): void => e.currentTarget.setPointerCapture?.(e.pointerId);

/** A control that follows one captured finger: `update` on the press and every move while held, `release` when it lifts. */
function trackPointer(update: (e: PointerEvent<HTMLDivElement>) => void, release: (e: PointerEvent<HTMLDivElement>) => void) {
  return {
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      capture(e);
      update(e);
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      if (e.currentTarget.hasPointerCapture?.(e.pointerId)) update(e);
    },
    onPointerUp: release,
    onPointerCancel: release,
  };
}

/** One control of a layout, each taking its own pointer so several fingers work at once. */
export function PadControl({ k, action, box, input }: { k: LayoutKey; action: KeyAction; box: KeyBox; input: PadInput }) {
  const style = boxStyle(box, k);
  if (action.kind === 'stick') return <PadStick which={action.stick} style={style} input={input} />;
  if (action.kind === 'dpad') return <PadDpad style={style} input={input} />;
  const press = (down: boolean): void => {
    if (action.kind === 'button') input.button(action.button, down);
    else if (action.kind === 'key') input.key(action.code, down);
    else input.mouse(action.button, down);
  };
  const shape = action.kind === 'button' ? 'round' : 'square';
  return (
    <button
      type="button"
      className={`lp-key lp-key--${shape}`}
      aria-label={controlName(action)}
      style={{ ...style, fontSize: labelSize(k.label, box.d) }}
      onPointerDown={(e) => {
        capture(e);
        input.buzz();
        press(true);
      }}
      onPointerUp={() => press(false)}
      onPointerCancel={() => press(false)}
    >
      {k.label}
    </button>
  );
}

function PadStick({ which, style, input }: { which: Stick; style: CSSProperties; input: PadInput }) {
  const update = (e: PointerEvent<HTMLDivElement>): void => {
    const b = e.currentTarget.getBoundingClientRect();
    const r = b.width / 2;
    const axes = stickAxes(e.clientX - (b.left + r), e.clientY - (b.top + r), r);
    const knob = e.currentTarget.firstElementChild;
    if (knob instanceof HTMLElement) knob.style.transform = `translate(${axes[0] * r * 0.6}px, ${axes[1] * r * 0.6}px)`;
    input.stick(which, axes);
  };
  const release = (e: PointerEvent<HTMLDivElement>): void => {
    const knob = e.currentTarget.firstElementChild;
    if (knob instanceof HTMLElement) knob.style.transform = '';
    input.stick(which, [0, 0]);
  };
  return (
    <div
      className="lp-stick"
      role="group"
      aria-label={stickName(which)}
      style={style}
      {...trackPointer(update, release)}
    >
      <span />
    </div>
  );
}

/** The d-pad reads the thumb's direction, so rolling it from one arm to the next works, diagonals included. */
function PadDpad({ style, input }: { style: CSSProperties; input: PadInput }) {
  const held = useRef<readonly DpadButton[]>([]);
  const [pressed, setPressed] = useState<readonly DpadButton[]>([]);
  const set = (next: readonly DpadButton[]): void => {
    const old = held.current;
    if (old.length === next.length && old.every((b) => next.includes(b))) return;
    if (next.some((b) => !old.includes(b))) input.buzz();
    held.current = next;
    input.dpad(next);
    setPressed(next);
  };
  const update = (e: PointerEvent<HTMLDivElement>): void => {
    const b = e.currentTarget.getBoundingClientRect();
    set(dpadDirections(e.clientX - (b.left + b.width / 2), e.clientY - (b.top + b.height / 2), b.width / 2));
  };
  return (
    <div
      className="lp-dpad"
      role="group"
      aria-label={msgs.get().dpad}
      style={style}
      {...trackPointer(update, () => set([]))}
    >
      {DPAD_BUTTONS.map((b) => (
        <button key={b} type="button" tabIndex={-1} className={`lp-dir lp-dir--${b}`} aria-label={dirName(b)} data-pressed={pressed.includes(b) || undefined}>
          {ARROW[b]}
        </button>
      ))}
    </div>
  );
}
