/**
 * Plays the stream's sound track in an `<audio>` beside the picture, at the
 * player's level (decision 0027). The video stays muted, so a browser that
 * holds sound back (autoplay rules: no touch on the page yet) never holds
 * back the picture; the sound then plays muted, `blocked` says so, and
 * `unblock`, called inside the player's next touch, starts it.
 */
import type { SdkSound } from './sdk.ts';

export interface SoundPlayer {
  /** The element, for the presenter to place beside the picture. */
  readonly element: HTMLAudioElement;
  show(track: MediaStreamTrack): void;
  set(sound: SdkSound): void;
  /** Inside a touch or click: the browser lets sound start now. */
  unblock(): void;
  close(): void;
}

export const DEFAULT_SOUND: SdkSound = { on: true, volume: 0.8 };

const level = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : DEFAULT_SOUND.volume);

export function createSoundPlayer(blocked: (blocked: boolean) => void = () => undefined): SoundPlayer {
  const audio = document.createElement('audio');
  audio.dataset['testid'] = 'stream-audio';
  let sound = DEFAULT_SOUND;
  let track: MediaStreamTrack | null = null;
  /** Unknown until a first play answers: a new stream's player always says which it is. */
  let isBlocked: boolean | null = null;
  let closed = false;
  /** Counts plays, so an answer to an older one (the player changed the level meanwhile) is ignored. */
  let attempt = 0;

  const silent = (): boolean => !sound.on || level(sound.volume) === 0;

  function setBlocked(b: boolean): void {
    if (b === isBlocked || closed) return;
    isBlocked = b;
    blocked(b);
  }

  /** Plays at the player's level; when the browser refuses sound, plays muted and says the sound is blocked. */
  function play(): void {
    audio.volume = level(sound.volume);
    audio.muted = silent();
    if (!track || closed) return;
    if (audio.muted) setBlocked(false);
    const mine = ++attempt;
    void Promise.resolve()
      .then(() => audio.play())
      .then(
        () => {
          if (mine === attempt && !audio.muted) setBlocked(false);
        },
        (err: unknown) => {
          if (mine !== attempt || closed || (err as { name?: string } | null)?.name !== 'NotAllowedError') return;
          audio.muted = true;
          setBlocked(true);
          void Promise.resolve()
            .then(() => audio.play())
            .catch(() => undefined);
        },
      );
  }

  return {
    element: audio,
    show(t) {
      track = t;
      audio.srcObject = new MediaStream([t]);
      play();
    },
    set(s) {
      sound = { on: s.on, volume: level(s.volume) };
      play();
    },
    unblock() {
      if (isBlocked) play();
    },
    close() {
      closed = true;
      audio.pause();
      audio.srcObject = null;
      audio.remove();
      track = null;
    },
  };
}
