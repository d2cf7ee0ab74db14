/**
 * Shows the stream's video track in a `<video>` (muted, inline, contained)
 * inside a frame that crops the frame code's strip off the bottom, so the
 * player sees only the game (decision 0025), and tells the SDK about every
 * frame the player is shown, with the frame code read back from the decoded
 * pixels (web/api/frame-code.ts): that is what makes
 * progress 100 "first frame decoded" and input latency "input sent → first
 * presented frame that reflects it". `requestVideoFrameCallback` where the
 * browser has it; otherwise the decoded-frame count, polled each animation frame.
 * The sound track plays beside it (sound-player.ts).
 */
import { frameCodeFromPixels, frameCodeRect, frameGameHeight, FRAME_CODE_COLS, FRAME_CODE_ROWS, type FrameCode } from '../api/frame-code.ts';
import type { SdkSound } from './sdk.ts';
import { createSoundPlayer } from './sound-player.ts';

export interface PresentedFrame {
  code: FrameCode | null;
  /** The game picture's size: the decoded frame without the code's strip. */
  width: number;
  height: number;
}

export interface FramePresenter {
  /** A track of the stream: the picture, or its sound. */
  show(track: MediaStreamTrack): void;
  setSound(sound: SdkSound): void;
  /** Inside a touch or click: starts sound the browser held back. */
  unblockSound(): void;
  /** Where the picture goes (null: nowhere yet; frames still decode). */
  mount(el: HTMLElement | null): void;
  close(): void;
}

export type PresenterFactory = (presented: (frame: PresentedFrame) => void, soundBlocked?: (blocked: boolean) => void) => FramePresenter;

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?(cb: () => void): number;
  cancelVideoFrameCallback?(id: number): void;
};

export const createVideoPresenter: PresenterFactory = (presented, soundBlocked) => {
  const video = document.createElement('video') as FrameCallbackVideo;
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  video.className = 'gs-video';
  video.dataset['testid'] = 'stream-video';
  const view = document.createElement('div');
  view.className = 'gs-frame';
  view.appendChild(video);
  const sound = createSoundPlayer(soundBlocked);
  view.appendChild(sound.element);
  // The frame takes the game's shape, so the strip under it falls outside; a clarity change reshapes it.
  video.addEventListener('resize', () => {
    if (video.videoWidth > 0 && video.videoHeight > 0) view.style.setProperty('--gs-ratio', String(video.videoWidth / frameGameHeight(video.videoWidth, video.videoHeight)));
  });
  const reader = document.createElement('canvas');
  reader.width = FRAME_CODE_COLS;
  reader.height = FRAME_CODE_ROWS;
  const ctx = reader.getContext('2d', { willReadFrequently: true });
  let closed = false;
  let pending = 0;
  let lastCount = -1;

  function read(): PresentedFrame {
    const width = video.videoWidth;
    const pictureHeight = video.videoHeight;
    const height = frameGameHeight(width, pictureHeight);
    if (!ctx || width === 0 || pictureHeight === 0) return { code: null, width, height };
    const r = frameCodeRect(width, pictureHeight);
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
      if (track.kind === 'audio') {
        sound.show(track);
        return;
      }
      video.srcObject = new MediaStream([track]);
      void video.play().catch(() => undefined);
      watch();
    },
    mount(el) {
      if (el) el.appendChild(view);
      else view.remove();
    },
    setSound: (s) => sound.set(s),
    unblockSound: () => sound.unblock(),
    close() {
      closed = true;
      sound.close();
      if (video.cancelVideoFrameCallback) video.cancelVideoFrameCallback(pending);
      else cancelAnimationFrame(pending);
      video.srcObject = null;
      view.remove();
    },
  };
};
