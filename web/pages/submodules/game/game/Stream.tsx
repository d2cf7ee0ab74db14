import { useEffect, useRef, type PointerEvent } from 'react';
import type { GameSession } from '../../../../game/index.ts';

/** The stream area: the SDK draws into it; touches go to the game as absolute positions (0–1), or as relative mouse motion in touchpad mode (mouse_type 2). Brightness is a CSS filter (50 = unchanged). */
export function Stream({ session, brightness, mouseType }: { session: GameSession; brightness: number; mouseType: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    session.mount(el);
    return () => session.unmount();
  }, [session]);

  const touch = (action: 'down' | 'move' | 'up') => (e: PointerEvent<HTMLDivElement>) => {
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

  return (
    <div
      ref={ref}
      className="gs-stream"
      data-testid="game-stream"
      style={{ filter: `brightness(${Math.max(0.2, brightness / 50).toFixed(2)})` }}
      onPointerDown={touch('down')}
      onPointerMove={touch('move')}
      onPointerUp={touch('up')}
    />
  );
}
