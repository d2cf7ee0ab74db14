import { Button } from './Button.tsx';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/load-failed', { tryAgain: 'Try again' });

/** A card saying what could not be loaded, with a retry: the account and shop pages' failed-request state. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useStore(msgs);
  return (
    <div className="card center-stack" role="alert">
      <p className="muted">{message}</p>
      <Button onClick={onRetry}>{t.tryAgain}</Button>
    </div>
  );
}
