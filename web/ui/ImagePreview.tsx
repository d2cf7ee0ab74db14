import { useEffect, useEffectEvent, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { systemClock, type Clock } from '../core/clock.ts';
import { getImageInfo, type ImageInfo } from '../core/media.ts';
import { Icon } from './icons.tsx';
import { messages, params } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';
import {
  DOUBLE_TAP_MS,
  MIN_SCALE,
  clampPan,
  distance,
  doubleTapScale,
  fittedSize,
  isDoubleTap,
  isDrag,
  pinchScale,
  swipeIndex,
} from './image-preview-logic.ts';

type Timers = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

const msgs = messages('ui/image-preview', {
  dialog: params('{label}: image {n} of {total}'),
  shot: params('{label}, screenshot {n}'),
  broken: 'This image could not be loaded.',
  close: 'Close preview',
});

type Pt = { x: number; y: number };
interface Gesture {
  start: Pt;
  pan: Pt;
  scale: number;
  pinchFrom: number;
  moved: boolean;
}

/**
 * Full-screen image preview (SPEC §4, §9): open or closed; pinch and double-tap
 * zoom within 1–4×; swipe between images at 1×; a click without a drag over
 * 20 px closes it; the page does not scroll while it is open. Each image's
 * size comes from `getImageInfo` (SPEC §8), so a zoomed image pans only as far
 * as its own edges; its rejection shows "could not be loaded" in its place.
 */
export function ImagePreview({
  images,
  startIndex = 0,
  label,
  onClose,
  timers = systemClock,
  imageInfo = getImageInfo,
}: {
  images: readonly string[];
  startIndex?: number;
  /** Names the images for screen readers, e.g. the game title. */
  label: string;
  onClose: () => void;
  timers?: Timers;
  imageInfo?: (src: string) => Promise<ImageInfo>;
}) {
  const t = useStore(msgs);
  const [index, setIndex] = useState(startIndex);
  const [scale, setScale] = useState(MIN_SCALE);
  const [pan, setPan] = useState<Pt>({ x: 0, y: 0 });
  const [swipe, setSwipe] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const [sizes, setSizes] = useState<ReadonlyMap<string, { w: number; h: number }>>(() => new Map());
  const pointers = useRef(new Map<number, Pt>());
  const g = useRef<Gesture | null>(null);
  const lastTap = useRef<{ t: number; x: number; y: number } | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const stage = useRef<HTMLDivElement>(null);
  const closeBtn = useRef<HTMLButtonElement>(null);

  // The latest handlers, without re-locking the page and moving the focus whenever the owner draws a new onClose.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    if (e.key === 'ArrowRight') go(1);
    if (e.key === 'ArrowLeft') go(-1);
  });
  const cancelClose = useEffectEvent(() => timers.clearTimeout(closeTimer.current));

  // Scroll lock: the document and any in-page scroller stay put while open.
  useEffect(() => {
    const root = document.documentElement;
    const prev = [root.style.overflow, document.body.style.overflow];
    root.style.overflow = 'hidden';
    document.body.style.overflow = 'hidden';
    root.classList.add('scroll-locked');
    const back = document.activeElement as HTMLElement | null;
    closeBtn.current?.focus();
    const key = (e: KeyboardEvent) => onKey(e);
    addEventListener('keydown', key);
    return () => {
      root.style.overflow = prev[0] ?? '';
      document.body.style.overflow = prev[1] ?? '';
      root.classList.remove('scroll-locked');
      removeEventListener('keydown', key);
      cancelClose();
      back?.focus?.();
    };
  }, []);

  useEffect(() => {
    let live = true;
    for (const src of images) {
      imageInfo(src).then(
        (info) => live && setSizes((m) => new Map(m).set(src, { w: info.width, h: info.height })),
        () => live && setBroken((b) => new Set(b).add(src)),
      );
    }
    return () => {
      live = false;
    };
  }, [images, imageInfo]);

  const reset = () => {
    setScale(MIN_SCALE);
    setPan({ x: 0, y: 0 });
  };
  const go = (step: number) => {
    setIndex((i) => Math.min(images.length - 1, Math.max(0, i + step)));
    reset();
  };
  const size = () => ({ w: stage.current?.clientWidth ?? 0, h: stage.current?.clientHeight ?? 0 });

  const down = (e: ReactPointerEvent) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    if (pts.length === 1) {
      g.current = { start: { x: e.clientX, y: e.clientY }, pan, scale, pinchFrom: 0, moved: false };
    } else if (pts.length === 2 && g.current && pts[0] && pts[1]) {
      g.current = { ...g.current, scale, pinchFrom: distance(pts[0], pts[1]), moved: true };
      setSwipe(0);
    }
  };
  const move = (e: ReactPointerEvent) => {
    if (!pointers.current.has(e.pointerId) || !g.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const s = g.current;
    const pts = [...pointers.current.values()];
    if (pts.length >= 2 && pts[0] && pts[1]) {
      setScale(pinchScale(s.scale, s.pinchFrom, distance(pts[0], pts[1])));
      return;
    }
    const dx = e.clientX - s.start.x;
    const dy = e.clientY - s.start.y;
    if (isDrag(dx, dy)) s.moved = true;
    if (scale > MIN_SCALE) {
      const stageSize = size();
      const shown = fittedSize(sizes.get(images[index] ?? ''), stageSize);
      setPan({ x: clampPan(s.pan.x + dx, shown.w, stageSize.w, scale), y: clampPan(s.pan.y + dy, shown.h, stageSize.h, scale) });
    } else if (s.moved) setSwipe(dx);
  };
  const up = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
    const s = g.current;
    if (!s) return;
    const rest = [...pointers.current.values()];
    if (rest[0]) {
      // One finger of a pinch lifted: keep panning from where the other is.
      g.current = { ...s, start: rest[0], pan, scale };
      return;
    }
    g.current = null;
    const dx = e.clientX - s.start.x;
    const dy = e.clientY - s.start.y;
    setSwipe(0);
    if (s.moved) {
      if (scale <= MIN_SCALE) {
        const next = swipeIndex(index, dx, dy, images.length, scale);
        if (next !== index) go(next - index);
      }
      if (scale <= MIN_SCALE) setPan({ x: 0, y: 0 });
      return;
    }
    // A click: close, unless a second tap follows within 300 ms (double-tap zoom).
    const tap = { t: e.timeStamp, x: e.clientX, y: e.clientY };
    if (isDoubleTap(lastTap.current, tap)) {
      lastTap.current = null;
      timers.clearTimeout(closeTimer.current);
      const next = doubleTapScale(scale);
      setScale(next);
      if (next === MIN_SCALE) setPan({ x: 0, y: 0 });
      return;
    }
    lastTap.current = tap;
    closeTimer.current = timers.setTimeout(onClose, DOUBLE_TAP_MS);
  };
  const cancel = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) {
      g.current = null;
      setSwipe(0);
    }
  };

  return (
    <div className="preview" role="dialog" aria-modal="true" aria-label={t.dialog({ label, n: index + 1, total: images.length })}>
      <div ref={stage} className="preview__stage" onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={cancel}>
        <div className="preview__track" style={{ transform: `translateX(calc(${-index * 100}% + ${swipe}px))`, transition: swipe ? 'none' : undefined }}>
          {images.map((src, k) => (
            <div key={src} className="preview__slide">
              {broken.has(src) ? (
                <p className="preview__broken" role="img" aria-label={t.shot({ label, n: k + 1 })}>
                  {t.broken}
                </p>
              ) : (
                <img
                  src={src}
                  alt={t.shot({ label, n: k + 1 })}
                  draggable={false}
                  data-scale={k === index ? scale : 1}
                  style={k === index ? { transform: `translate(${pan.x}px, ${pan.y}px) scale(${scale})` } : undefined}
                  onError={() => setBroken((b) => new Set(b).add(src))}
                />
              )}
            </div>
          ))}
        </div>
      </div>
      <div className="preview__bar">
        <span aria-live="polite">
          {index + 1} / {images.length}
        </span>
        <button ref={closeBtn} type="button" className="icon-btn" aria-label={t.close} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
    </div>
  );
}
