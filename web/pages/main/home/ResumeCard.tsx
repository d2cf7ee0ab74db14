/**
 * "Your game is still running — Return" (SPEC §4): a session still running
 * in the cloud (an able_recon session found after login or at start, or one
 * hung up when the game screen was left). Loaded lazily by ResumeBanner.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { gameSession } from '../../../app/game.ts';
import { gameScreenUrl } from '../../../core/paths.ts';
import { formatClock } from '../../../state/format.ts';
import { messages, params } from '../../../core/i18n/messages.ts';
import { useStore } from '../../../ui/use-store.ts';

const msgs = messages('home/resume', {
  title: 'Your game is still running',
  holdFor: params('It stays on hold for {time}.'),
  onHold: 'It is on hold in the cloud.',
  back: 'Return',
});

export default function ResumeCard() {
  useSignals();
  const t = useStore(msgs);
  const [, navigate] = useLocation();
  const session = gameSession.value;
  if (!session || session.phase.value !== 'hung-up') return null;
  const game = session.game.value;
  if (!game) return null;
  const left = session.hangupSecondsLeft.value;
  return (
    <section className="card banner resume-banner" role="status">
      <div className="banner__text">
        <strong>{t.title}</strong>
        <span className="muted small">{left !== null ? t.holdFor({ time: formatClock(left) }) : t.onHold}</span>
      </div>
      <button type="button" className="btn btn--primary" onClick={() => navigate(gameScreenUrl(game.game_id))}>
        {t.back}
      </button>
    </section>
  );
}
