/**
 * Saves (SPEC §3 "Saves", §7): manual_save (save_name, is_share) of the
 * running session, game_save_list, edit_save and del_save, with the list as
 * a signal for the in-game menu.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { MAX_SAVES_PER_GAME, type GameSave } from '../api/contract.ts';
import type { GameApi } from './api.ts';

/** The mock cloud's limit on save_name; longer names are refused. */
export const SAVE_NAME_MAX = 32;

export interface SaveContext {
  gameKey: string;
  /** Null when no session runs: manual_save needs one. */
  scId: string | null;
  clientSid: string;
}

export interface SavesController {
  readonly list: ReadonlySignal<readonly GameSave[]>;
  readonly maxCount: ReadonlySignal<number>;
  readonly busy: ReadonlySignal<boolean>;
  refresh(): Promise<readonly GameSave[]>;
  /** manual_save of the running session; the new save is added to the list. */
  save(name: string, isShare?: boolean): Promise<GameSave>;
  edit(saveId: number, patch: { name?: string; isShare?: boolean }): Promise<GameSave>;
  remove(saveId: number): Promise<void>;
  clear(): void;
}

/** Trimmed name; throws on an empty or too long one (no request is sent). */
export function checkSaveName(name: string): string {
  const n = name.trim();
  if (n === '') throw new Error('save name is empty');
  if ([...n].length > SAVE_NAME_MAX) throw new Error(`save name is longer than ${SAVE_NAME_MAX} characters`);
  return n;
}

export function createSavesController(
  api: Pick<GameApi, 'manualSave' | 'gameSaveList' | 'editSave' | 'delSave'>,
  context: () => SaveContext | null,
): SavesController {
  const list = signal<readonly GameSave[]>([]);
  const maxCount = signal(MAX_SAVES_PER_GAME);
  const busy = signal(false);

  const need = (): SaveContext => {
    const ctx = context();
    if (!ctx) throw new Error('no game');
    return ctx;
  };
  async function run<T>(work: () => Promise<T>): Promise<T> {
    busy.value = true;
    try {
      return await work();
    } finally {
      busy.value = false;
    }
  }
  const replace = (save: GameSave): void => {
    const others = list.value.filter((s) => s.save_id !== save.save_id);
    list.value = [save, ...others].sort((a, b) => b.update_time - a.update_time || b.save_id - a.save_id);
  };

  return {
    list,
    maxCount,
    busy,
    refresh: () =>
      run(async () => {
        const ctx = need();
        const res = await api.gameSaveList({ game_key: ctx.gameKey });
        list.value = res.list;
        maxCount.value = res.max_count;
        return res.list;
      }),
    save: (name, isShare = false) =>
      run(async () => {
        const ctx = need();
        const save_name = checkSaveName(name);
        if (!ctx.scId) throw new Error('no game session to save');
        const res = await api.manualSave({ game_key: ctx.gameKey, sc_id: ctx.scId, client_sid: ctx.clientSid, save_name, is_share: isShare ? 1 : 0 });
        replace(res.save_config);
        return res.save_config;
      }),
    edit: (saveId, patch) =>
      run(async () => {
        const req: { save_id: number; save_name?: string; is_share?: 0 | 1 } = { save_id: saveId };
        if (patch.name !== undefined) req.save_name = checkSaveName(patch.name);
        if (patch.isShare !== undefined) req.is_share = patch.isShare ? 1 : 0;
        if (req.save_name === undefined && req.is_share === undefined) throw new Error('nothing to change');
        const res = await api.editSave(req);
        replace(res.save_config);
        return res.save_config;
      }),
    remove: (saveId) =>
      run(async () => {
        await api.delSave({ save_id: saveId });
        list.value = list.value.filter((s) => s.save_id !== saveId);
      }),
    clear() {
      list.value = [];
    },
  };
}
