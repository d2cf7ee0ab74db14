/** Manual saves (SPEC §3 saves, §7 manual_save, game_save_list, edit_save, del_save), per user and game. */
import { randomInt } from 'node:crypto';
import { GAME_CODE, MAX_SAVES_PER_GAME, type GameSave } from '../../web/api/contract.ts';
import { ApiError } from '../http/envelope.ts';
import { Wording } from '../http/words.ts';
import type { UserRecord } from '../sessions/store.ts';
import { seconds } from './sessions.ts';
import type { GameState, PlaySession, SaveRecord } from './state.ts';

export function saveConfig(r: SaveRecord): GameSave {
  return {
    save_id: r.saveId,
    save_name: r.name,
    is_share: r.isShare,
    game_key: r.gameKey,
    game_id: r.gameId,
    sc_id: r.scId,
    size: r.size,
    create_time: seconds(r.createdAt),
    update_time: seconds(r.updatedAt),
  };
}

/** The user's saves of a game, newest first. */
export function savesOf(state: GameState, uid: number, gameKey: string): SaveRecord[] {
  return [...state.saves.values()].filter((r) => r.uid === uid && r.gameKey === gameKey).sort((a, b) => b.createdAt - a.createdAt || b.saveId - a.saveId);
}

export function createSave(state: GameState, user: UserRecord, s: PlaySession, clientSid: string, name: string, isShare: 0 | 1): SaveRecord {
  if (savesOf(state, user.uid, s.gameKey).length >= MAX_SAVES_PER_GAME) {
    throw new ApiError(GAME_CODE.saveLimit, new Wording('saveLimit', { max: MAX_SAVES_PER_GAME }));
  }
  const now = state.clock.now();
  const r: SaveRecord = {
    saveId: state.seq.save++,
    uid: user.uid,
    gameKey: s.gameKey,
    gameId: s.gameId,
    scId: s.scId,
    clientSid,
    name,
    isShare,
    size: randomInt(256 * 1024, 64 * 1024 * 1024),
    createdAt: now,
    updatedAt: now,
  };
  state.saves.set(r.saveId, r);
  return r;
}

/** The user's save `saveId`; another user's save is "not found" too. */
export function saveOf(state: GameState, user: UserRecord, saveId: number): SaveRecord {
  const r = state.saves.get(saveId);
  if (!r || r.uid !== user.uid) throw new ApiError(GAME_CODE.saveNotFound, new Wording('saveNotFound', { saveId }));
  return r;
}

export function editSave(state: GameState, r: SaveRecord, name: string | undefined, isShare: 0 | 1 | undefined): SaveRecord {
  if (name !== undefined) r.name = name;
  if (isShare !== undefined) r.isShare = isShare;
  r.updatedAt = state.clock.now();
  return r;
}

export function deleteSave(state: GameState, r: SaveRecord): void {
  state.saves.delete(r.saveId);
}
