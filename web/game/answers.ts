/** Reading the cloud's play and queue answers (SPEC §4 "Start", "Queue"; §7 play_game, game_queue, recon_play_game). */
import type { GameFailure, PlayStartInfo, QueueInfo, SeatReadyInfo } from '../api/contract.ts';
import type { StreamTarget } from './sdk.ts';

/** The play answer as a stream target. */
export function targetOf(info: Pick<PlayStartInfo, 'sc_id' | 'game_key' | 'stream_url' | 'level_config'>): StreamTarget {
  return { sc_id: info.sc_id, game_key: info.game_key, stream_url: info.stream_url, level_config: info.level_config };
}

/** 200 with a session: play now (play_game, recon_play_game). */
export function isPlayStart(res: { code: number }): res is PlayStartInfo {
  return res.code === 200 && 'sc_id' in res && 'stream_url' in res;
}

/** 201 with a ticket: queued (play_game, game_queue). */
export function isQueued(res: { code: number }): res is QueueInfo {
  return res.code === 201 && 'queue_id' in res;
}

/** game_queue 200: the seat is ready. */
export function isSeatReady(res: { code: number }): res is SeatReadyInfo {
  return isPlayStart(res) && 'queue_id' in res;
}

/** The message of a failed outcome (SPEC §4 "Other responses show the sub message"). */
export function subMessage(res: { code: number }): string {
  const msg = (res as Partial<GameFailure>).sub_msg;
  return typeof msg === 'string' && msg !== '' ? msg : `code ${res.code}`;
}
