import { useSignals } from '@preact/signals-react/runtime';
import type { LevelConfig } from '../../../../api/contract.ts';
import type { GameSession } from '../../../../game/index.ts';
import { formatStat, gradeStat, type GradedStat, type StreamStats } from '../../../../game/stream-stats.ts';
import { Button } from '../../../../ui/Button.tsx';
import { formatClock } from '../../../../state/format.ts';

/** While playing: the realtime info, the blu-ray trial and the 45001 no-input warning. */
export function PlayOverlay({ session }: { session: GameSession }) {
  useSignals();
  const info = session.settings.value.realtime_info === 1;
  const idle = session.idleSecondsLeft.value;
  const trial = session.clarityOptions.value.some((o) => o.trial && o.index === session.clarity.value);
  return (
    <>
      {info && <RealtimeInfo session={session} />}
      {trial && <p className="gs-trial">Blu-ray trial {formatClock(session.trialSecondsLeft.value)}</p>}
      {idle !== null && (
        <div className="gs-idle" role="alert">
          <span>No input for a while — the game closes in {idle} s.</span>
          <Button onClick={() => session.sendKey('Unidentified', false)}>I'm here</Button>
        </div>
      )}
    </>
  );
}

// Column-first: the picture's figures on the left, the network's on the right.
const ROWS: readonly { stat: GradedStat; label: string }[] = [
  { stat: 'fps', label: 'FPS' },
  { stat: 'bitrateKbps', label: 'Bitrate' },
  { stat: 'decodeMs', label: 'Decode' },
  { stat: 'rttMs', label: 'RTT' },
  { stat: 'jitterMs', label: 'Jitter' },
  { stat: 'packetLossPct', label: 'Loss' },
  { stat: 'inputLatencyMs', label: 'Input' },
];

/** Live figures (docs/stream-stats.md), each coloured by its grade; its own component so the per-second stats re-render only this. */
function RealtimeInfo({ session }: { session: GameSession }) {
  useSignals();
  const stats: StreamStats | null = session.stats.value;
  const level: LevelConfig | null = session.levelConfig.value;
  const expected = level ? { fps: level.fps, bitrateKbps: level.bitrate } : undefined;
  // The clarity's size until the first decoded frame says otherwise.
  const width = stats?.width ?? level?.width ?? null;
  const height = stats?.height ?? level?.height ?? null;
  return (
    <dl className="gs-stats" data-testid="realtime-info" aria-label="Stream statistics">
      <div className="gs-stats__row" data-stat="resolution">
        <dt>Res</dt>
        <dd>
          <span>{width !== null && height !== null ? `${width}×${height}` : '—'}</span>
        </dd>
      </div>
      {ROWS.map(({ stat, label }) => {
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
              {grade && <span className="visually-hidden">, {grade}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
