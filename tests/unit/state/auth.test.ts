import { describe, expect, it, vi } from 'vitest';
import { createAuthStore, type SessionPort } from '../../../web/state/auth.ts';
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
    expect(getUserBalance).toHaveBeenCalledWith({ uid: 7 }, { silent: true });
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
