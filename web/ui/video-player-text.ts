/** The video player's words, shared by the player and its control bar, and how it writes a time. */
import { formatClock } from '../state/format.ts';
import { messages, params } from '../core/i18n/messages.ts';

export const videoPlayerText = messages('ui/video-player', {
  region: params('{title} trailer'),
  volume: params('Volume {percent}%'),
  seek: 'Seek',
  seekValue: params('{time} of {total}'),
  play: 'Play video',
  pause: 'Pause video',
  mute: 'Mute',
  unmute: 'Unmute',
  danmaku: 'Danmaku',
  speed: params('Playback speed {rate}×'),
  speeds: 'Playback speed',
  fullscreen: 'Fullscreen',
  exitFullscreen: 'Exit fullscreen',
});

/** 0:05, 1:02:03; "0:00" for unknown lengths. */
export const formatTime = (seconds: number): string => formatClock(seconds, { hours: true });
