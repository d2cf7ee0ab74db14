import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DbBlockedError, GAME_SETTING_DEFAULTS, openAppDb } from '../../../../web/core/storage/db';

describe('local database (SPEC §3)', () => {
  it('opens cloud_game at version 6 with the user, setting, gamepad, keyboard and guide stores (SPEC §3, §9)', async () => {
    const db = await openAppDb(new IDBFactory());
    expect(db.raw.name).toBe('cloud_game');
    expect(db.raw.version).toBe(6);
    expect([...db.raw.objectStoreNames].sort()).toEqual(['gamepad', 'guide', 'keyboard', 'setting', 'user']);
    db.close();
  });

  it('returns user defaults (blu-ray trial 300, member-only dialog 1) merged with what is stored (SPEC §3)', async () => {
    const db = await openAppDb(new IDBFactory());
    expect(await db.getUser('c1')).toEqual({
      clientSid: 'c1',
      bluray_try_duration: 300,
      single_only_member_dialog: 1,
      recommend_product_dialog_expire: 0,
      activity_product_dialog_expire: 0,
    });
    await db.putUser({ clientSid: 'c1', bluray_try_duration: 120 });
    await db.putUser({ clientSid: 'c1', single_only_member_dialog: 0 });
    expect(await db.getUser('c1')).toMatchObject({ bluray_try_duration: 120, single_only_member_dialog: 0 });
    expect(await db.getUser('c2')).toMatchObject({ bluray_try_duration: 300 });
    db.close();
  });

  it('keys settings by username plus game key and merges the game-settings defaults (SPEC §3)', async () => {
    const db = await openAppDb(new IDBFactory());
    expect(GAME_SETTING_DEFAULTS).toEqual({
      vibrates: 1,
      show_keyboard: 0,
      realtime_info: 0,
      clarity: 1,
      full_screen: 1,
      hangup_duration: 3,
      brightness: 50,
      op_type: 0,
      op_custom: 0,
      handles_id: 0,
      keyboard_id: 0,
      mouse_type: 1,
      mouse_sensitivity: 50,
      // Not SPEC §3: the stream's sound (decision 0027).
      sound: 1,
      volume: 80,
    });
    expect(await db.getSetting('u1', 'g1')).toEqual(GAME_SETTING_DEFAULTS);
    await db.putSetting('u1', 'g1', { clarity: 3 });
    const after = await db.putSetting('u1', 'g1', { brightness: 80 });
    expect(after).toEqual({ ...GAME_SETTING_DEFAULTS, clarity: 3, brightness: 80 });
    expect(await db.getSetting('u1', 'g2')).toEqual(GAME_SETTING_DEFAULTS);
    expect(await db.getSetting('u2', 'g1')).toEqual(GAME_SETTING_DEFAULTS);
    const raw = await new Promise((resolve) => {
      const r = db.raw.transaction('setting').objectStore('setting').get('u1_g1');
      r.onsuccess = () => resolve(r.result);
    });
    expect(raw).toMatchObject({ key: 'u1_g1' });
    db.close();
  });

  it('stores gamepad and keyboard layouts with auto-increment ids (SPEC §3)', async () => {
    const db = await openAppDb(new IDBFactory());
    const id1 = await db.putLayout('gamepad', { name: 'A', config: { b: [1] }, screen: { w: 1 } });
    const id2 = await db.putLayout('gamepad', { name: 'B', config: {}, screen: {} });
    await db.putLayout('keyboard', { name: 'K', config: {}, screen: {} });
    expect(id2).toBeGreaterThan(id1);
    await db.putLayout('gamepad', { id: id1, name: 'A2', config: {}, screen: {} });
    expect((await db.listLayouts('gamepad')).map((l) => [l.id, l.name])).toEqual([
      [id1, 'A2'],
      [id2, 'B'],
    ]);
    await db.deleteLayout('gamepad', id1);
    expect((await db.listLayouts('gamepad')).map((l) => l.name)).toEqual(['B']);
    expect((await db.listLayouts('keyboard')).map((l) => l.name)).toEqual(['K']);
    db.close();
  });

  it('finds a layout by name and replaces it in place, one record per name and store (SPEC §3)', async () => {
    const db = await openAppDb(new IDBFactory());
    expect(await db.findLayout('gamepad', 'u1_g1')).toBeUndefined();
    await db.putLayout('gamepad', { name: 'other', config: {}, screen: {} });
    const id = await db.putNamedLayout('gamepad', { name: 'u1_g1', config: { keys: [1] }, screen: { width: 844, height: 390 } });
    expect(await db.putNamedLayout('gamepad', { name: 'u1_g1', config: { keys: [2] }, screen: { width: 390, height: 844 } })).toBe(id);
    expect(await db.findLayout('gamepad', 'u1_g1')).toEqual({ id, name: 'u1_g1', config: { keys: [2] }, screen: { width: 390, height: 844 } });
    // The keyboard store is another store: the same name there is another record.
    await db.putNamedLayout('keyboard', { name: 'u1_g1', config: { keys: [3] }, screen: {} });
    expect((await db.listLayouts('gamepad')).map((l) => l.name)).toEqual(['other', 'u1_g1']);
    expect((await db.findLayout('keyboard', 'u1_g1'))?.config).toEqual({ keys: [3] });
    db.close();
  });

  it('two saves of one name at once still leave one record', async () => {
    const db = await openAppDb(new IDBFactory());
    const ids = await Promise.all([db.putNamedLayout('keyboard', { name: 'n', config: 1, screen: {} }), db.putNamedLayout('keyboard', { name: 'n', config: 2, screen: {} })]);
    expect(ids[0]).toBe(ids[1]);
    expect(await db.listLayouts('keyboard')).toEqual([{ id: ids[0], name: 'n', config: 2, screen: {} }]);
    db.close();
  });

  it('keeps guide flags by name (SPEC §3)', async () => {
    const db = await openAppDb(new IDBFactory());
    expect(await db.getGuide('questionnaire')).toBeUndefined();
    await db.setGuide('questionnaire', 1);
    expect(await db.getGuide('questionnaire')).toBe(1);
    db.close();
  });

  it('keeps data across reopening (SPEC §3)', async () => {
    const factory = new IDBFactory();
    const a = await openAppDb(factory);
    await a.setGuide('g', true);
    a.close();
    const b = await openAppDb(factory);
    expect(await b.getGuide('g')).toBe(true);
    b.close();
  });
});

function openRaw(factory: IDBFactory, version: number, create: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open('cloud_game', version);
    req.onupgradeneeded = () => create(req.result);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function putAll(db: IDBDatabase, store: string, values: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    for (const v of values) tx.objectStore(store).put(v);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

function getRaw(db: IDBDatabase, store: string, key: IDBValidKey): Promise<unknown> {
  return new Promise((resolve) => {
    const r = db.transaction(store).objectStore(store).get(key);
    r.onsuccess = () => resolve(r.result);
  });
}

describe('local database upgrades (SPEC §3 version 6)', () => {
  it('upgrades a v5 database to v6 keeping its data and filling user defaults (SPEC §3)', async () => {
    const factory = new IDBFactory();
    const v5 = await openRaw(factory, 5, (db) => {
      db.createObjectStore('user', { keyPath: 'clientSid' });
      db.createObjectStore('setting', { keyPath: 'key' });
      db.createObjectStore('gamepad', { keyPath: 'id', autoIncrement: true });
      db.createObjectStore('keyboard', { keyPath: 'id', autoIncrement: true });
      db.createObjectStore('guide', { keyPath: 'name' });
    });
    await putAll(v5, 'user', [
      { clientSid: 'old', bluray_try_duration: 42 },
      { clientSid: 'bare' },
    ]);
    await putAll(v5, 'setting', [{ key: 'u_g', value: { clarity: 2 } }]);
    await putAll(v5, 'gamepad', [{ name: 'mine', config: { x: 1 }, screen: {} }]);
    await putAll(v5, 'guide', [{ name: 'intro', value: 1 }]);
    v5.close();

    const db = await openAppDb(factory);
    expect(db.raw.version).toBe(6);
    expect(await getRaw(db.raw, 'user', 'old')).toEqual({
      clientSid: 'old',
      bluray_try_duration: 42,
      single_only_member_dialog: 1,
      recommend_product_dialog_expire: 0,
      activity_product_dialog_expire: 0,
    });
    expect(await getRaw(db.raw, 'user', 'bare')).toMatchObject({ bluray_try_duration: 300 });
    expect(await db.getSetting('u', 'g')).toEqual({ ...GAME_SETTING_DEFAULTS, clarity: 2 });
    expect((await db.listLayouts('gamepad')).map((l) => l.name)).toEqual(['mine']);
    expect(await db.getGuide('intro')).toBe(1);
    db.close();
  });

  it('walks a v1 database (user and setting only) through every step to v6 (SPEC §3)', async () => {
    const factory = new IDBFactory();
    const v1 = await openRaw(factory, 1, (db) => {
      db.createObjectStore('user', { keyPath: 'clientSid' });
      db.createObjectStore('setting', { keyPath: 'key' });
    });
    await putAll(v1, 'user', [{ clientSid: 'c' }]);
    await putAll(v1, 'setting', [{ key: 'a_b', value: { vibrates: 0 } }]);
    v1.close();

    const db = await openAppDb(factory);
    expect([...db.raw.objectStoreNames].sort()).toEqual(['gamepad', 'guide', 'keyboard', 'setting', 'user']);
    expect(await getRaw(db.raw, 'user', 'c')).toMatchObject({ bluray_try_duration: 300, single_only_member_dialog: 1 });
    expect((await db.getSetting('a', 'b')).vibrates).toBe(0);
    await db.putLayout('keyboard', { name: 'k', config: {}, screen: {} });
    expect(await db.listLayouts('keyboard')).toHaveLength(1);
    db.close();
  });

  it('refuses a database newer than this build instead of touching it (SPEC §3)', async () => {
    const factory = new IDBFactory();
    (await openRaw(factory, 7, () => undefined)).close();
    await expect(openAppDb(factory)).rejects.toMatchObject({ name: 'VersionError' });
    // Untouched: it is still at version 7 (opening it at 7 needs no upgrade).
    let upgraded = false;
    const kept = await openRaw(factory, 7, () => (upgraded = true));
    expect(upgraded).toBe(false);
    kept.close();
  });
});

describe('a database another tab holds, or none at all (decision 0008 §3)', () => {
  it('an old tab that keeps v5 open blocks the upgrade: openAppDb rejects with DbBlockedError at once instead of hanging', async () => {
    const factory = new IDBFactory();
    // The old tab: an older build that never answers versionchange.
    const old = await openRaw(factory, 5, (db) => {
      db.createObjectStore('user', { keyPath: 'clientSid' });
    });
    const opening = openAppDb(factory);
    await expect(opening).rejects.toBeInstanceOf(DbBlockedError);
    await expect(opening).rejects.toThrow('This app is open in another tab or window with an older version. Close it and reload to keep your settings.');
    // Once the old tab lets go the upgrade finishes; the connection nobody waits for is closed, so the next open works.
    old.close();
    const later = await openAppDb(factory);
    expect(later.raw.version).toBe(6);
    later.close();
  });

  it('a browser that refuses IndexedDB (site data off) rejects instead of throwing', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    await expect(openAppDb(refusing)).rejects.toMatchObject({ name: 'SecurityError' });
  });
});
