/**
 * Home's game entry points (SPEC §2, §4): `/?game_id=…` opens that game's
 * screen, and a session still running in the cloud (an able_recon session
 * found after login or at start, or one hung up when the screen was left)
 * shows "Your game is still running — Return".
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation, useSearch } from 'wouter';
import { gameSession } from '../../../../app/game.ts';
import { GAME_PATH } from '../../../../app/route-table.ts';
import { formatClock } from './wait-logic.ts';

const screenUrl = (id: number): string => `${GAME_PATH}?game_id=${id}`;

export function ResumeBanner() {
  useSignals();
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const id = Number(new URLSearchParams(search).get('game_id'));
    if (Number.isInteger(id) && id > 0) navigate(screenUrl(id), { replace: true });
  }, [search, navigate]);

  const session = gameSession.value;
  if (!session || session.phase.value !== 'hung-up') return null;
  const game = session.game.value;
  if (!game) return null;
  const left = session.hangupSecondsLeft.value;
  return (
    <section className="card banner resume-banner" role="status">
      <div className="banner__text">
        <strong>Your game is still running</strong>
        <span className="muted small">{left !== null ? `It stays on hold for ${formatClock(left)}.` : 'It is on hold in the cloud.'}</span>
      </div>
      <button type="button" className="btn btn--primary" onClick={() => navigate(screenUrl(game.game_id))}>
        Return
      </button>
    </section>
  );
}
