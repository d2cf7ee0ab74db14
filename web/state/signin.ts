/**
 * Daily sign-in on the play-time page (SPEC §4 "Sign-in"). Slot states come
 * from sign_in_conf / sign_in: -1 missed, 0 not yet, 1 signed.
 *
 * SPEC §4 says: "if today's slot is -1 or 0, mark -1. Otherwise sign in and
 * store the granted duration." Read word for word against these states that
 * would mark an unsigned today as missed and call sign_in only once today is
 * already signed, so nobody could ever sign in. We read the marking half as
 * applying to the days before today (a past day still at -1 or 0 is shown
 * -1, missed) and sign in when today is 0; see `signInAction`.
 */
import type { SignInConf, SignInDay, SignInResult, SignInState } from '../api/contract.ts';

export type SignInAction =
  /** Today is open: call sign_in. */
  | 'sign-in'
  /** Today is already signed: nothing to do. */
  | 'signed'
  /** The server already counts today as missed, or the week has no today: do not call. */
  | 'unavailable';

export function todaySlot(conf: Pick<SignInConf, 'user_sign_data' | 'current_week'>): SignInDay | undefined {
  return conf.user_sign_data.find((d) => d.day === conf.current_week);
}

/** What the sign-in button (and auto sign-in) should do now. */
export function signInAction(conf: Pick<SignInConf, 'user_sign_data' | 'current_week'>): SignInAction {
  const today = todaySlot(conf);
  if (!today) return 'unavailable';
  if (today.state === 1) return 'signed';
  if (today.state === 0) return 'sign-in';
  return 'unavailable';
}

/** The strip to show: days before today still at -1 or 0 are marked -1 (missed); today and later keep their state. */
export function markMissedDays(days: readonly SignInDay[], currentWeek: number): SignInDay[] {
  return days.map((d) => (d.day < currentWeek && (d.state === -1 || d.state === 0) ? { ...d, state: -1 as SignInState } : d));
}

export interface SignInView {
  days: SignInDay[];
  currentWeek: number;
  action: SignInAction;
  /** Play time granted by the sign-in just made (seconds), stored for the "+N" line; 0 before. */
  granted: number;
}

export function viewFromConf(conf: SignInConf): SignInView {
  return { days: markMissedDays(conf.user_sign_data, conf.current_week), currentWeek: conf.current_week, action: signInAction(conf), granted: 0 };
}

/** After sign_in answered: the server's strip (today now 1) and the granted duration kept. */
export function viewAfterSignIn(result: SignInResult): SignInView {
  const conf = { user_sign_data: result.user_sign_data, current_week: result.current_week };
  return { days: markMissedDays(conf.user_sign_data, conf.current_week), currentWeek: conf.current_week, action: signInAction(conf), granted: result.duration };
}
