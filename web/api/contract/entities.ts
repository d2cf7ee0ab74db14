/**
 * The app-wide entities of SPEC §3 (system info, login info, the user's
 * balance, agreements) and the requests of the calls that answer them.
 */

export interface PayConfig {
  h5_wxpay: 0 | 1;
  h5_alipay: 0 | 1;
}

export interface DefinitionDefaultConf {
  /** Whether non-members may use blu-ray regardless of trial (SPEC §5). */
  vip_can_use: 0 | 1;
  /** Default clarity level index for members. */
  vip_user_default: number;
  /** Default clarity level index for non-members. */
  normal_user_default: number;
}

export interface SystemInfo {
  cloud_game_load_page: string;
  pay_config: PayConfig;
  /** Comma list of agent codes that may auto sign-in in single-game mode. */
  h5_can_sign_agents: string;
  /** Comma list of agent codes whose users may not go back to home. */
  h5_limit_back_home: string;
  recommend_product_pop_conf: { expire_times: number };
  definition_default_conf: DefinitionDefaultConf;
}

export interface DownUrl {
  android_url: string;
  ios_url: string;
  version: string;
}

export interface PsShield {
  /** Comma list of hidden game ids. */
  game: string;
}

export interface LoginInfo {
  username: string;
  swcloud_uid: number;
  mobile: string;
  avatar: string;
  deviceID: string;
  gly_token: string;
}

export type MemberStatus = 0 | 1 | 2;

export interface UserInfo {
  current_time: number;
  member_end_time: number;
  member_endtime: string;
  coin_balance: number;
  is_auth: 0 | 1;
  member_status: MemberStatus;
  quick_end_time: number;
  quick_status: 0 | 1;
  bgmember_end_time: number;
  bgmember_endtime: string;
  buy_member: 0 | 1;
  is_new_user: 0 | 1;
  trial_status: 0 | 1;
  /** Play time in seconds granted by sign-in and membership. */
  duration: number;
  coin_balance_duration: number;
  /** Remaining play time; the duration socket quits the game when it reaches 0. */
  duration_coin: number;
}

export interface Protocol {
  type: ProtocolType;
  title: string;
  /** Plain text, paragraphs separated by blank lines. */
  content: string;
  updated_at: string;
}

export type ProtocolType = 'user' | 'privacy';

// ---- requests

export interface SendCodeRequest {
  mobile: string;
  /** Country calling code without "+", e.g. "86". */
  area_code: string;
}
export interface SendCodeResponse {
  /** Seconds before another code may be sent. */
  resend_after: number;
}
/** SPEC §9: seconds between two SMS codes; the app counts down this long when send_code names no wait. */
export const SMS_RESEND_SECONDS = 60;

export interface WebLoginRequest {
  mobile: string;
  area_code: string;
  code: string;
  device_id: string;
  agent_code?: string;
}

export interface UidRequest {
  uid: number;
}

export interface ProtocolRequest {
  type: ProtocolType;
}

export interface MinorWebConfigRequest {
  uid: number;
  game_id: number;
  usage_time: number;
}
