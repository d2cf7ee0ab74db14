import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { systemClock, type Clock } from '../core/clock.ts';
import { formatClock } from '../state/format.ts';
import { messages, params } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';
import {
  CONTROLS_HIDE_MS,
  PLAYBACK_RATES,
  classifyGesture,
  danmakuLayout,
  seekTarget,
  volumeTarget,
  type Gesture,
} from './video-player-logic.ts';

type Timers = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

const msgs = messages('ui/video-player', {
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
const formatTime = (seconds: number): string => formatClock(seconds, { hours: true });

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

/**
 * How much of an autoplaying player must be on screen for it to play: nearly all. The observer cannot see what covers
 * it, and on game detail a player whose top three quarters peek out at the bottom of the first screen sits behind the
 * fixed Play bar.
 */
const ON_SCREEN_SHARE = 0.9;

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
  const drag = useRef<Drag | null>(null);
  const t = useStore(msgs);
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

  // Autoplay when the player is on screen (ON_SCREEN_SHARE), and pause when it leaves: a trailer below the fold does not
  // fetch video and re-render on every timeupdate while the page's first view loads (issue 10), and a muted video
  // nobody sees does not spend the phone's data and battery. Without IntersectionObserver it starts at once.
  useEffect(() => {
    const el = video.current;
    const root = box.current;
    if (!autoPlay || !el || !root) return;
    if (typeof IntersectionObserver === 'undefined') {
      el.play().catch(() => undefined);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        const seen = entries[entries.length - 1];
        if (!seen) return;
        if (seen.isIntersecting) {
          if (el.paused && !pausedByPlayer.current) el.play().catch(() => undefined);
        } else if (!el.paused) el.pause();
      },
      { threshold: ON_SCREEN_SHARE },
    );
    io.observe(root);
    return () => io.disconnect();
  }, [autoPlay]);

  // Auto-hide while playing; any interaction (poke) restarts the 3 s.
  useEffect(() => {
    if (!playing || !controls || rates) return;
    const id = timers.setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
    return () => timers.clearTimeout(id);
  }, [playing, controls, poke, rates]);

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const v = () => video.current;
  const toggle = () => {
    const el = v();
    if (!el) return;
    pausedByPlayer.current = !el.paused;
    if (el.paused) el.play().catch(() => setPlaying(false));
    else el.pause();
    show();
  };
  const toggleFullscreen = () => {
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
  };
  const chooseRate = (r: number) => {
    const el = v();
    if (el) el.playbackRate = r;
    setRate(r);
    setRates(false);
    show();
  };

  const down = (e: ReactPointerEvent<HTMLDivElement>) => {
    const el = v();
    const r = e.currentTarget.getBoundingClientRect();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, startX: e.clientX - r.left, w: r.width, h: r.height, time: el?.currentTime ?? 0, volume: el?.muted ? 0 : (el?.volume ?? 1), kind: null };
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    const el = v();
    if (!d || !el) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    d.kind ??= classifyGesture(dx, dy, d.startX, d.w);
    if (d.kind === 'seek') {
      const t = seekTarget(d.time, dx, d.w, el.duration);
      setHint(`${formatTime(t)} / ${formatTime(el.duration)}`);
    } else if (d.kind === 'volume') {
      const vol = volumeTarget(d.volume, dy, d.h);
      el.volume = vol;
      el.muted = vol === 0;
      setHint(t.volume({ percent: Math.round(vol * 100) }));
    }
  };
  const up = (e: ReactPointerEvent) => {
    const d = drag.current;
    const el = v();
    drag.current = null;
    setHint(null);
    if (!d || !el) return;
    if (d.kind === 'seek') {
      el.currentTime = seekTarget(d.time, e.clientX - d.x, d.w, el.duration);
      show();
    } else if (d.kind === null) {
      if (controls) setControls(false);
      else show();
      setRates(false);
    }
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
      <div className="vplayer__gesture" onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={() => (drag.current = null)} />
      {hint && <div className="vplayer__hint" role="status">{hint}</div>}
      {!playing && (
        <button type="button" className="vplayer__big" aria-label={t.play} onClick={toggle}>
          <I d={PLAY} />
        </button>
      )}
      <div className="vplayer__controls" inert={!controls}>
        <input
          className="vplayer__seek"
          type="range"
          min={0}
          max={duration || 0}
          step={0.1}
          value={Math.min(time, duration || 0)}
          aria-label={t.seek}
          aria-valuetext={t.seekValue({ time: formatTime(time), total: formatTime(duration) })}
          onChange={(e) => {
            const el = v();
            if (el) el.currentTime = Number(e.target.value);
            show();
          }}
        />
        <div className="vplayer__bar">
          <button type="button" className="icon-btn" aria-label={playing ? t.pause : t.play} onClick={toggle}>
            <I d={playing ? PAUSE : PLAY} />
          </button>
          <span className="vplayer__time">
            {formatTime(time)} / {formatTime(duration)}
          </span>
          <button
            type="button"
            className="icon-btn"
            aria-label={muted ? t.unmute : t.mute}
            onClick={() => {
              const el = v();
              if (el) el.muted = !el.muted;
              show();
            }}
          >
            <I d={muted ? MUTE : VOL} />
          </button>
          <button type="button" className="vplayer__txt" aria-pressed={bullets} onClick={() => (setBullets(!bullets), show())}>
            {t.danmaku}
          </button>
          <button type="button" className="vplayer__txt" aria-label={t.speed({ rate })} aria-expanded={rates} onClick={() => (setRates(!rates), show())}>
            {rate}×
          </button>
          <button type="button" className="icon-btn" aria-label={fullscreen ? t.exitFullscreen : t.fullscreen} onClick={toggleFullscreen}>
            <I d={FULL} />
          </button>
        </div>
      </div>
      {rates && (
        <div className="vplayer__rates" role="group" aria-label={t.speeds}>
          {PLAYBACK_RATES.map((r) => (
            <button key={r} type="button" aria-pressed={r === rate} onClick={() => chooseRate(r)}>
              {r}×
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
