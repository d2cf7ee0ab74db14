import { useRef } from 'react';
import type { GameSession } from '../../../../game/index.ts';
import type { Layout } from '../../../../game/layouts-choice.ts';
import { keyAction } from '../../../../game/layouts-codes.ts';
import { keyBox } from '../../../../game/layouts-math.ts';
import { emptyPad, moveStick, pressButton, setDpad, shouldVibrate, type PadState } from './pad-logic.ts';
import { PadControl, type PadInput } from './layout-controls.tsx';
import { useLayoutView } from './layout-view.ts';
import { phoneVibrate } from './phone-vibrate.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

// The player's own layout and the built-in one are named here; an official plan brings its name from the server.
const msgs = messages('game/layout-pad', { mine: 'Mine', builtIn: 'Built-in' });

/** The haptic tick of a pressed key. */
const TAP_BUZZ_MS = 15;

/** MouseEvent.buttons bit of MouseEvent.button 0, 1, 2. */
const MOUSE_BIT = [1, 4, 2] as const;

function usePadInput(session: GameSession): PadInput {
  const pad = useRef<PadState>(emptyPad());
  const mouseHeld = useRef(0);
  const send = (next: PadState): void => {
    pad.current = next;
    session.sendGamepad(next);
  };
  return {
    button: (name, down) => send(pressButton(pad.current, name, down)),
    dpad: (pressed) => send(setDpad(pad.current, pressed)),
    stick: (which, axes) => send(moveStick(pad.current, which, axes)),
    key: (code, down) => session.sendKey(code, down),
    mouse(button, down) {
      mouseHeld.current = down ? mouseHeld.current | MOUSE_BIT[button] : mouseHeld.current & ~MOUSE_BIT[button];
      session.sendMouse({ action: down ? 'down' : 'up', dx: 0, dy: 0, button, buttons: mouseHeld.current });
    },
    buzz() {
      const vibrate = phoneVibrate();
      if (shouldVibrate(session.settings.peek().vibrates, vibrate !== null)) vibrate?.(TAP_BUZZ_MS);
    },
  };
}

/**
 * A layout drawn over the stream: each key at its place and size for this
 * screen (web/game/layouts-math.ts `keyBox`: inside the safe area), sending
 * what its code means (gamepad buttons, sticks and d-pad as one standard
 * pad; keys; mouse buttons).
 */
export function LayoutPad({ session, layout, testId }: { session: GameSession; layout: Layout; testId: string }) {
  const t = useStore(msgs);
  const ref = useRef<HTMLDivElement>(null);
  const measured = useLayoutView(ref);
  const input = usePadInput(session);
  return (
    <div ref={ref} className="lp" data-testid={testId} data-layout={layout.source} data-plan={layout.planId ?? undefined} role="group" aria-label={layout.source === 'custom' ? t.mine : layout.source === 'built-in' ? t.builtIn : layout.name}>
      {measured &&
        layout.keys.map((k, i) => {
          const action = keyAction(k.code);
          return action && <PadControl key={`${i}-${k.code}`} k={k} action={action} box={keyBox(k, measured.view, measured.insets)} input={input} />;
        })}
    </div>
  );
}
