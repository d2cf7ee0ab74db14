import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openAppDb } from '../../../web/core/storage/db.ts';
import { GAME_SETTING_DEFAULTS, createDbStoragePort, createMemoryStoragePort, type GameStoragePort } from '../../../web/game/settings.ts';

async function dbPort(): Promise<GameStoragePort> {
  return createDbStoragePort(await openAppDb(new IDBFactory()));
}

describe.each([
  ['IndexedDB (fake-indexeddb)', dbPort],
  ['memory', async (): Promise<GameStoragePort> => createMemoryStoragePort()],
])('game storage port: %s (SPEC §3)', (_name, make) => {
  it('SPEC §3 nothing stored: the defaults, marked as not stored', async () => {
    const port = await make();
    expect(await port.loadSettings('alice', 'g1')).toEqual({ settings: { ...GAME_SETTING_DEFAULTS }, stored: false, chosen: {} });
  });

  it('SPEC §3 settings are kept per username plus game key and merged', async () => {
    const port = await make();
    await port.saveSettings('alice', 'g1', { clarity: 3 });
    const full = await port.saveSettings('alice', 'g1', { brightness: 80 });
    expect(full).toMatchObject({ clarity: 3, brightness: 80, vibrates: 1 });
    expect(await port.loadSettings('alice', 'g1')).toMatchObject({ stored: true, settings: { clarity: 3, brightness: 80 } });
    expect((await port.loadSettings('alice', 'g2')).stored).toBe(false);
    expect((await port.loadSettings('bob', 'g1')).stored).toBe(false);
  });

  it('decision 0007: only what was set counts as chosen (op_type stays the game’s until the player picks one)', async () => {
    const port = await make();
    await port.saveSettings('alice', 'g1', { brightness: 80 });
    expect((await port.loadSettings('alice', 'g1')).chosen).toEqual({ brightness: 80 });
    await port.saveSettings('alice', 'g1', { op_type: 1 });
    const loaded = await port.loadSettings('alice', 'g1');
    expect(loaded.chosen).toEqual({ brightness: 80, op_type: 1 });
    expect(loaded.settings).toMatchObject({ op_type: 1, brightness: 80, vibrates: 1, show_keyboard: 0 });
  });

  it('SPEC §3 §9 the blu-ray trial defaults to 300 seconds per client and is stored', async () => {
    const port = await make();
    expect(await port.loadTrialSeconds('c1')).toBe(300);
    await port.saveTrialSeconds('c1', 123.4);
    expect(await port.loadTrialSeconds('c1')).toBe(123);
    await port.saveTrialSeconds('c1', -5);
    expect(await port.loadTrialSeconds('c1')).toBe(0);
    expect(await port.loadTrialSeconds('c2')).toBe(300);
  });
});
