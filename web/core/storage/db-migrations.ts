/**
 * How the database reached version 6 (SPEC §3, §9). Each step takes the
 * schema from version n-1 to n; a user arriving from any older release walks
 * every step in order so no earlier data is dropped.
 */
import { DB_VERSION } from '../constants.ts';
import { STORE, USER_DEFAULTS, type UserRecord } from './db-schema';

type Step = (db: IDBDatabase, tx: IDBTransaction) => void;

function ensureStore(db: IDBDatabase, name: string, options: IDBObjectStoreParameters): void {
  // Guarded so a half-applied upgrade from a crashed tab can be re-run.
  if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, options);
}

/** Fills fields added after a record was written, leaving values the user already has. */
function fillUserDefaults(tx: IDBTransaction): void {
  const req = tx.objectStore(STORE.user).openCursor();
  req.onsuccess = () => {
    const cursor = req.result;
    if (!cursor) return;
    const rec = cursor.value as Partial<UserRecord> & Pick<UserRecord, 'clientSid'>;
    const filled: UserRecord = { ...USER_DEFAULTS, ...rec };
    if (Object.keys(filled).length !== Object.keys(rec).length) cursor.update(filled);
    cursor.continue();
  };
}

export const MIGRATIONS: Readonly<Record<number, Step>> = {
  1: (db) => {
    ensureStore(db, STORE.user, { keyPath: 'clientSid' });
    ensureStore(db, STORE.setting, { keyPath: 'key' });
  },
  // v2 and v4 only added user fields (blu-ray trial, popup expiries); readers merged defaults, so no schema change.
  2: () => undefined,
  3: (db) => {
    ensureStore(db, STORE.gamepad, { keyPath: 'id', autoIncrement: true });
    ensureStore(db, STORE.keyboard, { keyPath: 'id', autoIncrement: true });
  },
  4: () => undefined,
  5: (db) => {
    ensureStore(db, STORE.guide, { keyPath: 'name' });
  },
  // v6 writes the defaults into old user records, so code reading raw records sees complete ones.
  6: (_db, tx) => fillUserDefaults(tx),
};

export function upgrade(db: IDBDatabase, tx: IDBTransaction, oldVersion: number, newVersion = DB_VERSION): void {
  for (let v = oldVersion + 1; v <= newVersion; v++) MIGRATIONS[v]?.(db, tx);
}
