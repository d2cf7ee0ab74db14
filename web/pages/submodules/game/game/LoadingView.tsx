import { useSignals } from '@preact/signals-react/runtime';
import type { Game } from '../../../../api/contract.ts';
import type { GameSession } from '../../../../game/index.ts';
import { STAGE_TEXT } from './texts.ts';

/** Loading (and reconnecting): the game's banner art, the percentage and the stage (SPEC §4 "Progress"). */
export function LoadingView({ session, game }: { session: GameSession; game: Game }) {
  useSignals();
  const percent = session.progress.value;
  const reconnecting = session.phase.value === 'reconnecting';
  const left = session.reconnectSecondsLeft.value;
  return (
    <section className="gs-layer gs-loading" aria-label="Loading the game">
      <img className="gs-art" src={game.banner} alt="" />
      <div className="gs-loading__panel">
        <h1 className="gs-title">{game.title}</h1>
        <div className="gs-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Loading progress">
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="gs-loading__line">
          <strong className="gs-percent" data-testid="game-progress">
            {percent}%
          </strong>
          <span className="muted">{reconnecting ? `Reconnecting…${left !== null ? ` ${left} s` : ''}` : STAGE_TEXT[session.stage.value]}</span>
        </p>
      </div>
    </section>
  );
}
