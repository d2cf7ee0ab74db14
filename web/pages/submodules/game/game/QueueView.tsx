import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Game } from '../../../../api/contract.ts';
import { clock } from '../../../../app/services.ts';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';
import { formatWait, waitEstimate, waitTexts } from '../../../../state/queue-wait.ts';

const msgs = messages('game/queue', {
  queue: 'Queue',
  youAre: 'You are',
  inQueue: 'in the queue',
  seatReady: 'Your seat is ready',
  estimatedWait: params('Estimated wait: {wait}'),
  cancelQueue: 'Cancel queue',
});

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
  const t = useStore(msgs);
  const tw = useStore(waitTexts);
  const q = session.queue.value;
  const since = useSecondsSince(q?.polls);
  const position = q?.position ?? 0;
  const wait = q ? waitEstimate(q.waitSeconds, since, position) : 0;
  return (
    <section className="gs-layer gs-queue" aria-label={t.queue}>
      <img className="gs-art gs-art--dim" src={game.banner} alt="" />
      <div className="gs-card">
        <p className="muted small">{game.title}</p>
        <h1 className="gs-queue__pos">
          {position > 0 ? (
            <>
              {t.youAre} <strong data-testid="queue-position">#{position}</strong> {t.inQueue}
            </>
          ) : (
            t.seatReady
          )}
        </h1>
        {position > 0 && <p className="muted">{t.estimatedWait({ wait: formatWait(wait, tw) })}</p>}
        <Button variant="secondary" onClick={() => session.cancelQueue()}>
          {t.cancelQueue}
        </Button>
      </div>
    </section>
  );
}
