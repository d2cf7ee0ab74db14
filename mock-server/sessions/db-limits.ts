/**
 * How much one session may keep in `/__db/` (mock-server/README.md "Rules the server enforces", decision 0024):
 * anyone who reaches the port may write there, and every write to a content collection rechecks the whole
 * collection, so without a cap each write is slower than the last and the session grows without end.
 *
 * A POST to a collection already holding `maxRecords` records, or a write whose body would take the
 * session's data past `maxBytes`, answers 413 `{error}` (as every other 413 of the QA surfaces) and changes
 * nothing. DELETE is never refused, so QA can make room; `POST /__mock/reset` drops it all.
 */
import { kib, MAX_DB_RECORDS, MAX_DB_SESSION_BYTES } from '../limits.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { DbError, FIXTURE_COLLECTIONS, sessionFixtures } from './db-fixtures.ts';
import type { MockSession } from './session.ts';

export interface DbCaps {
  /** Records one collection of a session may hold (a POST past it answers 413). */
  maxRecords: number;
  /** Bytes (as JSON) one session's /__db/ data may hold. */
  maxBytes: number;
}

/** The caps given (createApp options), defaulted and checked; throws RangeError naming a bad one. */
export function dbCaps(given: { dbMaxRecords?: number | undefined; dbMaxBytes?: number | undefined }): DbCaps {
  const maxRecords = given.dbMaxRecords ?? MAX_DB_RECORDS;
  const maxBytes = given.dbMaxBytes ?? MAX_DB_SESSION_BYTES;
  if (!Number.isInteger(maxRecords) || maxRecords < 1) throw new RangeError(`dbMaxRecords must be a whole number ≥ 1, got ${maxRecords}`);
  if (!Number.isInteger(maxBytes) || maxBytes < 1) throw new RangeError(`dbMaxBytes must be a whole number of bytes ≥ 1, got ${maxBytes}`);
  return { maxRecords, maxBytes };
}

/** What the meter reads of a session besides its content fixtures (kept whole and swapped on each write). */
export interface DbSources {
  base: Fixtures;
  /** The session's list collections that are not fixtures (users, saves), by name: measured on each write, they are small. */
  others(session: MockSession): Readonly<Record<string, readonly unknown[]>>;
}

/** A session's content collections, as /__db/db shows them. */
const contentOf = (f: Fixtures): Record<string, unknown> => Object.fromEntries(Object.entries(FIXTURE_COLLECTIONS).map(([name, c]) => [name, c.get(f)]));

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

export interface DbMeter {
  /** Bytes (as JSON) the session's /__db/ data holds now. */
  bytes(session: MockSession): number;
  /** Throws DbError 413 when this write would pass a cap; `path` is below /__db/, `bodyBytes` the body's size. */
  check(session: MockSession, method: string, path: string, bodyBytes: number): void;
}

export function createDbMeter(caps: DbCaps, sources: DbSources): DbMeter {
  // A session's fixtures are replaced whole by each write (db-fixtures.ts), so their size is known by identity.
  const contentBytes = new WeakMap<Fixtures, number>();
  const bytes = (session: MockSession): number => {
    const fixtures = sessionFixtures(session, sources.base);
    let content = contentBytes.get(fixtures);
    if (content === undefined) {
      content = jsonBytes(contentOf(fixtures));
      contentBytes.set(fixtures, content);
    }
    return content + jsonBytes(sources.others(session));
  };
  const recordsOf = (session: MockSession, name: string): readonly unknown[] | undefined => {
    const c = FIXTURE_COLLECTIONS[name];
    if (c?.kind === 'list') return c.get(sessionFixtures(session, sources.base));
    return Object.hasOwn(sources.others(session), name) ? sources.others(session)[name] : undefined;
  };
  const reset = (session: MockSession): string => `POST /__mock/reset?session=${encodeURIComponent(session.name)} to start again`;

  return {
    bytes,
    check(session, method, path, bodyBytes) {
      if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return;
      const name = /^\/([a-z_]+)\/?$/.exec(path)?.[1];
      const records = method === 'POST' && name !== undefined ? recordsOf(session, name) : undefined;
      if (records && records.length >= caps.maxRecords) {
        throw new DbError(
          413,
          `/__db/${name ?? ''} of session "${session.name}" holds ${records.length} records, the most one collection may hold ` +
            `(${caps.maxRecords}, dbMaxRecords): DELETE some first, or ${reset(session)}`,
        );
      }
      const held = bytes(session);
      if (held + bodyBytes > caps.maxBytes) {
        throw new DbError(
          413,
          `The /__db/ data of session "${session.name}" is ${held} bytes; this ${bodyBytes}-byte body could take it past ${caps.maxBytes} bytes ` +
            `(${kib(caps.maxBytes)}), the most one session may hold (dbMaxBytes): DELETE records first, or ${reset(session)}`,
        );
      }
    },
  };
}
