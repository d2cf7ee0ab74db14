import { useSignals } from '@preact/signals-react/runtime';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { formatClock } from './wait-logic.ts';

/** While playing: the realtime info (resolution, fps, bitrate), the blu-ray trial and the 45001 no-input warning. */
export function PlayOverlay({ session }: { session: GameSession }) {
  useSignals();
  const level = session.levelConfig.value;
  const info = session.settings.value.realtime_info === 1;
  const idle = session.idleSecondsLeft.value;
  const trial = session.clarityOptions.value.some((o) => o.trial && o.index === session.clarity.value);
  const frame = session.frame.value;
  return (
    <>
      {info && level && (
        <p className="gs-info" data-testid="realtime-info">
          {level.width}×{level.height} · {level.fps} fps · {(level.bitrate / 1000).toFixed(1)} Mbps{frame ? ` · frame ${frame.seq}` : ''}
        </p>
      )}
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
