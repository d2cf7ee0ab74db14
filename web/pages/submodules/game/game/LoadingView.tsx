import { useSignals } from '@preact/signals-react/runtime';
import type { Game } from '../../../../api/contract.ts';
import type { GameSession } from '../../../../game/index.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';
import { sessionTexts, stageText } from './texts.ts';

const msgs = messages('game/loading', {
  loading: 'Loading the game',
  progress: 'Loading progress',
  reconnecting: 'Reconnecting…',
  reconnectingIn: params('Reconnecting… {left} s'),
});

/** Loading (and reconnecting): the game's banner art, the percentage and the stage (SPEC §4 "Progress"). */
export function LoadingView({ session, game }: { session: GameSession; game: Game }) {
  useSignals();
  const t = useStore(msgs);
  const st = useStore(sessionTexts);
  const percent = session.progress.value;
  const reconnecting = session.flags.value.reconnecting;
  const left = session.reconnectSecondsLeft.value;
  return (
    <section className="gs-layer gs-loading" aria-label={t.loading}>
      <img className="gs-art" src={game.banner} alt="" />
      <div className="gs-loading__panel">
        <h1 className="gs-title">{game.title}</h1>
        <div className="gs-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t.progress}>
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="gs-loading__line">
          <strong className="gs-percent" data-testid="game-progress">
            {percent}%
          </strong>
          <span className="muted">{reconnecting ? (left !== null ? t.reconnectingIn({ left }) : t.reconnecting) : stageText(st)[session.stage.value]}</span>
        </p>
      </div>
    </section>
  );
}
