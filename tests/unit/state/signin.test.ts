import { describe, expect, it } from 'vitest';
import type { SignInDay, SignInResult, SignInState } from '../../../web/api/contract.ts';
import { markMissedDays, signInAction, todaySlot, viewAfterSignIn, viewFromConf } from '../../../web/state/signin.ts';
import { readSingleMode, rememberSingleMode, SINGLE_MODE_KEY } from '../../../web/app/channel.ts';

const week = (states: SignInState[]): SignInDay[] =>
  states.map((state, i) => ({ day: i + 1, date: `2025-06-0${i + 2}`, duration: 600 * (i + 1), state }));

describe('sign-in (SPEC §4 Sign-in)', () => {
  it("finds today's slot by current_week", () => {
    expect(todaySlot({ user_sign_data: week([1, 0, 0, 0, 0, 0, 0]), current_week: 2 })?.day).toBe(2);
    expect(todaySlot({ user_sign_data: [], current_week: 2 })).toBeUndefined();
  });

  it('signs in when today is 0 (not yet), and does nothing when today is already 1', () => {
    expect(signInAction({ user_sign_data: week([1, -1, 0, 0, 0, 0, 0]), current_week: 3 })).toBe('sign-in');
    expect(signInAction({ user_sign_data: week([1, -1, 1, 0, 0, 0, 0]), current_week: 3 })).toBe('signed');
  });

  it('never calls sign_in when the server counts today as missed (-1) or the week has no today', () => {
    expect(signInAction({ user_sign_data: week([1, -1, -1, 0, 0, 0, 0]), current_week: 3 })).toBe('unavailable');
    expect(signInAction({ user_sign_data: week([0, 0, 0]), current_week: 7 })).toBe('unavailable');
  });

  it('marks past days at -1 or 0 as -1 (missed) and leaves today and later days alone', () => {
    const days = markMissedDays(week([0, 1, -1, 0, 0, 0, 0]), 4);
    expect(days.map((d) => d.state)).toEqual([-1, 1, -1, 0, 0, 0, 0]);
  });

  it('keeps the granted duration after signing in and shows today signed', () => {
    const result: SignInResult = { user_sign_data: week([1, 0, 1, 0, 0, 0, 0]), current_week: 3, duration: 1800, user_duration: 5400, duration_coin: 9000 };
    const v = viewAfterSignIn(result);
    expect(v.granted).toBe(1800);
    expect(v.action).toBe('signed');
    expect(v.days.map((d) => d.state)).toEqual([1, -1, 1, 0, 0, 0, 0]);
    const before = viewFromConf({ user_sign_data: week([1, 0, 0, 0, 0, 0, 0]), current_week: 3, week_start: '2025-06-02', signed_today: 0 });
    expect(before.granted).toBe(0);
    expect(before.action).toBe('sign-in');
  });

  it('remembers single-game mode for the visit (SPEC §2) so auto sign-in can be skipped', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readSingleMode(storage)).toBe(false);
    rememberSingleMode(storage, false);
    expect(store.has(SINGLE_MODE_KEY)).toBe(false);
    rememberSingleMode(storage, true);
    expect(readSingleMode(storage)).toBe(true);
    expect(readSingleMode(undefined)).toBe(false);
    expect(readSingleMode({ getItem: () => { throw new Error('denied'); } })).toBe(false);
  });
});
