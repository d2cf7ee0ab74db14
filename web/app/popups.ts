/**
 * The purchase pop-ups on their own (web/state/popup-schedule.ts) over the
 * app's user, system info, local database and channel. Loaded with a
 * dynamic import by PopupHost when a logged-in player reaches a place.
 */
import { auth, clock, getAppDeviceId, storage, toaster } from './services.ts';
import { systemInfo } from './system-info.ts';
import { openDb } from './app-db.ts';
import { readSingleMode } from './channel.ts';
import { shownPopup } from './shown.ts';
import { queueInProgress } from './queue-slot.ts';
import { freshUser } from '../state/auth.ts';
import { POPUP_EXPIRE_FIELD } from '../state/popup.ts';
import { duePopup, popupPlace } from '../state/popup-schedule.ts';
import { USER_DEFAULTS } from '../core/storage/db-schema.ts';

async function readRecord(): Promise<{ recommend: number; activity: number; singleOnly: number }> {
  const db = await openDb();
  try {
    const u = await db.getUser(getAppDeviceId());
    return { recommend: u[POPUP_EXPIRE_FIELD.recommend], activity: u[POPUP_EXPIRE_FIELD.activity], singleOnly: u.single_only_member_dialog };
  } finally {
    db.close();
  }
}

/** Resolves once no toast is on screen (a toast hides itself after its duration; a loading one when its call ends). */
function toastGone(): Promise<void> {
  if (toaster.state.get() === null) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = toaster.state.listen((t) => {
      if (t !== null) return;
      stop();
      resolve();
    });
  });
}

let checking = false;
/** At a place (home, leaving a game): shows the pop-up due, if any (one at a time; none while one is open or being decided). */
export async function considerPopup(page: string | null, previous: string | null): Promise<void> {
  if (popupPlace(page, previous) === null) return;
  if (checking || shownPopup.get() !== null || !auth.isLoggedIn()) return;
  checking = true;
  try {
    const [user, record] = await Promise.all([
      freshUser(auth, clock),
      // No database (site data off): nothing was ever closed here, so the pop-ups follow the defaults.
      readRecord().catch(() => ({ recommend: 0, activity: 0, singleOnly: USER_DEFAULTS.single_only_member_dialog })),
      systemInfo.load().catch(() => null),
    ]);
    // Only a new player can owe the questionnaire: nobody else loads the guide's code.
    const questionnaireDue = user?.is_new_user === 1 && (await import('./guide.ts').then((m) => m.questionnaireDue(user)));
    const kind = duePopup({
      user,
      expires: { recommend: record.recommend, activity: record.activity },
      now: clock.now(),
      singleMode: readSingleMode(storage.session),
      singleOnlyMemberDialog: record.singleOnly,
      questionnaireDue,
      queued: queueInProgress.get(),
    });
    if (!kind) return;
    // One thing at a time: a toast already up (the day's sign-in grant at login) would sit over the offer's price.
    await toastGone();
    if (auth.isLoggedIn() && shownPopup.get() === null && !queueInProgress.get()) shownPopup.set(kind);
  } finally {
    checking = false;
  }
}
