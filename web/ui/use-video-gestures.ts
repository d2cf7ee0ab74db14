import { useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { classifyGesture, seekTarget, volumeTarget, type Gesture } from './video-player-logic.ts';
import { formatTime } from './video-player-text.ts';

interface Drag {
  x: number;
  y: number;
  startX: number;
  w: number;
  h: number;
  time: number;
  volume: number;
  kind: Gesture | null;
}

/**
 * The gestures on the picture (SPEC §4 "Video player"): a horizontal drag seeks, a vertical drag on the right half
 * sets the volume, a tap without a drag toggles the controls. While a drag lasts, `hint` says where it would land.
 * Spread the handlers on the layer over the video.
 */
export function useVideoGestures(
  video: RefObject<HTMLVideoElement | null>,
  on: { hint: (text: string | null) => void; volumeText: (percent: number) => string; seeked: () => void; tap: () => void },
) {
  const drag = useRef<Drag | null>(null);
  return {
    onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
      const el = video.current;
      const r = e.currentTarget.getBoundingClientRect();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      drag.current = { x: e.clientX, y: e.clientY, startX: e.clientX - r.left, w: r.width, h: r.height, time: el?.currentTime ?? 0, volume: el?.muted ? 0 : (el?.volume ?? 1), kind: null };
    },
    onPointerMove(e: ReactPointerEvent) {
      const d = drag.current;
      const el = video.current;
      if (!d || !el) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      d.kind ??= classifyGesture(dx, dy, d.startX, d.w);
      if (d.kind === 'seek') {
        on.hint(`${formatTime(seekTarget(d.time, dx, d.w, el.duration))} / ${formatTime(el.duration)}`);
      } else if (d.kind === 'volume') {
        const vol = volumeTarget(d.volume, dy, d.h);
        el.volume = vol;
        el.muted = vol === 0;
        on.hint(on.volumeText(Math.round(vol * 100)));
      }
    },
    onPointerUp(e: ReactPointerEvent) {
      const d = drag.current;
      const el = video.current;
      drag.current = null;
      on.hint(null);
      if (!d || !el) return;
      if (d.kind === 'seek') {
        el.currentTime = seekTarget(d.time, e.clientX - d.x, d.w, el.duration);
        on.seeked();
      } else if (d.kind === null) on.tap();
    },
    onPointerCancel() {
      drag.current = null;
    },
  };
}
