import { Button } from './Button.tsx';

/** A card saying what could not be loaded, with a retry: the account and shop pages' failed-request state. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card center-stack" role="alert">
      <p className="muted">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
