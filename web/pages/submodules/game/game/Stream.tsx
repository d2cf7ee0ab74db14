import { useEffect, useRef, type PointerEvent } from 'react';
import type { GameSession, StreamPointer } from '../../../../game/index.ts';
import { usePointerLock, type MouseCapture } from './use-pointer-lock.ts';
import { brightnessStyle } from './brightness.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('game/stream', {
  free: 'Click the game to use your mouse',
  released: 'Mouse released — click the game to capture it again',
  refused: 'The browser would not capture the mouse: it plays while over the picture',
});

const captureHint = (t: ReturnType<typeof msgs.get>): Record<MouseCapture, string | null> => ({
  free: t.free,
  locked: null,
  released: t.released,
  refused: t.refused,
});

/**
 * The stream area: the SDK draws into it. What a pointer does there follows
 * the op type (op-type.ts `screenControls`): nothing in gamepad mode; in
 * touch mode (and keyboard-and-mouse mode on a touch screen) touches go to
 * the game as absolute positions (0–1), or as relative mouse motion in
 * touchpad mode (mouse_type 2); in keyboard-and-mouse mode with a mouse, a
 * click captures it (pointer lock). Brightness is a CSS filter (50 = unchanged).
 */
export function Stream({ session, brightness, mouseType, pointer }: { session: GameSession; brightness: number; mouseType: number; pointer: StreamPointer }) {
  const t = useStore(msgs);
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    session.mount(el);
    return () => session.unmount();
  }, [session]);
  const capture = usePointerLock(session, ref, pointer === 'pointer-lock');

  const touch = (action: 'down' | 'move' | 'up') => (e: PointerEvent<HTMLDivElement>) => {
    if (pointer !== 'touch') return;
    if (action === 'move' && e.buttons === 0 && e.pointerType === 'mouse') return;
    if (mouseType === 2) {
      // Touchpad mode: a drag moves the cursor relatively (scaled by the mouse sensitivity in the SDK).
      const prev = last.current;
      last.current = action === 'up' ? null : { x: e.clientX, y: e.clientY };
      session.sendMouse({ action, dx: prev ? e.clientX - prev.x : 0, dy: prev ? e.clientY - prev.y : 0, button: 0 });
      return;
    }
    const r = e.currentTarget.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    session.sendTouch({ action, x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height });
  };

  const hint = pointer === 'pointer-lock' ? captureHint(t)[capture] : null;
  return (
    <>
      <div
        ref={ref}
        className="gs-stream"
        data-testid="game-stream"
        data-pointer={pointer}
        data-mouse={pointer === 'pointer-lock' ? capture : undefined}
        style={brightnessStyle(brightness)}
        onPointerDown={touch('down')}
        onPointerMove={touch('move')}
        onPointerUp={touch('up')}
      />
      {hint && (
        <p className="gs-mouse-hint" data-testid="mouse-hint" role="status">
          {hint}
        </p>
      )}
    </>
  );
}
