import { PLAYBACK_RATES } from './video-player-logic.ts';
import { formatTime, videoPlayerText } from './video-player-text.ts';
import { useStore } from './use-store.ts';

const I = ({ d }: { d: string }) => (
  <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
const PLAY = 'M8 5v14l11-7z';
const PAUSE = 'M7 5h4v14H7zM13 5h4v14h-4z';
const FULL = 'M4 9V4h5v2H6v3zm11-5h5v5h-2V6h-3zM4 15h2v3h3v2H4zm14 3v-3h2v5h-5v-2z';
const VOL = 'M4 9h4l5-4v14l-5-4H4zM16 8.5a5 5 0 0 1 0 7l-1.4-1.4a3 3 0 0 0 0-4.2z';
const MUTE = 'M4 9h4l5-4v14l-5-4H4zm12.6.2 1.4-1.4 2 2 2-2 1.4 1.4-2 2 2 2-1.4 1.4-2-2-2 2-1.4-1.4 2-2z';

/** What the controls show; the player owns it. */
export interface VideoControlsState {
  /** Shown, not auto-hidden. */
  shown: boolean;
  playing: boolean;
  muted: boolean;
  time: number;
  duration: number;
  rate: number;
  /** The playback-rate menu is open. */
  rates: boolean;
  bullets: boolean;
  fullscreen: boolean;
}

export interface VideoControlsActions {
  toggle: () => void;
  seek: (time: number) => void;
  toggleMute: () => void;
  toggleBullets: () => void;
  toggleRates: () => void;
  chooseRate: (rate: number) => void;
  toggleFullscreen: () => void;
}

/** The big play button while paused, the control bar (seek, play, time, mute, danmaku, speed, fullscreen) and the speed menu. */
export function VideoControls({ state: s, act }: { state: VideoControlsState; act: VideoControlsActions }) {
  const t = useStore(videoPlayerText);
  return (
    <>
      {!s.playing && (
        <button type="button" className="vplayer__big" aria-label={t.play} onClick={act.toggle}>
          <I d={PLAY} />
        </button>
      )}
      <div className="vplayer__controls" inert={!s.shown}>
        <input
          className="vplayer__seek"
          type="range"
          min={0}
          max={s.duration || 0}
          step={0.1}
          value={Math.min(s.time, s.duration || 0)}
          aria-label={t.seek}
          aria-valuetext={t.seekValue({ time: formatTime(s.time), total: formatTime(s.duration) })}
          onChange={(e) => act.seek(Number(e.target.value))}
        />
        <div className="vplayer__bar">
          <button type="button" className="icon-btn" aria-label={s.playing ? t.pause : t.play} onClick={act.toggle}>
            <I d={s.playing ? PAUSE : PLAY} />
          </button>
          <span className="vplayer__time">
            {formatTime(s.time)} / {formatTime(s.duration)}
          </span>
          <button type="button" className="icon-btn" aria-label={s.muted ? t.unmute : t.mute} onClick={act.toggleMute}>
            <I d={s.muted ? MUTE : VOL} />
          </button>
          <button type="button" className="vplayer__txt" aria-pressed={s.bullets} onClick={act.toggleBullets}>
            {t.danmaku}
          </button>
          <button type="button" className="vplayer__txt" aria-label={t.speed({ rate: s.rate })} aria-expanded={s.rates} onClick={act.toggleRates}>
            {s.rate}×
          </button>
          <button type="button" className="icon-btn" aria-label={s.fullscreen ? t.exitFullscreen : t.fullscreen} onClick={act.toggleFullscreen}>
            <I d={FULL} />
          </button>
        </div>
      </div>
      {s.rates && (
        <div className="vplayer__rates" role="group" aria-label={t.speeds}>
          {PLAYBACK_RATES.map((r) => (
            <button key={r} type="button" aria-pressed={r === s.rate} onClick={() => act.chooseRate(r)}>
              {r}×
            </button>
          ))}
        </div>
      )}
    </>
  );
}
