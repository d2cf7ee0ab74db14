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
import { canPlayAgain, endText, isBackHomeLimited, sessionTexts } from './texts.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';
import { formatClock } from '../../../../state/format.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';

const msgs = messages('game/ended', {
  ended: 'Game ended',
  back: 'Back',
  logIn: 'Log in',
  getPlayTime: 'Get play time',
  playAgain: 'Play again',
  onHoldLabel: 'Game on hold',
  onHold: params('{title} is on hold'),
  closesIn: params('It closes in {left} unless you return.'),
  quitIt: 'Quit it',
  returnToGame: 'Return to game',
});

/** The session ended: why, and Back / Play again (or what to do instead). */
export function EndedView({ session, game, single }: { session: GameSession; game: Game; single: boolean }) {
  useSignals();
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const endTexts = endText(useStore(sessionTexts));
  const end = session.end.value;
  if (!end) return null;
  const noHome = single && isBackHomeLimited(systemInfo.get(), sessionStore.getAgentCode());
  const relogin = end.reason === 'token-expired' || end.reason === 'relogin';
  const here = location.pathname + location.search;
  return (
    <section className="gs-layer gs-ended" aria-label={t.ended}>
      <img className="gs-art gs-art--dim" src={game.banner} alt="" />
      <div className="gs-card" role="status">
        <h1>{game.title}</h1>
        <p data-testid="end-reason">{endTexts[end.reason]}</p>
        {end.message && !/^success$/i.test(end.message) && end.message !== endTexts[end.reason] && <p className="muted small">{end.message}</p>}
        <div className="gs-dialog__actions">
          {!noHome && (
            <Button variant="secondary" onClick={() => goBack()}>
              {t.back}
            </Button>
          )}
          {relogin ? (
            <Button
              onClick={() => {
                if (auth.isLoggedIn()) auth.logout();
                navigate(loginUrl(here), { replace: true });
              }}
            >
              {t.logIn}
            </Button>
          ) : end.reason === 'out-of-time' ? (
            <Button onClick={() => navigate(PAGE_PATH.timelapse)}>{t.getPlayTime}</Button>
          ) : (
            canPlayAgain(end.reason) && <Button onClick={() => session.start(targetOf(game))}>{t.playAgain}</Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** On hold (hang-up) while the screen is shown, e.g. an able_recon session of another game. */
export function HungUpView({ session, game }: { session: GameSession; game: Game }) {
  useSignals();
  const t = useStore(msgs);
  const left = session.hangupSecondsLeft.value;
  const title = session.game.value?.title ?? game.title;
  return (
    <section className="gs-layer gs-ended" aria-label={t.onHoldLabel}>
      <img className="gs-art gs-art--dim" src={game.banner} alt="" />
      <div className="gs-card">
        <h1>{t.onHold({ title })}</h1>
        {left !== null && <p className="muted">{t.closesIn({ left: formatClock(left) })}</p>}
        <div className="gs-dialog__actions">
          <Button variant="secondary" onClick={() => session.quit()}>
            {t.quitIt}
          </Button>
          <Button onClick={() => session.returnToGame()}>{t.returnToGame}</Button>
        </div>
      </div>
    </section>
  );
}
