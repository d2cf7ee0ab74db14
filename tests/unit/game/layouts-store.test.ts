/**
 * The player's own layouts in the local database's gamepad and keyboard
 * stores (SPEC §3): one per user, game and op type, read back after the app
 * closes, damaged records ignored (a log-out keeping them: tests/e2e/controls-layouts.test.ts).
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { OP_TYPE } from '../../../web/api/contract.ts';
import { openAppDb } from '../../../web/core/storage/db.ts';
import { createDbLayoutStore, createMemoryLayoutStore, layoutFromRecord } from '../../../web/game/layouts-store.ts';
import type { LayoutKey } from '../../../web/game/layouts-math.ts';

const ME = { username: 'u1', gameKey: 'g_starfall' };
const KEYS: LayoutKey[] = [
  { code: 'BTN_A', label: 'A', x: 47.39, y: 51.28, size: 20, opacity: 0.5 },
  { code: 'STICK_L', label: 'L', x: 12, y: 70, size: 24 },
];
const WASD: LayoutKey[] = [{ code: 'KeyW', label: 'W', x: 14, y: 62, size: 10 }];
const SCREEN = { width: 844, height: 390 };

describe('own layouts in IndexedDB (SPEC §3 gamepad and keyboard stores)', () => {
  it('saves per op type in the matching store, named by user and game like the settings, and reads them back after a reopen', async () => {
    const factory = new IDBFactory();
    const db = await openAppDb(factory);
    const store = createDbLayoutStore(db);
    expect(await store.load(ME)).toEqual({});
    const saved = await store.save(ME, OP_TYPE.gamepad, KEYS, SCREEN, 101);
    expect(saved).toEqual({ source: 'custom', opType: 0, planId: null, name: 'Mine', isDefault: false, keys: KEYS, screen: SCREEN });
    await store.save(ME, OP_TYPE.keyboard, WASD, SCREEN, null);
    expect(await db.listLayouts('gamepad')).toEqual([{ id: 1, name: 'u1_g_starfall', config: { keys: KEYS, plan_id: 101 }, screen: SCREEN }]);
    expect((await db.listLayouts('keyboard')).map((r) => r.name)).toEqual(['u1_g_starfall']);
    db.close();

    const again = createDbLayoutStore(await openAppDb(factory));
    const mine = await again.load(ME);
    expect(mine[OP_TYPE.gamepad]?.keys).toEqual(KEYS);
    expect(mine[OP_TYPE.keyboard]?.keys).toEqual(WASD);
  });

  it('a second save replaces the first; other players and other games keep theirs', async () => {
    const store = createDbLayoutStore(await openAppDb(new IDBFactory()));
    await store.save(ME, OP_TYPE.gamepad, KEYS, SCREEN, null);
    await store.save({ username: 'u2', gameKey: 'g_starfall' }, OP_TYPE.gamepad, WASD.map((k) => ({ ...k, code: 'BTN_B' })), SCREEN, null);
    await store.save({ username: 'u1', gameKey: 'g_other' }, OP_TYPE.gamepad, KEYS.slice(1), SCREEN, null);
    await store.save(ME, OP_TYPE.gamepad, KEYS.slice(0, 1), { width: 390, height: 844 }, null);
    expect((await store.load(ME))[OP_TYPE.gamepad]).toMatchObject({ keys: KEYS.slice(0, 1), screen: { width: 390, height: 844 } });
    expect((await store.load({ username: 'u2', gameKey: 'g_starfall' }))[OP_TYPE.gamepad]?.keys.map((k) => k.code)).toEqual(['BTN_B']);
    expect((await store.load({ username: 'u1', gameKey: 'g_other' }))[OP_TYPE.gamepad]?.keys.map((k) => k.code)).toEqual(['STICK_L']);
  });

  it('an empty layout is refused; a damaged record is read as no layout', async () => {
    const db = await openAppDb(new IDBFactory());
    const store = createDbLayoutStore(db);
    await expect(store.save(ME, OP_TYPE.gamepad, [], SCREEN, null)).rejects.toThrow(/at least one key/);
    await db.putLayout('gamepad', { name: 'u1_g_starfall', config: 'garbage', screen: null });
    await db.putLayout('keyboard', { name: 'u1_g_starfall', config: { keys: [{ code: 'KeyW', x: 'a' }] }, screen: 7 });
    expect(await store.load(ME)).toEqual({});
    expect(layoutFromRecord({ config: { keys: WASD }, screen: 'x' }, OP_TYPE.keyboard)?.screen).toEqual({ width: 0, height: 0 });
  });

  it('the memory store (no IndexedDB) behaves the same for the visit', async () => {
    const store = createMemoryLayoutStore();
    await store.save(ME, OP_TYPE.keyboard, WASD, SCREEN, 102);
    expect((await store.load(ME))[OP_TYPE.keyboard]?.keys).toEqual(WASD);
    expect(await store.load({ username: 'u2', gameKey: 'g_starfall' })).toEqual({});
    await expect(store.save(ME, OP_TYPE.gamepad, [], SCREEN, null)).rejects.toThrow();
  });
});
