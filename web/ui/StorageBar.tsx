import { useState } from 'react';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/storage-bar', {
  off: 'Site data is off in this browser: nothing will be remembered after you close or reload this page.',
  dismiss: 'Dismiss',
});

/** Site data is off (core/storage/browser.ts): said once a visit, so a lost login after a reload is not a mystery. */
export function StorageBar() {
  const t = useStore(msgs);
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className="storage-bar" role="status">
      <span>{t.off}</span>
      <button type="button" aria-label={t.dismiss} onClick={() => setOpen(false)}>
        ×
      </button>
    </div>
  );
}
