import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

/** The body of the 403/404/500/503 pages: what happened, and a way on. */
export function ErrorView({
  code,
  title,
  message,
  actions,
}: {
  code: number;
  title: string;
  message: string;
  actions: ReactNode;
}) {
  return (
    <section className="error-view" aria-labelledby="error-title">
      <div className="error-view__code" aria-hidden="true">
        {code}
      </div>
      <h1 id="error-title" className="error-view__title">
        {title}
      </h1>
      <p className="error-view__message">{message}</p>
      <div className="error-view__actions">{actions}</div>
    </section>
  );
}

export { Button };
