/**
 * Who is logged in. A nanostore rather than a signal: it outlives every page,
 * and the shell's guard and the HTTP client read it outside React.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { LoginInfo, UserInfo } from '../api/contract.ts';
import type { Api } from '../api/endpoints.ts';
import type { Clock } from '../core/clock.ts';

export interface AuthState {
  token: string | null;
  loginInfo: LoginInfo | null;
}

/** The part of the core session store this store needs (SPEC §3 login info). */
export interface SessionPort {
  getToken(): string | null;
  setToken(token: string): void;
  saveLoginInfo(info: LoginInfo): Promise<void>;
  /** Whatever an earlier visit saved, unchecked: core keeps it as opaque JSON (decision 0004). */
  loadLoginInfo(): Promise<unknown>;
  clear(): void;
}

/** Stored login info another version of the app wrote, or a tampered one, is not taken for a login. */
function isLoginInfo(v: unknown): v is LoginInfo {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.username === 'string' && typeof o.mobile === 'string' && typeof o.gly_token === 'string';
}

export interface AuthStore {
  $auth: ReadableAtom<AuthState>;
  $user: ReadableAtom<UserInfo | null>;
  /** Reads what a previous visit stored; a token without readable login info is dropped. */
  restore(): Promise<void>;
  /** Stores a successful web_login answer, then fetches the balance. */
  loggedIn(info: LoginInfo): Promise<void>;
  refreshBalance(): Promise<UserInfo | null>;
  /** A newer balance from elsewhere (the duration socket's 200 message, SPEC §4). */
  setUser(user: UserInfo): void;
  /** SPEC §8 (30001) and "log out": clears the session and nothing else. */
  logout(): void;
  isLoggedIn(): boolean;
}

export function createAuthStore(deps: { session: SessionPort; api: () => Pick<Api, 'getUserBalance'> }): AuthStore {
  const $auth = atom<AuthState>({ token: deps.session.getToken(), loginInfo: null });
  const $user = atom<UserInfo | null>(null);

  // Several screens ask for the balance at once (app start, then the page): they share one
  // request instead of the second being refused as a repeat (SPEC §5).
  let pending: Promise<UserInfo | null> | null = null;
  const refreshBalance = (): Promise<UserInfo | null> => {
    const info = $auth.get().loginInfo;
    if (!info) return Promise.resolve(null);
    pending ??= deps
      .api()
      .getUserBalance({ uid: info.swcloud_uid }, { silent: true, background: true })
      .then((user) => {
        if ($auth.get().loginInfo === info) $user.set(user);
        return user;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };

  return {
    $auth,
    $user,
    async restore() {
      const token = deps.session.getToken();
      if (!token) {
        $auth.set({ token: null, loginInfo: null });
        return;
      }
      const loginInfo = await deps.session.loadLoginInfo();
      if (!isLoginInfo(loginInfo)) {
        deps.session.clear();
        $auth.set({ token: null, loginInfo: null });
        return;
      }
      $auth.set({ token, loginInfo });
    },
    async loggedIn(info) {
      deps.session.setToken(info.gly_token);
      await deps.session.saveLoginInfo(info);
      $auth.set({ token: info.gly_token, loginInfo: info });
      await refreshBalance().catch(() => null);
    },
    refreshBalance,
    setUser(user) {
      if ($auth.get().token) $user.set(user);
    },
    logout() {
      deps.session.clear();
      $auth.set({ token: null, loginInfo: null });
      $user.set(null);
    },
    isLoggedIn: () => !!$auth.get().token,
  };
}

/**
 * The fresh balance. A refresh already in flight (the app start asks too) is
 * refused as a repeat by the HTTP client, so then wait for that one's answer,
 * at most `waitMs`, and settle for what the store holds.
 */
export function freshUser(auth: Pick<AuthStore, 'refreshBalance' | '$user'>, clock: Clock, waitMs = 8000): Promise<UserInfo | null> {
  return auth.refreshBalance().catch(
    () =>
      new Promise<UserInfo | null>((resolve) => {
        const now = auth.$user.get();
        if (now) return resolve(now);
        const timer = clock.setTimeout(() => {
          off();
          resolve(auth.$user.get());
        }, waitMs);
        const off = auth.$user.listen((u) => {
          if (!u) return;
          clock.clearTimeout(timer);
          off();
          resolve(u);
        });
      }),
  );
}
