import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import type { Game } from '../../../../api/contract.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { loginUrl } from '../../../../app/guard.ts';
import { goBack } from '../../../../app/navigation.ts';
import { auth, session as sessionStore } from '../../../../app/services.ts';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { targetOf } from './begin.ts';
import { canPlayAgain, END_TEXT, isBackHomeLimited } from './texts.ts';
import { formatClock } from '../../../../state/format.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';

/** The session ended: why, and Back / Play again (or what to do instead). */
export function EndedView({ session, game, single }: { session: GameSession; game: Game; single: boolean }) {
  useSignals();
  const [, navigate] = useLocation();
  const end = session.end.value;
  if (!end) return null;
  const noHome = single && isBackHomeLimited(systemInfo.get(), sessionStore.getAgentCode());
  const relogin = end.reason === 'token-expired' || end.reason === 'relogin';
  const here = location.pathname + location.search;
  return (
    <section className="gs-layer gs-ended" aria-label="Game ended">
      <img className="gs-art gs-art--dim" src={game.banner} alt="" />
      <div className="gs-card" role="status">
        <h1>{game.title}</h1>
        <p data-testid="end-reason">{END_TEXT[end.reason]}</p>
        {end.message && !/^success$/i.test(end.message) && end.message !== END_TEXT[end.reason] && <p className="muted small">{end.message}</p>}
        <div className="gs-dialog__actions">
          {!noHome && (
            <Button variant="secondary" onClick={() => goBack()}>
              Back
            </Button>
          )}
          {relogin ? (
            <Button
              onClick={() => {
                if (auth.isLoggedIn()) auth.logout();
                navigate(loginUrl(here), { replace: true });
              }}
            >
              Log in
            </Button>
          ) : end.reason === 'out-of-time' ? (
            <Button onClick={() => navigate(PAGE_PATH.timelapse)}>Get play time</Button>
          ) : (
            canPlayAgain(end.reason) && <Button onClick={() => session.start(targetOf(game))}>Play again</Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** On hold (hang-up) while the screen is shown, e.g. an able_recon session of another game. */
export function HungUpView({ session, game }: { session: GameSession; game: Game }) {
  useSignals();
  const left = session.hangupSecondsLeft.value;
  const title = session.game.value?.title ?? game.title;
  return (
    <section className="gs-layer gs-ended" aria-label="Game on hold">
      <img className="gs-art gs-art--dim" src={game.banner} alt="" />
      <div className="gs-card">
        <h1>{title} is on hold</h1>
        {left !== null && <p className="muted">It closes in {formatClock(left)} unless you return.</p>}
        <div className="gs-dialog__actions">
          <Button variant="secondary" onClick={() => session.quit()}>
            Quit it
          </Button>
          <Button onClick={() => session.returnToGame()}>Return to game</Button>
        </div>
      </div>
    </section>
  );
}
