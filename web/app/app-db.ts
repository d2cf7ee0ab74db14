/**
 * The local database as the app opens it: `openAppDb` plus telling the
 * player, once a visit, when an old tab blocks it (decision 0008 §3). Every
 * caller already runs on defaults when the database cannot be had; without
 * this the reason would stay invisible and settings would silently not stick.
 */
import { DbBlockedError, openAppDb, type AppDb } from '../core/storage/db.ts';
import { toaster } from './services.ts';
import { messages } from '../core/i18n/messages.ts';

const msgs = messages('app/db', {
  blocked: 'This app is open in another tab or window with an older version. Close it and reload to keep your settings.',
});

/** Long enough to read a two-line sentence. */
const BLOCKED_TOAST_MS = 5000;
let told = false;

export function openDb(): Promise<AppDb> {
  return openAppDb().catch((err: unknown) => {
    if (err instanceof DbBlockedError && !told) {
      told = true;
      toaster.show({ title: msgs.get().blocked, icon: 'none', duration: BLOCKED_TOAST_MS });
    }
    throw err;
  });
}
