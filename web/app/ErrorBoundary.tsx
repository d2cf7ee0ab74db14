import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from '../ui/use-store.ts';

const msgs = messages('app/error-boundary', { crashed: 'Something went wrong on this page.', tryAgain: 'Try again' });

function Crashed({ onRetry }: { onRetry: () => void }) {
  const t = useStore(msgs);
  return (
    <div className="page-error" role="alert">
      <p>{t.crashed}</p>
      <Button onClick={onRetry}>{t.tryAgain}</Button>
    </div>
  );
}

/** A page that throws while rendering shows a message instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page crashed', error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <Crashed onRetry={() => this.setState({ error: null })} />;
  }
}
