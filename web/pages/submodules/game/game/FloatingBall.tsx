import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';
import { BALL_MARGIN, BALL_SIZE, dragPosition, isDrag, isTap, refit, snapToEdge, type Area, type Point } from './ball-logic.ts';

/** Kept for the visit: the ball stays where the player put it (SPEC §9 floating ball). */
let saved: { pos: Point; area: Area } | null = null;

/** The floating ball: a tap opens the in-game menu; a drag moves it; on release it snaps to the nearest edge. */
const msgs = messages('game/ball', { menu: 'Game menu' });

/**
 * The ball moves inside `.gs-ball-area`, the screen less its safe area (the notch, a host app's bars), and is
 * refitted whenever that changes size: a turn of the phone, or the host's insets changing.
 */
export function FloatingBall({ onTap }: { onTap: () => void }) {
  const t = useStore(msgs);
  const areaRef = useRef<HTMLDivElement>(null);
  const areaNow = (): Area => ({ width: areaRef.current?.clientWidth ?? window.innerWidth, height: areaRef.current?.clientHeight ?? window.innerHeight });
  const [pos, setPos] = useState<Point>(() => saved?.pos ?? { x: BALL_MARGIN, y: BALL_MARGIN });
  const press = useRef<{ start: Point; at: number; origin: Point; dragging: boolean } | null>(null);

  useLayoutEffect(() => {
    const el = areaRef.current;
    const fit = (): void =>
      setPos((p) => {
        const to = { width: el?.clientWidth ?? window.innerWidth, height: el?.clientHeight ?? window.innerHeight };
        const next = refit(p, saved?.area ?? to, to);
        saved = { pos: next, area: to };
        return next;
      });
    fit();
    if (el && typeof ResizeObserver === 'function') {
      const ro = new ResizeObserver(fit);
      ro.observe(el);
      return () => ro.disconnect();
    }
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);

  const down = (e: PointerEvent<HTMLButtonElement>): void => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    press.current = { start: { x: e.clientX, y: e.clientY }, at: e.timeStamp, origin: pos, dragging: false };
  };
  const move = (e: PointerEvent<HTMLButtonElement>): void => {
    const p = press.current;
    if (!p) return;
    const now = { x: e.clientX, y: e.clientY };
    if (!p.dragging && !isDrag(p.start, now)) return;
    p.dragging = true;
    setPos(dragPosition(p.origin, p.start, now, areaNow()));
  };
  const up = (e: PointerEvent<HTMLButtonElement>): void => {
    const p = press.current;
    press.current = null;
    if (!p) return;
    const end = { x: e.clientX, y: e.clientY };
    if (!p.dragging && isTap(p.start, end, p.at, e.timeStamp)) {
      onTap();
      return;
    }
    const area = areaNow();
    const next = snapToEdge(dragPosition(p.origin, p.start, end, area), area);
    saved = { pos: next, area };
    setPos(next);
  };

  return (
    <div ref={areaRef} className="gs-ball-area">
      <button
        type="button"
        className="gs-ball"
        aria-label={t.menu}
        style={{ left: pos.x, top: pos.y, width: BALL_SIZE, height: BALL_SIZE }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => (press.current = null)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onTap();
          }
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 12h4M8 10v4M15 11h.01M18 13h.01" />
          <rect x="2" y="6" width="20" height="12" rx="6" />
        </svg>
      </button>
    </div>
  );
}
