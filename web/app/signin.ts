/**
 * The app's daily sign-in (web/state/daily-signin.ts) over its API, clock
 * and storage: at start when logged in, after every login, and at each new
 * local day while open. A fresh grant is told in a toast; the grant feeds
 * `signInGranted` (Home, Mine, Play time). Loaded with a dynamic import.
 */
import { api, auth, clock, local, session, storage, toaster } from './services.ts';
import { systemInfo } from './system-info.ts';
import { readSingleMode } from './channel.ts';
import { shownPopup, signInGranted } from './shown.ts';
import { createDailySignIn, grantedKey, type DailySignIn } from '../state/daily-signin.ts';
import { canAutoSignIn } from '../state/rules.ts';
import { freshUser } from '../state/auth.ts';
import { formatDuration } from '../core/i18n/format-time.ts';
import { locale } from '../core/i18n/locale.ts';
import { messages, params } from '../core/i18n/messages.ts';

const msgs = messages('app/signin', { granted: params('Daily sign-in: +{gain} play time') });

export const dailySignIn: DailySignIn = createDailySignIn({
  clock,
  uid: () => auth.$auth.get().loginInfo?.swcloud_uid ?? null,
  async canAuto() {
    const [system, user] = await Promise.all([systemInfo.load().catch(() => null), freshUser(auth, clock)]);
    return canAutoSignIn({ singleMode: readSingleMode(storage.session), agentCode: session.getAgentCode(), system, user });
  },
  // Background: a failed sign-in at start must not move the player to an error page; the Play-time page says so.
  conf: (uid) => api.signInConf({ uid }, { silent: true, background: true }),
  signIn: (uid) => api.signIn({ uid }, { background: true }),
  read: (uid) => local.getOr<unknown>(grantedKey(uid), null),
  write: (uid, record) => local.set(grantedKey(uid), record),
  onGranted(seconds, fresh) {
    signInGranted.set(seconds);
    if (!fresh || seconds === null) return;
    // A purchase pop-up already on screen is not covered: Home and Mine show the grant anyway.
    if (shownPopup.get() === null) toaster.show({ title: msgs.get().granted({ gain: formatDuration(seconds, locale.get()) }), icon: 'success' });
    void auth.refreshBalance().catch(() => undefined);
  },
});

let wired = false;
/** Called once from startApp after the stored login was restored. */
export function wireDailySignIn(): void {
  if (wired) return;
  wired = true;
  dailySignIn.start();
  let uid = auth.$auth.get().loginInfo?.swcloud_uid ?? null;
  auth.$auth.listen((a) => {
    const next = a.loginInfo?.swcloud_uid ?? null;
    if (next === uid) return;
    uid = next;
    void dailySignIn.run();
  });
}
