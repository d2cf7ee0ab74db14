import { useSignals } from '@preact/signals-react/runtime';
import type { GameSession } from '../game/index.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { formatClock } from '../state/format.ts';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('game/seat', {
  seatReady: 'Your seat is ready',
  takeWithin: 'Take it within',
  orNext: 'or it goes to the next player.',
  leaveQueue: 'Leave queue',
  playNow: 'Play now',
});

/**
 * The seat is ready: 40 s to take it (SPEC §4, §9), on the game screen and, while the player is elsewhere, on every
 * page (decision 0012). `onAccepted` takes the player to the game screen when they are not on it.
 */
export function SeatDialog({ session, onAccepted }: { session: GameSession; onAccepted?: () => void }) {
  useSignals();
  const t = useStore(msgs);
  const left = session.seatSecondsLeft.value ?? 0;
  return (
    <Dialog open title={t.seatReady} onClose={() => undefined} dismissOnBackdrop={false}>
      <p className="gs-dialog__text">
        {t.takeWithin} <strong data-testid="seat-countdown">{formatClock(left)}</strong> {t.orNext}
      </p>
      <div className="gs-dialog__actions">
        <Button variant="secondary" onClick={() => session.cancelQueue()}>
          {t.leaveQueue}
        </Button>
        <Button
          onClick={() => {
            session.acceptSeat();
            onAccepted?.();
          }}
        >
          {t.playNow}
        </Button>
      </div>
    </Dialog>
  );
}
