/**
 * `/__db/users`: the session's users through json-server 0.17's REST router
 * (db.ts routes the collection here; docs/decisions/0003-json-server-0.17.md).
 *
 * The router works on the session store's own `users` array (a lowdb
 * in-memory state that *is* that array), so there is nothing to copy back:
 * PATCH and PUT edit the records in place, POST and DELETE change the array,
 * and the store re-indexes in lowdb's write hook, which json-server calls
 * right after every change. Writes are checked first: unknown fields, wrong
 * types, a uid change or a phone number that another user has answer 400
 * `{error}` and change nothing.
 */
import type { NextFunction, Request, Response } from 'express';
import { jsonServer } from './json-server.ts';
import { phoneKey } from '../phone.ts';
import { isObj } from '../validate.ts';
import { DbError } from './db-fixtures.ts';
import { defineSlot, type MockSession } from './session.ts';
import type { Store, UserRecord } from './store.ts';

/** The record field json-server uses as the id. */
const USER_ID_FIELD = 'uid';

interface DbState {
  users: UserRecord[];
}

type FieldKind = 'uid' | 'int' | 'flag' | 'memberStatus' | 'text' | 'digits';

/** How each UserRecord field is checked; fields added to UserRecord later are checked by the type of their current value. */
const USER_FIELDS: Readonly<Record<string, FieldKind>> = {
  uid: 'uid',
  areaCode: 'digits',
  mobile: 'digits',
  username: 'text',
  avatar: 'text',
  memberEndMs: 'int',
  quickEndMs: 'int',
  bgmemberEndMs: 'int',
  isAuth: 'flag',
  memberStatus: 'memberStatus',
  quickStatus: 'flag',
  buyMember: 'flag',
  isNewUser: 'flag',
  trialStatus: 'flag',
  coinBalance: 'int',
  duration: 'int',
  coinBalanceDuration: 'int',
  durationCoin: 'int',
};

function checkValue(key: string, value: unknown, kind: FieldKind | 'number' | 'string' | 'boolean'): string | null {
  const isInt = typeof value === 'number' && Number.isSafeInteger(value);
  switch (kind) {
    case 'uid':
      return isInt && value >= 1 ? null : `"${key}" must be an integer ≥ 1`;
    case 'int':
      return isInt && value >= 0 ? null : `"${key}" must be an integer ≥ 0`;
    case 'flag':
      return value === 0 || value === 1 ? null : `"${key}" must be 0 or 1`;
    case 'memberStatus':
      return value === 0 || value === 1 || value === 2 ? null : `"${key}" must be 0, 1 or 2`;
    case 'text':
      return typeof value === 'string' && value.length <= 200 ? null : `"${key}" must be a string of at most 200 characters`;
    case 'digits':
      return typeof value === 'string' && /^\d{1,20}$/.test(value) ? null : `"${key}" must be a string of 1 to 20 digits`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `"${key}" must be a number`;
    case 'string':
      return typeof value === 'string' ? null : `"${key}" must be a string`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `"${key}" must be true or false`;
  }
}

/** The fields a user record has and how to check each: the known ones, plus any a record has gained since. */
function userShape(store: Store): Map<string, FieldKind | 'number' | 'string' | 'boolean'> {
  const shape = new Map<string, FieldKind | 'number' | 'string' | 'boolean'>(Object.entries(USER_FIELDS));
  const sample: [string, unknown][] = store.users[0] ? Object.entries(store.users[0]) : [];
  for (const [key, value] of sample) {
    if (shape.has(key)) continue;
    if (typeof value === 'number') shape.set(key, 'number');
    else if (typeof value === 'string') shape.set(key, 'string');
    else if (typeof value === 'boolean') shape.set(key, 'boolean');
  }
  return shape;
}

/** Check a write to /users before json-server applies it. */
function checkUserWrite(store: Store, method: string, id: string | undefined, body: unknown): void {
  if (!isObj(body)) throw new DbError(400, 'The body must be a JSON object');
  const shape = userShape(store);
  for (const [key, value] of Object.entries(body)) {
    const kind = shape.get(key);
    if (kind === undefined) throw new DbError(400, `Unknown user field "${key}"; fields: ${[...shape.keys()].join(', ')}`);
    const problem = checkValue(key, value, kind);
    if (problem) throw new DbError(400, `Invalid user: ${problem}`);
  }
  const existing = id === undefined ? undefined : store.users.find((u) => String(u.uid) === id);
  if (method !== 'POST' && !existing) throw new DbError(404, `No user with uid ${id ?? ''}`);
  if (existing && body[USER_ID_FIELD] !== undefined && body[USER_ID_FIELD] !== existing.uid) {
    throw new DbError(400, `"uid" cannot change (it is the record's id)`);
  }
  if (method === 'PUT' || method === 'POST') {
    // The id is kept by PUT and assigned by POST when absent; every other field is needed.
    const missing = [...shape.keys()].filter((k) => k !== USER_ID_FIELD && body[k] === undefined);
    if (missing.length > 0) throw new DbError(400, `Missing user field(s): ${missing.join(', ')} (${method} needs a whole record; PATCH changes some fields)`);
  }
  if (method === 'POST' && typeof body[USER_ID_FIELD] === 'number' && store.userByUid(body[USER_ID_FIELD])) {
    throw new DbError(400, `A user with uid ${body[USER_ID_FIELD]} exists; PATCH /__db/users/${body[USER_ID_FIELD]} to change it`);
  }
  const areaCode = typeof body['areaCode'] === 'string' ? body['areaCode'] : existing?.areaCode;
  const mobile = typeof body['mobile'] === 'string' ? body['mobile'] : existing?.mobile;
  if (areaCode !== undefined && mobile !== undefined) {
    const key = phoneKey(areaCode, mobile);
    const other = store.users.find((u) => u !== existing && phoneKey(u.areaCode, u.mobile) === key);
    if (other) throw new DbError(400, `Another user (uid ${other.uid}) has the phone number +${areaCode} ${mobile}`);
  }
}

interface SessionDb {
  handle: (req: Request, res: Response, next: NextFunction) => void;
}

/** A slot, like the store it serves: a reset drops both together. */
const routerSlot = defineSlot<SessionDb>('json-server /__db/', (session) => {
  const store = session.store;
  const router = jsonServer().router<DbState>({ users: store.users });
  // lodash-id reads the id field name from `_.id`: our records are keyed by uid.
  Object.assign(router.db._, { id: USER_ID_FIELD });
  // json-server calls db.write() right after each create, update or delete (lowdb would save the file
  // there); the state already is the store's array, so "saving" is re-indexing the store's lookups.
  Object.assign(router.db, {
    write: <T>(returnValue?: T): T | undefined => {
      store.reindex();
      return returnValue;
    },
  });
  // json-server answers an unknown id with 404 and `{}`; QA gets a sentence.
  Object.assign(router, {
    render: (req: Request, res: Response): void => {
      const data: unknown = res.locals['data'];
      if (res.statusCode === 404) res.json({ error: `Not found: ${req.method} ${req.originalUrl.slice(0, 200)}` });
      else res.json(data);
    },
  });
  return { handle: (req, res, next) => router(req, res, next) };
});

export interface UsersDb {
  match(path: string): { id: string | undefined } | undefined;
  handle(session: MockSession, id: string | undefined, req: Request, res: Response, next: NextFunction): void;
}

export function createUsersDb(log: (line: string) => void): UsersDb {
  return {
    match(path) {
      const m = /^\/users(?:\/([^/]+))?\/?$/.exec(path);
      return m ? { id: m[1] } : undefined;
    },
    handle(session, id, req, res, next) {
      const method = req.method;
      try {
        if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
          if (method === 'POST' && id !== undefined) throw new DbError(405, 'POST to /__db/users (without an id) to add a user');
          if (method !== 'POST' && id === undefined) throw new DbError(405, `${method} needs an id: /__db/users/<uid>`);
          checkUserWrite(session.store, method, id, req.body);
        }
      } catch (err) {
        return next(err);
      }
      session.slot(routerSlot).handle(req, res, next);
      if (method !== 'GET' && method !== 'HEAD') log(`/__db/ ${method} ${req.originalUrl.slice(0, 200)} (session ${session.name})`);
    },
  };
}
