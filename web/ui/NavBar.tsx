import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/navbar', { back: 'Back' });

/** The page's top bar: back, title, an optional action (height from the route meta, in rpx). */
export function NavBar({
  title,
  onBack,
  right,
  height = 125,
}: {
  title: ReactNode;
  onBack?: (() => void) | undefined;
  right?: ReactNode;
  height?: number;
}) {
  const t = useStore(msgs);
  return (
    <header className="navbar" style={{ height: `calc(${height} * var(--rpx))` }}>
      {onBack ? (
        <button type="button" className="navbar__back" onClick={onBack} aria-label={t.back}>
          <Icon name="back" />
        </button>
      ) : (
        <span className="navbar__spacer" />
      )}
      <h1 className="navbar__title">{title}</h1>
      <span className="navbar__right">{right}</span>
    </header>
  );
}
