import { describe, expect, it, vi } from 'vitest';
import type { SignInConf, SignInState } from '../../../web/api/contract.ts';
import { createDailySignIn, grantedOn, localDay, msUntilNextDay, type DailySignInDeps, type GrantedRecord } from '../../../web/state/daily-signin.ts';
import { createManualClock } from '../../../web/core/clock.ts';

const conf = (today: SignInState, duration = 1800): SignInConf =>
  ({
    current_week: 3,
    user_sign_data: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, state: day < 3 ? 1 : day === 3 ? today : 0, duration })),
  }) as SignInConf;

function rig(start: number, opts: { today?: SignInState; auto?: boolean } = {}) {
  const clock = createManualClock(start);
  const stored = new Map<number, unknown>();
  const granted: (number | null)[] = [];
  const toasts: number[] = [];
  let today: SignInState = opts.today ?? 0;
  const deps: DailySignInDeps = {
    clock,
    uid: () => 7,
    canAuto: async () => opts.auto ?? true,
    conf: vi.fn(async () => conf(today)),
    signIn: vi.fn(async () => {
      today = 1;
      return { ...conf(1), duration: 1800 } as never;
    }),
    read: (uid) => stored.get(uid),
    write: (uid, r: GrantedRecord) => stored.set(uid, r),
    onGranted: (s, fresh) => {
      granted.push(s);
      if (fresh && s !== null) toasts.push(s);
    },
  };
  const next = (t: SignInState): void => {
    today = t;
  };
  return { clock, deps, stored, granted, toasts, next, d: createDailySignIn(deps) };
}

const NOON = new Date(2026, 10, 24, 12, 0, 0).getTime();

describe('daily sign-in at start (SPEC §4 Sign-in; docs/decisions/0013-daily-sign-in.md)', () => {
  it('local days and the time to the next one', () => {
    expect(localDay(NOON)).toBe('2026-11-24');
    expect(msUntilNextDay(NOON)).toBe(12 * 3600_000 + 1000);
    expect(grantedOn({ day: '2026-11-24', granted: 60 }, '2026-11-24')).toBe(60);
    expect(grantedOn({ day: '2026-11-23', granted: 60 }, '2026-11-24')).toBeNull();
    expect(grantedOn('junk', '2026-11-24')).toBeNull();
  });

  it('today open: signs in once, stores the grant and tells it once, however often it is asked', async () => {
    const r = rig(NOON);
    const [a, b] = await Promise.all([r.d.run(), r.d.run()]);
    expect(a).toEqual({ kind: 'granted', seconds: 1800 });
    expect(b).toBe(a);
    await r.d.run();
    expect(r.deps.signIn).toHaveBeenCalledTimes(1);
    expect(r.toasts).toEqual([1800]);
    expect(r.stored.get(7)).toEqual({ day: '2026-11-24', granted: 1800 });
  });

  it('already signed (another device): no sign_in, the grant of today shown without a toast', async () => {
    const r = rig(NOON, { today: 1 });
    expect(await r.d.run()).toEqual({ kind: 'already', seconds: 1800 });
    expect(r.deps.signIn).not.toHaveBeenCalled();
    expect(r.toasts).toEqual([]);
    expect(r.granted.at(-1)).toBe(1800);
  });

  it('a grant stored for today (a reload) is shown without asking the server', async () => {
    const r = rig(NOON);
    r.stored.set(7, { day: '2026-11-24', granted: 900 });
    expect(await r.d.run()).toEqual({ kind: 'already', seconds: 900 });
    expect(r.deps.conf).not.toHaveBeenCalled();
  });

  it('today missed (-1): nothing is called or shown', async () => {
    const r = rig(NOON, { today: -1 });
    expect(await r.d.run()).toEqual({ kind: 'none' });
    expect(r.deps.signIn).not.toHaveBeenCalled();
    expect(r.granted.at(-1)).toBeNull();
  });

  it('auto sign-in not allowed (single mode): only the button signs in', async () => {
    const r = rig(NOON, { auto: false });
    expect(await r.d.run()).toEqual({ kind: 'none' });
    expect(r.deps.conf).not.toHaveBeenCalled();
    expect(await r.d.signInNow()).toEqual({ kind: 'granted', seconds: 1800 });
  });

  it('the day changing while open signs in again at the next midnight, by one timer', async () => {
    const r = rig(NOON);
    r.d.start();
    await vi.waitFor(() => expect(r.deps.signIn).toHaveBeenCalledTimes(1));
    r.next(0);
    r.clock.advance(12 * 3600_000 - 1000);
    await Promise.resolve();
    expect(r.deps.signIn).toHaveBeenCalledTimes(1);
    r.clock.advance(2000);
    await vi.waitFor(() => expect(r.deps.signIn).toHaveBeenCalledTimes(2));
    expect(r.stored.get(7)).toEqual({ day: '2026-11-25', granted: 1800 });
    r.d.stop();
  });
});
