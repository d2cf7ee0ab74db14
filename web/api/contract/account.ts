/**
 * The logged-in user's account (SPEC §4, §7): anti-addiction limits,
 * sign-in, real-name verification, event reports, assets and invitations.
 * Times are seconds since the epoch; days are China Standard Time (UTC+8).
 */
import type { MemberStatus } from './entities.ts';

// ---- anti-addiction (minor_web_config)

export interface MinorWebConfig {
  is_auth: 0 | 1;
  /** 1 when the verified ID card says the user is under 18 on the server's date. */
  is_minor: 0 | 1;
  /** 0 when the user may not start or keep playing now. */
  can_play: 0 | 1;
  /** Minors' daily limit in minutes; 0 means no limit. */
  daily_limit_minutes: number;
  /** Minutes left to play today; -1 means no limit. */
  remaining_minutes: number;
  /** When minors may play, e.g. "Fri, Sat, Sun 20:00–21:00"; "" when not limited. */
  play_window: string;
  /** Text to show; "" when nothing needs saying. */
  tip: string;
}

// ---- sign-in (SPEC §4 Sign-in: once per day by the server clock, a Monday–Sunday week)

/** -1 missed, 0 not yet (today before signing, or a later day), 1 signed. */
export type SignInState = -1 | 0 | 1;
export interface SignInDay {
  /** 1 Monday … 7 Sunday. */
  day: number;
  /** "YYYY-MM-DD". */
  date: string;
  /** Play time granted by signing in that day, seconds. */
  duration: number;
  state: SignInState;
}
export interface SignInConf {
  user_sign_data: SignInDay[];
  /** Today's day of the week, 1 Monday … 7 Sunday. */
  current_week: number;
  /** Monday of this week, "YYYY-MM-DD". */
  week_start: string;
  signed_today: 0 | 1;
}
export interface SignInResult {
  user_sign_data: SignInDay[];
  current_week: number;
  /** Seconds granted by this sign-in (added to the user's `duration` and `duration_coin`). */
  duration: number;
  /** The user's `duration` after the grant. */
  user_duration: number;
  duration_coin: number;
}

// ---- real-name verification

export interface AuthPostRequest {
  /** 2–30 characters: Chinese, letters, spaces or "·". */
  real_name: string;
  /** 18 characters: 17 digits and a check character (0–9 or X) per GB 11643 (ISO 7064 MOD 11-2). */
  id_card: string;
}
export interface AuthMessage {
  is_auth: 0 | 1;
  /** Masked: the last character shown only, e.g. "*三". "" when not verified. */
  real_name: string;
  /** Masked: first 3 and last 4 shown. "" when not verified (or verified before the mock kept records). */
  id_card: string;
  is_minor: 0 | 1;
  /** "YYYY-MM-DD HH:mm:ss"; "" when unknown. */
  auth_time: string;
}

// ---- event report

export interface EventReportRequest {
  /** Event name: letters, digits, "_", ".", "-", up to 64. */
  event: string;
  /** Anything the app attaches: an object, or text (JSON text is kept as sent). */
  data?: Record<string, unknown> | string;
}
export interface EventReportResponse {
  id: number;
  /** Server time, ms. */
  received_at: number;
}

// ---- the user's assets (cg_property_detail)

export type PropertyCardKind = 'member' | 'quick' | 'bgmember';
export interface PropertyCard {
  kind: PropertyCardKind;
  name: string;
  active: 0 | 1;
  end_time: number;
  endtime: string;
}
export type PropertyRecordKind = 'sign_in' | 'order' | 'invite';
export interface PropertyRecord {
  id: number;
  kind: PropertyRecordKind;
  title: string;
  /** Coins added. */
  coin: number;
  /** Play time added, seconds. */
  duration: number;
  time: number;
  time_text: string;
}
export interface PropertyDetailRequest {
  /** When sent, must be the logged-in user. */
  uid?: number;
}
export interface Property {
  coin_balance: number;
  duration: number;
  coin_balance_duration: number;
  duration_coin: number;
  member_status: MemberStatus;
  /** Every card kind, active or not. */
  cards: PropertyCard[];
  /** Latest first, at most 50. */
  records: PropertyRecord[];
}

// ---- invitation

export interface InvitedFriend {
  uid: number;
  username: string;
  /** Masked: first 3, ****, last 4. */
  mobile: string;
  bound_at: number;
  /** Seconds of play time this invitation gave the inviter (0 past the reward limit). */
  reward: number;
}
export interface InviteInfo {
  /** This user's code, for others to bind. */
  code: string;
  /** Login page with the code, to share. */
  invite_url: string;
  invited_count: number;
  /** Seconds the inviter gets per friend, up to `max_rewarded` friends. */
  inviter_reward: number;
  /** Seconds the friend gets for binding. */
  invitee_reward: number;
  max_rewarded: number;
  /** Seconds earned by inviting so far. */
  total_reward: number;
  /** The code this user bound, "" when none (a user binds once). */
  bound_code: string;
  invited: InvitedFriend[];
  rules: string[];
}
export interface BindInviteRequest {
  code: string;
}
export interface BindInviteResponse {
  inviter: string;
  /** Seconds granted to this user. */
  duration: number;
  user_duration: number;
  duration_coin: number;
}
