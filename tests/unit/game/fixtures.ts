/** Fixtures of the game tests: users, system info, service levels, the game, the cloud's play and queue answers, and a second of stream figures. */
import {
  DEFAULT_HANG_OPTIONS,
  type DisplayGrade,
  type LevelConfig,
  type PlayStartInfo,
  type QueueInfo,
  type SeatReadyInfo,
  type SystemInfo,
  type UserInfo,
} from '../../../web/api/contract.ts';
import type { GameTarget } from '../../../web/game/state.ts';
import type { StreamStats } from '../../../web/game/stream-stats.ts';

export function userInfo(over: Partial<UserInfo> = {}): UserInfo {
  return {
    current_time: 0,
    member_end_time: 0,
    member_endtime: '',
    coin_balance: 0,
    is_auth: 1,
    member_status: 0,
    quick_end_time: 0,
    quick_status: 0,
    bgmember_end_time: 0,
    bgmember_endtime: '',
    buy_member: 0,
    is_new_user: 0,
    trial_status: 0,
    duration: 3600,
    coin_balance_duration: 0,
    duration_coin: 3600,
    ...over,
  };
}

export const member = (over: Partial<UserInfo> = {}): UserInfo => userInfo({ member_status: 1, buy_member: 1, ...over });

export function systemInfo(conf: Partial<SystemInfo['definition_default_conf']> = {}): SystemInfo {
  return {
    cloud_game_load_page: '',
    pay_config: { h5_wxpay: 1, h5_alipay: 1 },
    h5_can_sign_agents: '',
    h5_limit_back_home: '',
    recommend_product_pop_conf: { expire_times: 0 },
    definition_default_conf: { vip_can_use: 0, vip_user_default: 2, normal_user_default: 1, ...conf },
  };
}

export const LEVEL: Readonly<Record<DisplayGrade, LevelConfig>> = {
  6: { display_grade: 6, name: 'standard', width: 1280, height: 720, fps: 30, bitrate: 3000 },
  8: { display_grade: 8, name: 'hd', width: 1920, height: 1080, fps: 60, bitrate: 6000 },
  9: { display_grade: 9, name: 'ultra', width: 2560, height: 1440, fps: 60, bitrate: 12000 },
  10: { display_grade: 10, name: 'bluray', width: 3840, height: 2160, fps: 60, bitrate: 20000 },
};

export const GAME: GameTarget = { game_key: 'space-race', game_id: 7, manufacturer: 'mock', title: 'Space Race', hang: DEFAULT_HANG_OPTIONS };

export function playAnswer(over: Partial<PlayStartInfo> = {}): PlayStartInfo {
  return {
    code: 200,
    sc_id: 'sc-1',
    game_key: GAME.game_key,
    game_id: GAME.game_id,
    open_id: 'open-1',
    stream_url: 'stream?sc_id=sc-1',
    level_config: LEVEL[8],
    hang_up_timer: 0,
    start_time: 0,
    ...over,
  };
}

export function queued(position: number, over: Partial<QueueInfo> = {}): QueueInfo {
  return { code: 201, queue_id: 'q-1', queue_pos2: position, play_queue_id: 1001, wait_seconds: position * 30, ...over };
}

export function seatReady(over: Partial<SeatReadyInfo> = {}): SeatReadyInfo {
  return { ...playAnswer({ sc_id: 'sc-seat', stream_url: 'stream?sc_id=sc-seat' }), queue_id: 'q-1', seat_expire_time: 40, seat_expire_seconds: 40, ...over };
}

/** One second of a healthy WebRTC stream's figures (stream-stats.ts), changed by `over`. */
export const streamStats = (over: Partial<StreamStats> = {}): StreamStats => ({
  at: 0,
  transport: 'webrtc',
  fps: 60,
  width: 640,
  height: 360,
  bitrateKbps: 1400,
  rttMs: 3,
  jitterMs: 1,
  packetLossPct: 0,
  decodeMs: 1.2,
  inputLatencyMs: 31,
  framesDecoded: 600,
  ...over,
});
