/**
 * `/__db/`: a session's live data through json-server 0.17's REST router,
 * so QA can read and edit it while the app runs (docs/decisions/0003).
 *
 *   GET    /__db/users                 every user record of the session (json-server filters, _sort, q… work)
 *   GET    /__db/users/10000002        one record (the id is `uid`)
 *   PATCH  /__db/users/10000002        {"memberStatus": 0} → the next get_user_balance answers member_status 0
 *   PUT    /__db/users/<uid>           replace a record (every field)
 *   POST   /__db/users                 add a record (every field; uid optional)
 *   DELETE /__db/users/<uid>           remove a user (their tokens then answer 30001)
 *   GET    /__db/db                    the whole database
 *
 * The other collections are routed from here to their own modules: saves
 * (db-saves.ts), orders (db-orders.ts) and the content the app reads from
 * the fixtures (db-fixtures.ts). What follows is about users.
 *
 * The router works on the session store's own `users` array (a lowdb
 * in-memory state that *is* that array), so there is nothing to copy back:
 * PATCH and PUT edit the records in place, POST and DELETE change the array,
 * and the store re-indexes in lowdb's write hook, which json-server calls
 * right after every change. Writes are checked
 * first: unknown fields, wrong types, a uid change or a phone number that
 * another user has answer 400 `{error}` and change nothing.
 *
 * The session comes from `?session=` or the X-Mock-Session header, as for
 * the control API; each session gets its own router on first use. Writes
 * arrive here only as JSON with X-Mock-Control (http/control-guard.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import jsonServer from 'json-server';
import { HEADER } from '../../web/api/contract.ts';
import { ApiError } from '../http/envelope.ts';
import { depthMessage, jsonTextTooDeep } from '../limits.ts';
import { BodyTimeoutError, header, readBody } from '../http/body.ts';
import { phoneKey } from '../phone.ts';
import { SessionLimitError, SessionNameError, type SessionRegistry } from './registry.ts';
import { defineSlot, type MockSession } from './session.ts';
import type { Store, UserRecord } from './store.ts';
import { createFixtureDb, DbError, FIXTURE_COLLECTIONS } from './db-fixtures.ts';
import { createSavesDb } from './db-saves.ts';
import { createOrdersDb } from './db-orders.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { isObj } from '../validate.ts';

export const DB_PREFIX = '/__db/';
/** The record field json-server uses as the id. */
export const USER_ID_FIELD = 'uid';

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

const dbSlot = defineSlot<SessionDb>('json-server /__db/', (session) => {
  const store = session.store;
  const router = jsonServer.router<DbState>({ users: store.users });
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

export interface DbOptions {
  sessions: SessionRegistry;
  /** The checked fixtures each session copies on its first write to a content collection (db-fixtures.ts). */
  fixtures: Fixtures;
  /** Where games' trailers live (games.json is checked against it). */
  mediaDir: string;
  log: (line: string) => void;
  /** A body upload that stalls this long is cut (default: readBody's). */
  bodyIdleMs?: number;
}

/** The `/__db/` request handler. */
export function createDbApi(o: DbOptions): (req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams) => Promise<void> {
  const app = jsonServer.create();
  app.disable('x-powered-by');
  const content = createFixtureDb(o.fixtures, o.mediaDir, o.log);
  const saves = createSavesDb(o.fixtures, o.log);
  const orders = createOrdersDb(o.log);
  const collections = `collections are ${['users', 'saves', 'orders', ...Object.keys(FIXTURE_COLLECTIONS)].map((c) => `/__db/${c}`).join(', ')} and /__db/db`;

  const sessionOf = new WeakMap<Request, MockSession>();

  app.use(DB_PREFIX.slice(0, -1), (req: Request, _res: Response, next: NextFunction) => {
    const fromQuery = typeof req.query['session'] === 'string' ? req.query['session'] : undefined;
    // json-server would read ?session= as a filter on the records.
    delete req.query['session'];
    let session: MockSession;
    try {
      session = o.sessions.get(fromQuery ?? header(req, HEADER.mockSession));
    } catch (err) {
      if (err instanceof SessionNameError) return next(new DbError(400, err.message));
      if (err instanceof SessionLimitError) return next(new DbError(503, err.message));
      return next(err);
    }
    sessionOf.set(req, session);
    for (const segment of req.path.split('/')) {
      try {
        decodeURIComponent(segment);
      } catch {
        return next(new DbError(400, `Malformed percent-encoding in path segment "${segment.slice(0, 100)}"`));
      }
    }
    const method = req.method;
    const writes = method === 'POST' || method === 'PUT' || method === 'PATCH';
    if (!writes && method !== 'GET' && method !== 'HEAD' && method !== 'DELETE') {
      return next(new DbError(405, `Method ${method} is not supported on /__db/`));
    }
    if (method === 'DELETE') {
      const m = /^\/users\/([^/]+)\/?$/.exec(req.path);
      if (m && !session.store.users.some((u) => String(u.uid) === m[1])) return next(new DbError(404, `No user with uid ${m[1] ?? ''}`));
    }
    // Every body is read here (bounded), never by json-server's own parser: its errors would answer a stack trace.
    readBody(req, undefined, o.bodyIdleMs).then(
      (body) => {
        if (!body.ok) return next(new DbError(413, 'Request body is larger than 1 MiB'));
        if (!writes) {
          Object.assign(req, { body: {}, _body: true });
          return next();
        }
        let value: unknown = {};
        if (body.text.trim() !== '') {
          if (jsonTextTooDeep(body.text)) return next(new DbError(400, depthMessage('The JSON body')));
          try {
            value = JSON.parse(body.text) as unknown;
          } catch (err) {
            return next(new DbError(400, `Malformed JSON body: ${err instanceof Error ? err.message : String(err)}`));
          }
        }
        // json-server's body parser skips a request whose body is already read.
        Object.assign(req, { body: value, _body: true });
        next();
      },
      (err: unknown) => next(err),
    );
  });

  app.use(DB_PREFIX.slice(0, -1), (req: Request, res: Response, next: NextFunction) => {
    const session = sessionOf.get(req);
    if (!session) return next(new DbError(500, 'No session for this request'));
    const write = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH' || req.method === 'DELETE';
    const fixture = content.match(req.path);
    if (fixture) return content.handle(session, fixture.name, fixture.id, req, res, next);
    const save = saves.match(req.path);
    if (save) return saves.handle(session, save.id, req, res, next);
    const order = orders.match(req.path);
    if (order) return orders.handle(session, order.id, req, res, next);
    const users = /^\/users(?:\/([^/]+))?\/?$/.exec(req.path);
    const whole = /^\/db\/?$/.test(req.path);
    if (!users && !whole) return next(new DbError(404, `Unknown /__db/ path "${req.originalUrl.slice(0, 200)}": ${collections}`));
    if (write && !users) return next(new DbError(405, 'The whole database is read-only: write to one collection, e.g. /__db/users/<uid>'));
    if (whole) {
      res.json({ users: session.store.users, saves: saves.all(session), orders: orders.all(session), ...content.all(session) });
      return;
    }
    try {
      if (users && (req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH')) {
        if (req.method === 'POST' && users[1] !== undefined) throw new DbError(405, 'POST to /__db/users (without an id) to add a user');
        if (req.method !== 'POST' && users[1] === undefined) throw new DbError(405, `${req.method} needs an id: /__db/users/<uid>`);
        checkUserWrite(session.store, req.method, users[1], req.body);
      }
    } catch (err) {
      return next(err);
    }
    // A slot, like the store it serves: a reset drops both together.
    session.slot(dbSlot).handle(req, res, next);
    if (write) o.log(`/__db/ ${req.method} ${req.originalUrl.slice(0, 200)} (session ${session.name})`);
  });

  app.use((req: Request, res: Response) => {
    res.status(404).json({ error: `Unknown /__db/ path "${req.originalUrl.slice(0, 200)}": ${collections}` });
  });

  // Express recognises an error handler by its four parameters.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof BodyTimeoutError) {
      res.destroy();
      return;
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err instanceof DbError || err instanceof ApiError) {
      res.status(err instanceof DbError ? err.status : 400).json({ error: err.message });
      return;
    }
    o.log(`/__db/ error on ${req.method} ${req.originalUrl.slice(0, 200)}: ${err instanceof Error ? err.message : String(err)}`);
    res.status(500).json({ error: `Mock /__db/ error: ${err instanceof Error ? err.message : String(err)}` });
  });

  return (req, res) =>
    new Promise<void>((resolve) => {
      res.once('close', () => resolve());
      res.once('finish', () => resolve());
      app(req, res);
    });
}
