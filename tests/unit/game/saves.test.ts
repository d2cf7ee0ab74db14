import { describe, expect, it } from 'vitest';
import type { GameSave } from '../../../web/api/contract.ts';
import { SAVE_NAME_MAX, checkSaveName, createSavesController } from '../../../web/game/saves.ts';
import { fakeApi } from './fakes.ts';

const save = (id: number, updated: number, name = `s${id}`): GameSave => ({
  save_id: id,
  save_name: name,
  is_share: 0,
  game_key: 'g',
  game_id: 1,
  sc_id: 'sc',
  size: 1,
  create_time: 1,
  update_time: updated,
});

describe('saves (SPEC §3 save_name, is_share, save_config)', () => {
  const ctx = { gameKey: 'g', scId: 'sc-1', clientSid: 'c1' };

  it('SPEC §7 game_save_list fills the list and the limit', async () => {
    const f = fakeApi();
    f.on('gameSaveList', () => ({ list: [save(1, 5), save(2, 9)], max_count: 6 }));
    const s = createSavesController(f.api, () => ctx);
    await s.refresh();
    expect(f.last('gameSaveList')?.req).toEqual({ game_key: 'g' });
    expect(s.list.value.map((x) => x.save_id)).toEqual([1, 2]);
    expect(s.maxCount.value).toBe(6);
  });

  it('SPEC §7 manual_save sends game_key, sc_id, client_sid, save_name, is_share and puts the new save first', async () => {
    const f = fakeApi();
    f.on('gameSaveList', () => ({ list: [save(1, 5)], max_count: 10 }));
    f.on('manualSave', (req) => ({ save_config: { ...save(2, 9, req.save_name), is_share: req.is_share } }));
    const s = createSavesController(f.api, () => ctx);
    await s.refresh();
    await s.save('Level 3');
    expect(f.last('manualSave')?.req).toEqual({ game_key: 'g', sc_id: 'sc-1', client_sid: 'c1', save_name: 'Level 3', is_share: 0 });
    expect(s.list.value.map((x) => x.save_id)).toEqual([2, 1]);
    expect(s.busy.value).toBe(false);
  });

  it('SPEC §7 edit_save renames and shares; del_save removes', async () => {
    const f = fakeApi();
    f.on('gameSaveList', () => ({ list: [save(1, 5), save(2, 3)], max_count: 10 }));
    f.on('editSave', (req) => ({ save_config: { ...save(req.save_id, 10, req.save_name ?? 's'), is_share: req.is_share ?? 0 } }));
    const s = createSavesController(f.api, () => ctx);
    await s.refresh();
    await s.edit(2, { name: 'Renamed', isShare: true });
    expect(f.last('editSave')?.req).toEqual({ save_id: 2, save_name: 'Renamed', is_share: 1 });
    expect(s.list.value[0]).toMatchObject({ save_id: 2, save_name: 'Renamed', is_share: 1 });
    await s.remove(1);
    expect(f.last('delSave')?.req).toEqual({ save_id: 1 });
    expect(s.list.value.map((x) => x.save_id)).toEqual([2]);
  });

  it('checks names before sending and needs a running session to save', async () => {
    expect(checkSaveName('  a ')).toBe('a');
    expect(() => checkSaveName('   ')).toThrow();
    expect(() => checkSaveName('x'.repeat(SAVE_NAME_MAX + 1))).toThrow();
    const f = fakeApi();
    const s = createSavesController(f.api, () => ({ ...ctx, scId: null }));
    await expect(s.save('ok')).rejects.toThrow('no game session');
    await expect(s.edit(1, {})).rejects.toThrow('nothing to change');
    const none = createSavesController(f.api, () => null);
    await expect(none.refresh()).rejects.toThrow('no game');
    expect(f.calls).toHaveLength(0);
  });
});
