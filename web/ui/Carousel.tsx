import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Clock } from '../core/clock.ts';
import { AUTO_ADVANCE_MS, afterSwipe, isHorizontal, wrapIndex } from './carousel-logic.ts';
import { messages, params } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';
import { useAfterFirstImage } from './near-viewport.ts';
import { useReducedMotion } from './reduced-motion.ts';

const msgs = messages('ui/carousel', { slideOf: params('{n} of {total}'), slide: params('Slide {n}') });

/**
 * Slides with touch swipe, dots and auto-advance on the given clock (every 5 s). Auto-advance holds while a finger
 * is down, while a mouse is over the carousel or focus is inside it, and never starts for a player who asked for
 * reduced motion: moving content must be stoppable (WCAG 2.2.2, and the APG carousel pattern's rotation rules).
 * `label` names the region for screen readers.
 * `render` is told whether a slide is near: shown, or next to the shown one (wrapping, as a swipe does), or
 * near before. Off-screen slides sit beside the viewport, where `loading="lazy"` would fetch them all with the
 * first one (docs/decisions/0017-images.md); a slide's art waits until it is near.
 */
export function Carousel<T>({
  items,
  render,
  clock,
  label,
  interval = AUTO_ADVANCE_MS,
}: {
  items: readonly T[];
  render: (item: T, index: number, near: boolean) => ReactNode;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  label: string;
  interval?: number;
}) {
  const t = useStore(msgs);
  const n = items.length;
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const touch = useRef<{ x: number; y: number; h: boolean | null } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const reduced = useReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const still = reduced || hovered || focused;

  // Re-armed after every change, so a swipe restarts the 5 s wait; a drag's every pixel does not (only its end).
  const dragging = drag !== 0;
  useEffect(() => {
    if (n < 2 || touch.current || still) return;
    const id = clock.setTimeout(() => setIndex((i) => wrapIndex(i + 1, n)), interval);
    return () => clock.clearTimeout(id);
  }, [index, n, dragging, still, clock, interval]);

  const i = wrapIndex(index, n);
  // The neighbours' art waits while the first view's largest image (the first slide's, on home) is on its way.
  const free = useAfterFirstImage();
  const around = free ? [i, wrapIndex(i + 1, n), wrapIndex(i - 1, n)] : [i];
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set(around));
  // Grows during render (React's "state from the previous render" pattern), so a slide is near in the very render
  // that shows it, and stays near.
  if (around.some((k) => !near.has(k))) setNear(new Set([...near, ...around]));
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      // A touch's pointer enters and leaves with the finger; only a mouse resting on the slides holds them.
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={box}
        className="carousel__track"
        style={{ transform: `translateX(calc(${-i * 100}% + ${drag}px))`, transition: drag ? 'none' : undefined }}
        onTouchStart={(e) => {
          const t = e.touches[0];
          if (t) touch.current = { x: t.clientX, y: t.clientY, h: null };
        }}
        onTouchMove={(e) => {
          const s = touch.current;
          const t = e.touches[0];
          if (!s || !t) return;
          const dx = t.clientX - s.x;
          s.h ??= isHorizontal(dx, t.clientY - s.y) ? true : Math.abs(t.clientY - s.y) > 6 ? false : null;
          if (s.h) setDrag(dx);
        }}
        onTouchEnd={() => {
          touch.current = null;
          setIndex(afterSwipe(i, drag, box.current?.clientWidth ?? 0, n));
          setDrag(0);
        }}
      >
        {items.map((item, k) => (
          <div key={k} className="carousel__slide" inert={k !== i} role="group" aria-roledescription="slide" aria-label={t.slideOf({ n: k + 1, total: n })}>
            {render(item, k, near.has(k) || around.includes(k))}
          </div>
        ))}
      </div>
      {n > 1 && (
        <div className="carousel__dots">
          {items.map((_, k) => (
            <button key={k} type="button" className="carousel__dot" aria-label={t.slide({ n: k + 1 })} aria-current={k === i} onClick={() => setIndex(k)} />
          ))}
        </div>
      )}
    </section>
  );
}
