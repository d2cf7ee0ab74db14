/**
 * The daily sign-in at app start (SPEC §4 Sign-in; reading and cases in
 * docs/decisions/0013-daily-sign-in.md). Once per user and local day: at
 * start when logged in, after a login, and when the day changes while the
 * app is open (one timer set for the next midnight, not a poll). The play
 * time granted is stored per user for the day, so Home, Mine and Play time
 * show it after a reload without signing in twice. Clock, calls and
 * storage are handed in.
 */
import type { Clock } from '../core/clock.ts';
import type { SignInConf, SignInResult } from '../api/contract.ts';
import { signInAction, todaySlot } from './signin.ts';

/** What one user's sign-in gave on one local day. */
export interface GrantedRecord {
  day: string;
  /** Seconds of play time. */
  granted: number;
}

export const grantedKey = (uid: number): string => `signin_granted_${uid}`;

const pad = (n: number): string => String(n).padStart(2, '0');
/** The player's calendar day of a time ("2026-11-24"), in the device's time zone. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Milliseconds from `ms` to one second past the next local midnight (the second keeps a slightly early timer on the old day out). */
export function msUntilNextDay(ms: number): number {
  const d = new Date(ms);
  const next = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 0, 0, 1).getTime();
  return Math.max(1000, next - ms);
}

/** The granted seconds stored for `day`, or null when nothing (or another day, or junk) is stored. */
export function grantedOn(stored: unknown, day: string): number | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const r = stored as Partial<GrantedRecord>;
  return r.day === day && typeof r.granted === 'number' && Number.isFinite(r.granted) && r.granted >= 0 ? r.granted : null;
}

export type SignInOutcome =
  /** sign_in was called now and granted this much: say so. */
  | { kind: 'granted'; seconds: number }
  /** Today was already signed (here earlier, or on another device): the grant is shown, nothing said. */
  | { kind: 'already'; seconds: number }
  /** Today cannot be signed (missed, no slot, or auto sign-in not allowed here) or the call failed. */
  | { kind: 'none' };

export interface DailySignInDeps {
  clock: Clock;
  /** The logged-in user's uid, or null. */
  uid(): number | null;
  /** SPEC §4: false in single mode unless the channel allows it and the user is a member. */
  canAuto(): Promise<boolean>;
  conf(uid: number): Promise<SignInConf>;
  signIn(uid: number): Promise<SignInResult>;
  read(uid: number): unknown;
  write(uid: number, record: GrantedRecord): void;
  /** Today's grant of the logged-in user (null: none); `fresh` when sign_in was just called. */
  onGranted(seconds: number | null, fresh: boolean): void;
}

export interface DailySignIn {
  /** Sign in for today if not yet done for this user and day; concurrent calls share one run. */
  run(): Promise<SignInOutcome>;
  /** The Play-time page's button: sign in now even where auto sign-in is not allowed. */
  signInNow(): Promise<SignInOutcome>;
  /** run() now and again each time the local day changes. */
  start(): void;
  stop(): void;
}

export function createDailySignIn(d: DailySignInDeps): DailySignIn {
  let done: { key: string; outcome: SignInOutcome } | null = null;
  let running: { key: string; p: Promise<SignInOutcome> } | null = null;
  let timer: number | undefined;

  const keep = (uid: number, day: string, seconds: number, fresh: boolean): void => {
    d.write(uid, { day, granted: seconds });
    d.onGranted(seconds, fresh);
  };

  const attempt = async (uid: number, day: string, auto: boolean): Promise<SignInOutcome> => {
    const stored = grantedOn(d.read(uid), day);
    if (stored !== null) {
      d.onGranted(stored, false);
      return { kind: 'already', seconds: stored };
    }
    d.onGranted(null, false);
    try {
      if (auto && !(await d.canAuto())) return { kind: 'none' };
      const conf = await d.conf(uid);
      const action = signInAction(conf);
      if (action === 'signed') {
        const seconds = todaySlot(conf)?.duration ?? 0;
        keep(uid, day, seconds, false);
        return { kind: 'already', seconds };
      }
      if (action !== 'sign-in') return { kind: 'none' };
      const result = await d.signIn(uid);
      keep(uid, day, result.duration, true);
      return { kind: 'granted', seconds: result.duration };
    } catch {
      return { kind: 'none' };
    }
  };

  const go = (auto: boolean): Promise<SignInOutcome> => {
    const uid = d.uid();
    if (uid === null) {
      d.onGranted(null, false);
      return Promise.resolve({ kind: 'none' });
    }
    const day = localDay(d.clock.now());
    const key = `${uid}|${day}`;
    if (running?.key === key) return running.p;
    // A day already settled for this user is not asked again; a failed or refused one is, by the button.
    if (auto && done?.key === key) return Promise.resolve(done.outcome);
    const p = attempt(uid, day, auto).then((outcome) => {
      if (running?.p === p) running = null;
      done = { key, outcome };
      return outcome;
    });
    running = { key, p };
    return p;
  };

  const schedule = (): void => {
    d.clock.clearTimeout(timer);
    timer = d.clock.setTimeout(() => {
      void go(true);
      schedule();
    }, msUntilNextDay(d.clock.now()));
  };

  return {
    run: () => go(true),
    signInNow: () => go(false),
    start() {
      void go(true);
      schedule();
    },
    stop() {
      d.clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
