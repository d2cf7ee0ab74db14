import { useSignals } from '@preact/signals-react/runtime';
import type { LevelConfig } from '../../../../api/contract.ts';
import type { GameSession } from '../../../../game/index.ts';
import { formatStat, gradeStat, type GradedStat, type StreamStats } from '../../../../game/stream-stats.ts';
import { Button } from '../../../../ui/Button.tsx';
import { formatClock } from '../../../../state/format.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';
import { NetworkOffer } from './NetworkOffer.tsx';

const msgs = messages('game/overlay', {
  trial: params('Blu-ray trial {left}'),
  idle: params('No input for a while — the game closes in {left} s.'),
  here: "I'm here",
  tapForSound: 'Tap for sound',
  stats: 'Stream statistics',
  res: 'Res',
  fps: 'FPS',
  bitrate: 'Bitrate',
  decode: 'Decode',
  rtt: 'RTT',
  jitter: 'Jitter',
  loss: 'Loss',
  input: 'Input',
  good: 'good',
  fair: 'fair',
  poor: 'poor',
});

/** While playing: the realtime info, the blu-ray trial, the 45001 no-input warning, the sound the browser held back and the lower clarity a poor network is offered. */
export function PlayOverlay({ session }: { session: GameSession }) {
  useSignals();
  const t = useStore(msgs);
  const info = session.settings.value.realtime_info === 1;
  const idle = session.idleSecondsLeft.value;
  const trial = session.clarityOptions.value.some((o) => o.trial && o.index === session.clarity.value);
  const soundBlocked = session.soundBlocked.value;
  return (
    <>
      {info && <RealtimeInfo session={session} />}
      {/* Decision 0027: the browser wants a touch before sound; this is the touch (any other on the screen is too). */}
      {soundBlocked && (
        <button type="button" className="gs-sound-chip" data-testid="tap-for-sound" onClick={() => session.unblockSound()}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
            <path d="M16.5 9.5l5 5m0-5l-5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t.tapForSound}
        </button>
      )}
      <NetworkOffer session={session} />
      {trial && <p className="gs-trial">{t.trial({ left: formatClock(session.trialSecondsLeft.value) })}</p>}
      {idle !== null && (
        <div className="gs-idle" role="alert">
          <span>{t.idle({ left: idle })}</span>
          <Button onClick={() => session.sendKey('Unidentified', false)}>{t.here}</Button>
        </div>
      )}
    </>
  );
}

// Column-first: the picture's figures on the left, the network's on the right.
const rows = (t: ReturnType<typeof msgs.get>): readonly { stat: GradedStat; label: string }[] => [
  { stat: 'fps', label: t.fps },
  { stat: 'bitrateKbps', label: t.bitrate },
  { stat: 'decodeMs', label: t.decode },
  { stat: 'rttMs', label: t.rtt },
  { stat: 'jitterMs', label: t.jitter },
  { stat: 'packetLossPct', label: t.loss },
  { stat: 'inputLatencyMs', label: t.input },
];

/** Live figures (docs/stream-stats.md), each coloured by its grade; its own component so the per-second stats re-render only this. */
function RealtimeInfo({ session }: { session: GameSession }) {
  useSignals();
  const t = useStore(msgs);
  const stats: StreamStats | null = session.stats.value;
  const level: LevelConfig | null = session.levelConfig.value;
  const expected = level ? { fps: level.fps, bitrateKbps: level.bitrate } : undefined;
  // The clarity's size until the first decoded frame says otherwise.
  const width = stats?.width ?? level?.width ?? null;
  const height = stats?.height ?? level?.height ?? null;
  return (
    <dl className="gs-stats" data-testid="realtime-info" aria-label={t.stats}>
      <div className="gs-stats__row" data-stat="resolution">
        <dt>{t.res}</dt>
        <dd>
          <span>{width !== null && height !== null ? `${width}×${height}` : '—'}</span>
        </dd>
      </div>
      {rows(t).map(({ stat, label }) => {
        const value = stats?.[stat] ?? null;
        const grade = gradeStat(stat, value, expected);
        return (
          <div key={stat} className="gs-stats__row" data-stat={stat}>
            <dt>{label}</dt>
            <dd>
              <span className={grade ? `gs-stats__v--${grade}` : undefined} data-grade={grade ?? undefined}>
                {formatStat(stat, value)}
              </span>
              {/* Colour alone would hide the grade from a screen reader. */}
              {grade && <span className="visually-hidden">, {{ good: t.good, fair: t.fair, poor: t.poor }[grade]}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
