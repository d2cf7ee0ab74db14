import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Game } from '../../../../api/contract.ts';
import { clock } from '../../../../app/services.ts';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { formatClock } from '../../../../state/format.ts';
import { formatWait, waitEstimate } from './wait-logic.ts';

/** Seconds since the queue answer last changed, ticking every second. */
function useSecondsSince(key: unknown): number {
  const at = useRef(clock.now());
  const [now, setNow] = useState(clock.now());
  useEffect(() => {
    at.current = clock.now();
    setNow(at.current);
    const id = clock.setInterval(() => setNow(clock.now()), 1000);
    return () => clock.clearInterval(id);
  }, [key]);
  return (now - at.current) / 1000;
}

/** The queue: position, the estimated wait and Cancel (SPEC §4 "Queue"). */
export function QueueView({ session, game }: { session: GameSession; game: Game }) {
  useSignals();
  const q = session.queue.value;
  const since = useSecondsSince(q?.polls);
  const position = q?.position ?? 0;
  const wait = q ? waitEstimate(q.waitSeconds, since, position) : 0;
  return (
    <section className="gs-layer gs-queue" aria-label="Queue">
      <img className="gs-art gs-art--dim" src={game.banner} alt="" />
      <div className="gs-card">
        <p className="muted small">{game.title}</p>
        <h1 className="gs-queue__pos">
          {position > 0 ? (
            <>
              You are <strong data-testid="queue-position">#{position}</strong> in the queue
            </>
          ) : (
            'Your seat is ready'
          )}
        </h1>
        {position > 0 && <p className="muted">Estimated wait: {formatWait(wait)}</p>}
        <Button variant="secondary" onClick={() => session.cancelQueue()}>
          Cancel queue
        </Button>
      </div>
    </section>
  );
}

/** The seat is ready: 40 s to take it (SPEC §4, §9). */
export function SeatDialog({ session }: { session: GameSession }) {
  useSignals();
  const left = session.seatSecondsLeft.value ?? 0;
  return (
    <Dialog open title="Your seat is ready" onClose={() => undefined} dismissOnBackdrop={false}>
      <p className="gs-dialog__text">
        Take it within <strong data-testid="seat-countdown">{formatClock(left)}</strong> or it goes to the next player.
      </p>
      <div className="gs-dialog__actions">
        <Button variant="secondary" onClick={() => session.cancelQueue()}>
          Leave queue
        </Button>
        <Button onClick={() => session.acceptSeat()}>Play now</Button>
      </div>
    </Dialog>
  );
}
