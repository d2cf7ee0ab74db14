import type { AppUpdate } from '../core/app-update.ts';
import { showUpdatePrompt } from '../core/app-update.ts';
import type { PageKey } from '../core/paths.ts';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/update-bar', { ready: 'New version available', reload: 'Reload' });

/** A new version waits (core/app-update.ts): one tap reloads into it. Held back on the game screen. */
export function UpdateBar({ update, page }: { update: AppUpdate; page: PageKey | null }) {
  const t = useStore(msgs);
  const ready = useStore(update.ready);
  if (!showUpdatePrompt(ready, page)) return null;
  return (
    <div className="storage-bar update-bar" role="status">
      <span>{t.ready}</span>
      <button type="button" className="update-bar__reload" onClick={() => update.accept()}>
        {t.reload}
      </button>
    </div>
  );
}
