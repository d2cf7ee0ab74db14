import { useState } from 'react';

/** Site data is off (core/storage/browser.ts): said once a visit, so a lost login after a reload is not a mystery. */
export function StorageBar() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className="storage-bar" role="status">
      <span>Site data is off in this browser: nothing will be remembered after you close or reload this page.</span>
      <button type="button" aria-label="Dismiss" onClick={() => setOpen(false)}>
        ×
      </button>
    </div>
  );
}
