/**
 * Shows the stream's video track in a `<video>` (muted, inline, contained)
 * and tells the SDK about every frame the player is shown, with the frame
 * code read back from its pixels (web/api/frame-code.ts): that is what makes
 * progress 100 "first frame decoded" and input latency "input sent → first
 * presented frame that reflects it". `requestVideoFrameCallback` where the
 * browser has it; otherwise the decoded-frame count, polled each animation frame.
 */
import { frameCodeFromPixels, frameCodeRect, FRAME_CODE_COLS, FRAME_CODE_ROWS, type FrameCode } from '../api/frame-code.ts';

export interface PresentedFrame {
  code: FrameCode | null;
  width: number;
  height: number;
}

export interface FramePresenter {
  show(track: MediaStreamTrack): void;
  /** Where the picture goes (null: nowhere yet; frames still decode). */
  mount(el: HTMLElement | null): void;
  close(): void;
}

export type PresenterFactory = (presented: (frame: PresentedFrame) => void) => FramePresenter;

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?(cb: () => void): number;
  cancelVideoFrameCallback?(id: number): void;
};

export const createVideoPresenter: PresenterFactory = (presented) => {
  const video = document.createElement('video') as FrameCallbackVideo;
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  video.className = 'gs-video';
  video.dataset['testid'] = 'stream-video';
  const reader = document.createElement('canvas');
  reader.width = FRAME_CODE_COLS;
  reader.height = FRAME_CODE_ROWS;
  const ctx = reader.getContext('2d', { willReadFrequently: true });
  let closed = false;
  let pending = 0;
  let lastCount = -1;

  function read(): PresentedFrame {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!ctx || width === 0 || height === 0) return { code: null, width, height };
    const r = frameCodeRect(width, height);
    try {
      ctx.drawImage(video, r.x, r.y, r.w, r.h, 0, 0, FRAME_CODE_COLS, FRAME_CODE_ROWS);
      return { code: frameCodeFromPixels(ctx.getImageData(0, 0, FRAME_CODE_COLS, FRAME_CODE_ROWS).data), width, height };
    } catch {
      return { code: null, width, height };
    }
  }

  function onFrame(): void {
    if (closed) return;
    presented(read());
    watch();
  }

  function decodedCount(): number {
    const q = typeof video.getVideoPlaybackQuality === 'function' ? video.getVideoPlaybackQuality() : null;
    return q ? q.totalVideoFrames : Math.round(video.currentTime * 1000);
  }

  function watch(): void {
    if (closed) return;
    if (video.requestVideoFrameCallback) {
      pending = video.requestVideoFrameCallback(onFrame);
      return;
    }
    pending = requestAnimationFrame(() => {
      const n = decodedCount();
      if (n !== lastCount && video.videoWidth > 0) {
        lastCount = n;
        presented(read());
      }
      watch();
    });
  }

  return {
    show(track) {
      video.srcObject = new MediaStream([track]);
      void video.play().catch(() => undefined);
      watch();
    },
    mount(el) {
      if (el) el.appendChild(video);
      else video.remove();
    },
    close() {
      closed = true;
      if (video.cancelVideoFrameCallback) video.cancelVideoFrameCallback(pending);
      else cancelAnimationFrame(pending);
      video.srcObject = null;
      video.remove();
    },
  };
};
