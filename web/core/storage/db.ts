/**
 * The local database (SPEC §3 "Local database per client", version 6): user
 * flags, per-game settings, custom layouts and guide flags, behind small typed
 * helpers so callers never touch IndexedDB requests.
 */
import { DB_VERSION } from '../constants.ts';
import { upgrade } from './db-migrations';
import {
  DB_NAME,
  GAME_SETTING_DEFAULTS,
  STORE,
  USER_DEFAULTS,
  settingKey,
  type GameSettings,
  type GuideRecord,
  type GuideValue,
  type LayoutKind,
  type LayoutRecord,
  type NewLayout,
  type SettingRecord,
  type UserRecord,
} from './db-schema';

export * from './db-schema';

export interface AppDb {
  readonly raw: IDBDatabase;
  /** The stored record with defaults merged; defaults alone for an unknown client. */
  getUser(clientSid: string): Promise<UserRecord>;
  /** Merges into the stored record and returns the result. */
  putUser(user: Partial<UserRecord> & Pick<UserRecord, 'clientSid'>): Promise<UserRecord>;
  getSetting(username: string, gameKey: string): Promise<GameSettings>;
  /** Merges into the stored settings and returns the full result. */
  putSetting(username: string, gameKey: string, settings: Partial<GameSettings>): Promise<GameSettings>;
  listLayouts(kind: LayoutKind): Promise<LayoutRecord[]>;
  /** Inserts (no id) or replaces (with id); resolves the id. */
  putLayout(kind: LayoutKind, layout: NewLayout): Promise<number>;
  deleteLayout(kind: LayoutKind, id: number): Promise<void>;
  /** The layout called `name`, if any (the first one, should several share it). */
  findLayout(kind: LayoutKind, name: string): Promise<LayoutRecord | undefined>;
  /** Replaces the layout called `name`, or inserts it, in one transaction; resolves the id. */
  putNamedLayout(kind: LayoutKind, layout: Omit<LayoutRecord, 'id'>): Promise<number>;
  getGuide(name: string): Promise<GuideValue | undefined>;
  setGuide(name: string, value: GuideValue): Promise<void>;
  close(): void;
}

/** Resolves once the transaction has committed, with what `work` produced. */
function run<T>(
  db: IDBDatabase,
  store: string,
  mode: IDBTransactionMode,
  work: (s: IDBObjectStore, done: (v: T) => void) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(store, mode);
    let result: T | undefined;
    let got = false;
    tx.oncomplete = () => (got ? resolve(result as T) : reject(new Error('transaction produced no result')));
    tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
    work(tx.objectStore(store), (v) => {
      result = v;
      got = true;
    });
  });
}

/** Read and write in one transaction, so two quick updates cannot lose each other's fields. */
function merge<R>(db: IDBDatabase, store: string, key: IDBValidKey, next: (old: R | undefined) => R): Promise<R> {
  return run<R>(db, store, 'readwrite', (s, done) => {
    const get = s.get(key);
    get.onsuccess = () => {
      const value = next(get.result as R | undefined);
      s.put(value);
      done(value);
    };
  });
}

/** Walks the store for the record called `name`: the layout stores are keyed by id and have no index on name (SPEC §3 keeps v6's schema). */
function findNamed(s: IDBObjectStore, name: string, found: (rec: LayoutRecord | undefined) => void): void {
  const req = s.openCursor();
  req.onsuccess = () => {
    const cursor = req.result;
    if (!cursor) return found(undefined);
    if ((cursor.value as LayoutRecord).name === name) return found(cursor.value as LayoutRecord);
    cursor.continue();
  };
}

function wrap(db: IDBDatabase): AppDb {
  const read = <R>(store: string, key: IDBValidKey): Promise<R | undefined> =>
    run<R | undefined>(db, store, 'readonly', (s, done) => {
      const r = s.get(key);
      r.onsuccess = () => done(r.result as R | undefined);
    });

  return {
    raw: db,
    async getUser(clientSid) {
      const rec = await read<Partial<UserRecord>>(STORE.user, clientSid);
      return { ...USER_DEFAULTS, ...rec, clientSid };
    },
    putUser(user) {
      return merge<UserRecord>(db, STORE.user, user.clientSid, (old) => ({ ...USER_DEFAULTS, ...old, ...user }));
    },
    async getSetting(username, gameKey) {
      const rec = await read<SettingRecord>(STORE.setting, settingKey(username, gameKey));
      return { ...GAME_SETTING_DEFAULTS, ...rec?.value };
    },
    async putSetting(username, gameKey, settings) {
      const key = settingKey(username, gameKey);
      const rec = await merge<SettingRecord>(db, STORE.setting, key, (old) => ({
        key,
        // Only what was set: a field left out was never chosen (defaults are merged on reading).
        value: { ...old?.value, ...settings },
      }));
      return { ...GAME_SETTING_DEFAULTS, ...rec.value };
    },
    listLayouts(kind) {
      return run<LayoutRecord[]>(db, kind, 'readonly', (s, done) => {
        const r = s.getAll();
        r.onsuccess = () => done(r.result as LayoutRecord[]);
      });
    },
    putLayout(kind, layout) {
      return run<number>(db, kind, 'readwrite', (s, done) => {
        // An explicit `id: undefined` would be rejected by the key generator, so drop it.
        const { id, ...rest } = layout;
        const r = s.put(id === undefined ? rest : { ...rest, id });
        r.onsuccess = () => done(r.result as number);
      });
    },
    deleteLayout(kind, id) {
      return run<void>(db, kind, 'readwrite', (s, done) => {
        s.delete(id).onsuccess = () => done(undefined);
      });
    },
    findLayout(kind, name) {
      return run<LayoutRecord | undefined>(db, kind, 'readonly', (s, done) => {
        findNamed(s, name, (rec) => done(rec));
      });
    },
    putNamedLayout(kind, layout) {
      return run<number>(db, kind, 'readwrite', (s, done) => {
        // Looked up and written in one transaction, so two quick saves cannot leave two records of one name.
        findNamed(s, layout.name, (old) => {
          const r = s.put(old ? { ...layout, id: old.id } : layout);
          r.onsuccess = () => done(r.result as number);
        });
      });
    },
    async getGuide(name) {
      return (await read<GuideRecord>(STORE.guide, name))?.value;
    },
    setGuide(name, value) {
      return run<void>(db, STORE.guide, 'readwrite', (s, done) => {
        s.put({ name, value } satisfies GuideRecord).onsuccess = () => done(undefined);
      });
    },
    close: () => db.close(),
  };
}

/**
 * Another tab holds the database at an older version and did not let go
 * (an old build without `onversionchange`): the upgrade would wait for that
 * tab forever, so the open gives up at once with a message that says what to do.
 */
export class DbBlockedError extends Error {
  constructor() {
    super('This app is open in another tab or window with an older version. Close it and reload to keep your settings.');
    this.name = 'DbBlockedError';
  }
}

/**
 * Opens (creating or upgrading) the database. Rejects if the stored version is
 * newer than this build (an older app after a newer one): the caller runs on
 * defaults rather than risk writing an unknown schema. Rejects with
 * DbBlockedError when an old tab blocks the upgrade (decision 0008 §3), and
 * with the browser's error when storage is refused (site data off) — never
 * throws, never hangs on a blocked upgrade.
 */
export function openAppDb(factory?: IDBFactory, name = DB_NAME): Promise<AppDb> {
  return new Promise<AppDb>((resolve, reject) => {
    let settled = false;
    // Reading window.indexedDB itself throws when site data is off.
    const req = (factory ?? globalThis.indexedDB).open(name, DB_VERSION);
    req.onupgradeneeded = (ev) => {
      const tx = req.transaction;
      if (!tx) return;
      upgrade(req.result, tx, ev.oldVersion, ev.newVersion ?? DB_VERSION);
    };
    req.onblocked = () => {
      settled = true;
      reject(new DbBlockedError());
    };
    req.onsuccess = () => {
      const db = req.result;
      // The old tab let go after we gave up: nobody is waiting for this connection.
      if (settled) {
        db.close();
        return;
      }
      settled = true;
      // Another tab with a newer build wants to upgrade: step aside instead of blocking it.
      db.onversionchange = () => db.close();
      resolve(wrap(db));
    };
    req.onerror = () => {
      settled = true;
      reject(req.error ?? new Error('indexedDB open failed'));
    };
  });
}
