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
import { frameGameHeight, type FrameCode } from '../api/frame-code.ts';
import { createFrameCodeReader } from './frame-code-reader.ts';
import type { SdkSound } from './sdk.ts';
import { createSoundPlayer } from './sound-player.ts';

export interface PresentedFrame {
  code: FrameCode | null;
  /** The game picture's size: the decoded frame without the code's strip. */
  width: number;
  height: number;
  /** How long ago the frame was shown: reading its code takes a little while, and the frame's time is when it was shown. */
  sinceShownMs?: number;
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
  const reader = createFrameCodeReader();
  let closed = false;
  let pending = 0;
  let lastCount = -1;

  /** Tells the SDK about the frame shown now, once its code is read (a copy of a few rows; see frame-code-reader.ts). */
  function read(): void {
    const width = video.videoWidth;
    const height = frameGameHeight(width, video.videoHeight);
    const shownAt = performance.now();
    const tell = (code: FrameCode | null): void => {
      if (closed) return;
      // For QA and the tests: which way the codes are read in this browser.
      video.dataset['codeReader'] = reader.way;
      presented({ code, width, height, sinceShownMs: performance.now() - shownAt });
    };
    reader.read(video).then(tell, () => tell(null));
  }

  function onFrame(): void {
    if (closed) return;
    read();
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
        read();
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
