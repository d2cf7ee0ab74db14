import type { QueueBarState } from '../game/index.ts';
import { messages, params } from '../core/i18n/messages.ts';
import { formatClock } from '../state/format.ts';
import { useStore } from './use-store.ts';

const msgs = messages('game/queue-bar', {
  label: 'Your queue',
  position: params('#{position} in the queue'),
  wait: params('Estimated wait: {wait}'),
  ready: 'Your seat is ready',
  expired: 'Your seat was not taken in time and went to the next player.',
  failed: 'The queue stopped.',
  back: 'Back to the game',
  cancel: 'Cancel queue',
  dismiss: 'Dismiss',
});

export type ShownQueueBar = Exclude<QueueBarState, { kind: 'none' }>;

/**
 * The compact queue bar shown on every page but the game screen while the player is queued (decision 0012): the
 * game, where the player stands, the estimated wait, cancel and the way back. After an expiry or a queue error it
 * says so until dismissed. A view only: `queueBarState` (web/game/queue-bar.ts) decides what it shows.
 */
export function QueueBar({
  state,
  wait,
  seatSecondsLeft,
  aboveTabs,
  onBack,
  onCancel,
  onDismiss,
}: {
  state: ShownQueueBar;
  /** The estimated wait as text (state/queue-wait.ts). */
  wait: string;
  seatSecondsLeft: number | null;
  aboveTabs: boolean;
  onBack(): void;
  onCancel(): void;
  onDismiss(): void;
}) {
  const t = useStore(msgs);
  const over = state.kind === 'expired' || state.kind === 'failed';
  return (
    <section className={`queue-bar${aboveTabs ? ' queue-bar--tabs' : ''}`} aria-label={t.label} data-testid="queue-bar" data-state={state.kind}>
      {state.game.cover ? <img className="queue-bar__cover" src={state.game.cover} alt="" /> : null}
      <div className="queue-bar__text">
        <p className="queue-bar__title">{state.game.title ?? state.game.game_key}</p>
        {state.kind === 'queued' && (
          <p className="queue-bar__status" aria-live="polite">
            <strong data-testid="queue-bar-position">{t.position({ position: state.position })}</strong> · {t.wait({ wait })}
          </p>
        )}
        {state.kind === 'ready' && (
          <p className="queue-bar__status" aria-live="polite">
            <strong>{t.ready}</strong> · {formatClock(seatSecondsLeft ?? 0)}
          </p>
        )}
        {state.kind === 'expired' && <p className="queue-bar__status" role="status">{t.expired}</p>}
        {state.kind === 'failed' && (
          <p className="queue-bar__status" role="status">
            {t.failed} {state.message}
          </p>
        )}
      </div>
      <div className="queue-bar__actions">
        {over ? (
          <button type="button" className="btn btn--secondary queue-bar__btn" onClick={onDismiss}>
            {t.dismiss}
          </button>
        ) : (
          <>
            {state.kind === 'queued' && (
              <button type="button" className="btn btn--secondary queue-bar__btn" onClick={onCancel}>
                {t.cancel}
              </button>
            )}
            <button type="button" className="btn btn--primary queue-bar__btn" onClick={onBack}>
              {t.back}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
