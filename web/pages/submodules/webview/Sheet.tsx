import type { ReactNode } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import { closeOverlay } from './overlay.ts';
import { messages } from '../../../core/i18n/messages.ts';
import { useStore } from '../../../ui/use-store.ts';

const msgs = messages('webview/sheet', { close: 'Close' });

/** A bottom sheet over a transparent page; the dimmed area above closes it. */
export function Sheet({ title, children }: { title: string; children: ReactNode }) {
  const t = useStore(msgs);
  return (
    <div className="overlay-page sheet-backdrop" onClick={(e) => e.target === e.currentTarget && closeOverlay()}>
      <section className="sheet" role="dialog" aria-modal="true" aria-label={title}>
        <header className="sheet__head">
          <h1 className="sheet__title">{title}</h1>
          <button type="button" className="sheet__close" aria-label={t.close} onClick={closeOverlay}>
            <Icon name="close" size={20} />
          </button>
        </header>
        <div className="sheet__body">{children}</div>
      </section>
    </div>
  );
}
