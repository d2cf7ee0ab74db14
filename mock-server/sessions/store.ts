/**
 * A mock session's users, tokens and SMS sends, built fresh from the
 * fixtures for each session and again on each reset (the session's store
 * slot), so tests and QA sessions never share them. All times come from the
 * session's clock.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../web/core/clock.ts';
import { SMS_RESEND_SECONDS, type LoginInfo, type MemberStatus, type UserInfo } from '../../web/api/contract.ts';
import { TOKEN_TTL_MS } from '../limits.ts';
import type { AccountFixture, Fixtures } from '../fixtures/index.ts';
import { phoneKey } from '../phone.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UserRecord {
  uid: number;
  areaCode: string;
  mobile: string;
  username: string;
  avatar: string;
  /** Absolute end times in ms on the server clock; 0 when the user has none. */
  memberEndMs: number;
  quickEndMs: number;
  bgmemberEndMs: number;
  isAuth: 0 | 1;
  memberStatus: MemberStatus;
  quickStatus: 0 | 1;
  buyMember: 0 | 1;
  isNewUser: 0 | 1;
  trialStatus: 0 | 1;
  coinBalance: number;
  duration: number;
  coinBalanceDuration: number;
  durationCoin: number;
}

interface TokenRecord {
  uid: number;
  expiresAt: number;
}

export interface Store {
  /**
   * Every user record, live: the same objects the lookups answer. QA edits
   * them through json-server at `/__db/users` (mock-server/db.ts), which
   * calls `reindex()` after each write.
   */
  readonly users: UserRecord[];
  /** Rebuild the lookups from `users` after it was edited in place (records added, removed, phone changed). */
  reindex(): void;
  /** Scenario overrides of the balance (GameScript.user): applied to every user now and to every user created later. */
  applyUserOverrides(overrides: Partial<UserInfo>): void;
  /** The user for a phone number, if one exists. */
  findUser(areaCode: string, mobile: string): UserRecord | undefined;
  /** The user for a phone number, created as a new free user on first use. */
  findOrCreateUser(areaCode: string, mobile: string): UserRecord;
  userByUid(uid: number): UserRecord | undefined;
  /** Issue a fresh random token for `uid`, valid for the token lifetime (TOKEN_TTL_MS unless a scenario set another). */
  issueToken(uid: number): string;
  /** How long tokens issued from now on live (GameScript.tokenLifetimeMs); undefined restores TOKEN_TTL_MS. */
  setTokenLifetime(ms: number | undefined): void;
  /** Every token issued so far answers 30001 from now on (GameScript.tokenExpired); later logins work. */
  expireTokens(): void;
  /** The user a token belongs to, or undefined when unknown or expired. */
  userForToken(token: string): UserRecord | undefined;
  /**
   * Record an SMS send. Returns 0 when sent, or the seconds left before
   * another code may be sent to this number.
   */
  sendSms(areaCode: string, mobile: string): number;
  loginInfo(user: UserRecord, token: string, deviceId: string): LoginInfo;
  balance(user: UserRecord): UserInfo;
}

function endMs(now: number, days: number): number {
  return days > 0 ? now + days * DAY_MS : 0;
}

/** "YYYY-MM-DD HH:mm:ss" in China Standard Time (UTC+8, no DST), the way the backend formats dates; "" for none. */
export function formatBackendTime(ms: number): string {
  if (ms <= 0) return '';
  const d = new Date(ms + 8 * 60 * 60 * 1000);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

const seconds = (ms: number): number => Math.floor(ms / 1000);

/** Write a scenario's balance overrides (UserInfo names, times in seconds) onto a user record. */
export function applyOverrides(user: UserRecord, o: Partial<UserInfo>): void {
  if (o.is_auth !== undefined) user.isAuth = o.is_auth;
  if (o.member_status !== undefined) user.memberStatus = o.member_status;
  if (o.quick_status !== undefined) user.quickStatus = o.quick_status;
  if (o.buy_member !== undefined) user.buyMember = o.buy_member;
  if (o.is_new_user !== undefined) user.isNewUser = o.is_new_user;
  if (o.trial_status !== undefined) user.trialStatus = o.trial_status;
  if (o.coin_balance !== undefined) user.coinBalance = o.coin_balance;
  if (o.duration !== undefined) user.duration = o.duration;
  if (o.coin_balance_duration !== undefined) user.coinBalanceDuration = o.coin_balance_duration;
  if (o.duration_coin !== undefined) user.durationCoin = o.duration_coin;
  if (o.member_end_time !== undefined) user.memberEndMs = o.member_end_time * 1000;
  if (o.quick_end_time !== undefined) user.quickEndMs = o.quick_end_time * 1000;
  if (o.bgmember_end_time !== undefined) user.bgmemberEndMs = o.bgmember_end_time * 1000;
}

export function createStore(fixtures: Fixtures, clock: Clock): Store {
  const users: UserRecord[] = [];
  const byPhone = new Map<string, UserRecord>();
  const byUid = new Map<number, UserRecord>();
  let overrides: Partial<UserInfo> = {};
  const tokens = new Map<string, TokenRecord>();
  let tokenLifetimeMs = TOKEN_TTL_MS;
  const smsSentAt = new Map<string, number>();
  let nextUid = fixtures.users.first_new_uid;

  const add = (areaCode: string, mobile: string, uid: number, username: string, avatar: string, a: AccountFixture): UserRecord => {
    const now = clock.now();
    const user: UserRecord = {
      uid,
      areaCode,
      mobile,
      username,
      avatar,
      memberEndMs: endMs(now, a.member_days),
      quickEndMs: endMs(now, a.quick_days),
      bgmemberEndMs: endMs(now, a.bgmember_days),
      isAuth: a.is_auth,
      memberStatus: a.member_status,
      quickStatus: a.quick_status,
      buyMember: a.buy_member,
      isNewUser: a.is_new_user,
      trialStatus: a.trial_status,
      coinBalance: a.coin_balance,
      duration: a.duration,
      coinBalanceDuration: a.coin_balance_duration,
      durationCoin: a.duration_coin,
    };
    applyOverrides(user, overrides);
    users.push(user);
    byPhone.set(phoneKey(areaCode, mobile), user);
    byUid.set(uid, user);
    return user;
  };

  for (const p of fixtures.users.personas) add(p.area_code, p.mobile, p.swcloud_uid, p.username, p.avatar, p.account);

  return {
    users,
    reindex() {
      byPhone.clear();
      byUid.clear();
      for (const u of users) {
        byPhone.set(phoneKey(u.areaCode, u.mobile), u);
        byUid.set(u.uid, u);
        if (u.uid >= nextUid) nextUid = u.uid + 1;
      }
    },
    applyUserOverrides(o) {
      overrides = { ...overrides, ...o };
      for (const u of users) applyOverrides(u, o);
    },
    findUser: (areaCode, mobile) => byPhone.get(phoneKey(areaCode, mobile)),
    findOrCreateUser(areaCode, mobile) {
      const found = byPhone.get(phoneKey(areaCode, mobile));
      if (found) return found;
      const t = fixtures.users.new_user;
      return add(areaCode, mobile, nextUid++, `${t.username_prefix}${mobile.slice(-4)}`, t.avatar, t.account);
    },
    userByUid: (uid) => byUid.get(uid),
    issueToken(uid) {
      const token = randomBytes(24).toString('hex');
      tokens.set(token, { uid, expiresAt: clock.now() + tokenLifetimeMs });
      return token;
    },
    setTokenLifetime(ms) {
      tokenLifetimeMs = ms ?? TOKEN_TTL_MS;
    },
    expireTokens() {
      tokens.clear();
    },
    userForToken(token) {
      const t = tokens.get(token);
      if (!t) return undefined;
      if (clock.now() >= t.expiresAt) {
        tokens.delete(token);
        return undefined;
      }
      return byUid.get(t.uid);
    },
    sendSms(areaCode, mobile) {
      const key = phoneKey(areaCode, mobile);
      const now = clock.now();
      const last = smsSentAt.get(key);
      const waitMs = last === undefined ? 0 : last + SMS_RESEND_SECONDS * 1000 - now;
      if (waitMs > 0) return Math.ceil(waitMs / 1000);
      smsSentAt.set(key, now);
      return 0;
    },
    loginInfo: (user, token, deviceId) => ({
      username: user.username,
      swcloud_uid: user.uid,
      mobile: user.mobile,
      avatar: user.avatar,
      deviceID: deviceId,
      gly_token: token,
    }),
    balance(user) {
      return {
        current_time: seconds(clock.now()),
        member_end_time: seconds(user.memberEndMs),
        member_endtime: formatBackendTime(user.memberEndMs),
        coin_balance: user.coinBalance,
        is_auth: user.isAuth,
        member_status: user.memberStatus,
        quick_end_time: seconds(user.quickEndMs),
        quick_status: user.quickStatus,
        bgmember_end_time: seconds(user.bgmemberEndMs),
        bgmember_endtime: formatBackendTime(user.bgmemberEndMs),
        buy_member: user.buyMember,
        is_new_user: user.isNewUser,
        trial_status: user.trialStatus,
        duration: user.duration,
        coin_balance_duration: user.coinBalanceDuration,
        duration_coin: user.durationCoin,
      };
    },
  };
}
