import { describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import { createManualClock } from '../../../web/core/clock.ts';
import { createAuthStore, freshUser, type SessionPort } from '../../../web/state/auth.ts';
import type { LoginInfo, UserInfo } from '../../../web/api/contract.ts';

const info: LoginInfo = { username: 'p', swcloud_uid: 7, mobile: '13800000001', avatar: '', deviceID: 'd', gly_token: 'tok' };
const user = { member_status: 1, duration_coin: 100 } as UserInfo;

function memorySession(): SessionPort & { stored: LoginInfo | null; token: string | null } {
  return {
    stored: null,
    token: null,
    getToken() {
      return this.token;
    },
    setToken(t) {
      this.token = t;
    },
    async saveLoginInfo(i) {
      this.stored = i;
    },
    async loadLoginInfo() {
      return this.stored;
    },
    clear() {
      this.stored = null;
      this.token = null;
    },
  };
}

describe('auth store (SPEC §3 login info, §8 30001)', () => {
  it('stores login info and token, then fetches the balance', async () => {
    const session = memorySession();
    const getUserBalance = vi.fn(async () => user);
    const auth = createAuthStore({ session, api: () => ({ getUserBalance }) });
    await auth.loggedIn(info);
    expect(session.token).toBe('tok');
    expect(session.stored).toEqual(info);
    expect(getUserBalance).toHaveBeenCalledWith({ uid: 7 }, { silent: true, background: true });
    expect(auth.$user.get()).toBe(user);
    expect(auth.isLoggedIn()).toBe(true);
  });

  it('restores a previous visit and drops a token whose login info is unreadable', async () => {
    const session = memorySession();
    session.token = 'tok';
    session.stored = info;
    const auth = createAuthStore({ session, api: () => ({ getUserBalance: vi.fn() }) });
    await auth.restore();
    expect(auth.$auth.get()).toEqual({ token: 'tok', loginInfo: info });
    session.stored = null;
    await auth.restore();
    expect(auth.$auth.get()).toEqual({ token: null, loginInfo: null });
    expect(session.token).toBeNull();
    // The session store keeps opaque JSON (core/storage/session.ts): a stored value of another shape is no login.
    session.token = 'tok';
    session.stored = { username: 'p' } as LoginInfo;
    await auth.restore();
    expect(auth.$auth.get()).toEqual({ token: null, loginInfo: null });
    expect(session.token).toBeNull();
  });

  it('logout clears the session and the balance; setUser is ignored when logged out', async () => {
    const session = memorySession();
    const auth = createAuthStore({ session, api: () => ({ getUserBalance: vi.fn(async () => user) }) });
    await auth.loggedIn(info);
    auth.logout();
    expect(auth.$user.get()).toBeNull();
    expect(session.token).toBeNull();
    auth.setUser(user);
    expect(auth.$user.get()).toBeNull();
  });

  it('shares one balance request between callers instead of repeating it (SPEC §5)', async () => {
    const session = memorySession();
    let resolve: (u: UserInfo) => void = () => undefined;
    const getUserBalance = vi.fn(() => new Promise<UserInfo>((r) => (resolve = r)));
    const auth = createAuthStore({ session, api: () => ({ getUserBalance }) });
    session.token = 'tok';
    session.stored = info;
    await auth.restore();
    const a = auth.refreshBalance();
    const b = auth.refreshBalance();
    resolve(user);
    await expect(a).resolves.toBe(user);
    await expect(b).resolves.toBe(user);
    expect(getUserBalance).toHaveBeenCalledTimes(1);
  });
});

describe('freshUser (the balance a pop-up or the play-time page decides on)', () => {
  const store = (refresh: () => Promise<UserInfo | null>, now: UserInfo | null = null) => ({ refreshBalance: refresh, $user: atom<UserInfo | null>(now) });

  it('answers the refreshed balance', async () => {
    const clock = createManualClock();
    await expect(freshUser(store(async () => user), clock)).resolves.toBe(user);
  });

  it('when the refresh is refused, answers what the store holds, or waits for the refresh in flight', async () => {
    const clock = createManualClock();
    const held = { member_status: 0 } as UserInfo;
    await expect(freshUser(store(() => Promise.reject(new Error('repeat')), held), clock)).resolves.toBe(held);
    const s = store(() => Promise.reject(new Error('repeat')));
    const answer = freshUser(s, clock);
    await Promise.resolve();
    s.$user.set(user);
    await expect(answer).resolves.toBe(user);
    expect(clock.pending()).toBe(0);
  });

  it('settles for no user after waitMs without an answer', async () => {
    const clock = createManualClock();
    const answer = freshUser(store(() => Promise.reject(new Error('repeat'))), clock, 8000);
    await Promise.resolve();
    await Promise.resolve();
    clock.advance(7999);
    let settled = false;
    void answer.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    clock.advance(1);
    await expect(answer).resolves.toBeNull();
  });
});
