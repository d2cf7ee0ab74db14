import { useEffect, useRef, useState } from 'react';
import { systemClock, type Clock } from '../core/clock.ts';
import { useStore } from './use-store.ts';
import { CONTROLS_HIDE_MS, danmakuLayout } from './video-player-logic.ts';
import { videoPlayerText } from './video-player-text.ts';
import { VideoControls, type VideoControlsActions } from './VideoControls.tsx';
import { useAutoplayOnScreen } from './use-autoplay-on-screen.ts';
import { useVideoGestures } from './use-video-gestures.ts';

type Timers = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

/**
 * A video player over <video> (SPEC §4 "Video player"): playing/paused,
 * controls shown/hidden (auto-hide after 3 s of playing), danmaku on/off,
 * fullscreen, horizontal drag seeks, vertical drag on the right half sets the
 * volume, and the playback rates of SPEC §9.
 */
export function VideoPlayer({
  src,
  poster,
  title,
  danmaku = [],
  autoPlay = false,
  timers = systemClock,
}: {
  src: string;
  poster?: string;
  title: string;
  danmaku?: readonly string[];
  /** Plays muted (browsers only autoplay muted video) while it is on screen. */
  autoPlay?: boolean;
  timers?: Timers;
}) {
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const t = useStore(videoPlayerText);
  const [playing, setPlaying] = useState(false);
  const [controls, setControls] = useState(true);
  const [poke, setPoke] = useState(0);
  const [bullets, setBullets] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [rate, setRate] = useState(1);
  const [rates, setRates] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(autoPlay);
  const [hint, setHint] = useState<string | null>(null);

  const show = () => {
    setControls(true);
    setPoke((n) => n + 1);
  };
  // A pause the player chose: the trailer stays paused when it comes back on screen.
  const pausedByPlayer = useRef(false);
  useAutoplayOnScreen(autoPlay, video, box, pausedByPlayer);

  // Auto-hide while playing; any interaction (poke) restarts the 3 s.
  useEffect(() => {
    if (!playing || !controls || rates) return;
    const id = timers.setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
    return () => timers.clearTimeout(id);
  }, [playing, controls, poke, rates, timers]);

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const gestures = useVideoGestures(video, {
    hint: setHint,
    volumeText: (percent) => t.volume({ percent }),
    seeked: show,
    tap: () => {
      if (controls) setControls(false);
      else show();
      setRates(false);
    },
  });

  const act: VideoControlsActions = {
    toggle() {
      const el = video.current;
      if (!el) return;
      pausedByPlayer.current = !el.paused;
      if (el.paused) el.play().catch(() => setPlaying(false));
      else el.pause();
      show();
    },
    seek(to) {
      const el = video.current;
      if (el) el.currentTime = to;
      show();
    },
    toggleMute() {
      const el = video.current;
      if (el) el.muted = !el.muted;
      show();
    },
    toggleBullets() {
      setBullets(!bullets);
      show();
    },
    toggleRates() {
      setRates(!rates);
      show();
    },
    chooseRate(r) {
      const el = video.current;
      if (el) el.playbackRate = r;
      setRate(r);
      setRates(false);
      show();
    },
    toggleFullscreen() {
      const el = box.current;
      show();
      if (!el) return;
      if (document.fullscreenElement) {
        document.exitFullscreen().catch(() => undefined);
      } else if (fullscreen) {
        setFullscreen(false);
      } else if (el.requestFullscreen) {
        el.requestFullscreen().catch(() => setFullscreen(true));
      } else setFullscreen(true);
    },
  };

  const lines = danmakuLayout(danmaku);
  return (
    <div
      ref={box}
      className={`vplayer${fullscreen ? ' vplayer--full' : ''}${controls ? '' : ' vplayer--bare'}`}
      data-playing={playing}
      aria-label={t.region({ title })}
      role="region"
    >
      <video
        ref={video}
        src={src}
        poster={poster}
        playsInline
        muted={autoPlay}
        loop
        preload={autoPlay ? 'none' : 'metadata'}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onVolumeChange={(e) => setMuted(e.currentTarget.muted)}
        onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
      />
      {bullets && lines.length > 0 && (
        <div className={`danmaku${playing ? '' : ' danmaku--paused'}`} aria-hidden="true">
          {lines.map((l, i) => (
            <span key={i} style={{ top: `${8 + l.lane * 26}px`, animationDelay: `${l.delay}s` }}>
              {l.text}
            </span>
          ))}
        </div>
      )}
      <div className="vplayer__gesture" {...gestures} />
      {hint && <div className="vplayer__hint" role="status">{hint}</div>}
      <VideoControls state={{ shown: controls, playing, muted, time, duration, rate, rates, bullets, fullscreen }} act={act} />
    </div>
  );
}
