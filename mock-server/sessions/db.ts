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
 * Each collection has its own module: users (db-users.ts), saves
 * (db-saves.ts), orders (db-orders.ts) and the content the app reads from
 * the fixtures (db-fixtures.ts). This one reads the session and the body
 * (bounded, never by json-server's own parser), hands the request to its
 * collection and answers every refusal as `{error}`.
 *
 * The session comes from `?session=` or the X-Mock-Session header, as for
 * the control API; each session gets its own users router on first use. Writes
 * arrive here only as JSON with X-Mock-Control (http/control-guard.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { HEADER } from '../../web/api/contract.ts';
import { ApiError } from '../http/envelope.ts';
import { depthMessage, jsonTextTooDeep } from '../limits.ts';
import { BodyTimeoutError, header, readBody } from '../http/body.ts';
import { SessionLimitError, SessionNameError, type SessionRegistry } from './registry.ts';
import type { MockSession } from './session.ts';
import { createFixtureDb, DbError, FIXTURE_COLLECTIONS } from './db-fixtures.ts';
import { createSavesDb } from './db-saves.ts';
import { createOrdersDb } from './db-orders.ts';
import { createUsersDb } from './db-users.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { createDbMeter, dbCaps, type DbCaps } from './db-limits.ts';
import { jsonServer } from './json-server.ts';

export const DB_PREFIX = '/__db/';

export interface DbOptions {
  sessions: SessionRegistry;
  /** The checked fixtures each session copies on its first write to a content collection (db-fixtures.ts). */
  fixtures: Fixtures;
  /** Where games' trailers live (games.json is checked against it). */
  mediaDir: string;
  log: (line: string) => void;
  /** A body upload that stalls this long is cut (default: readBody's). */
  bodyIdleMs?: number;
  /** How much one session may keep here (default: db-limits.ts's). */
  caps?: DbCaps;
}

/** The `/__db/` request handler; its json-server app is built on the first request (json-server.ts). */
export function createDbApi(o: DbOptions): (req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams) => Promise<void> {
  let app: ReturnType<typeof dbApp> | null = null;
  return (req, res) =>
    new Promise<void>((resolve) => {
      res.once('close', () => resolve());
      res.once('finish', () => resolve());
      (app ??= dbApp(o))(req, res);
    });
}

function dbApp(o: DbOptions): ReturnType<ReturnType<typeof jsonServer>['create']> {
  const app = jsonServer().create();
  app.disable('x-powered-by');
  const content = createFixtureDb(o.fixtures, o.mediaDir, o.log);
  const saves = createSavesDb(o.fixtures, o.log);
  const orders = createOrdersDb(o.log);
  const users = createUsersDb(o.log);
  const collections = `collections are ${['users', 'saves', 'orders', ...Object.keys(FIXTURE_COLLECTIONS)].map((c) => `/__db/${c}`).join(', ')} and /__db/db`;

  const meter = createDbMeter(o.caps ?? dbCaps({}), { base: o.fixtures, others: (session) => ({ users: session.store.users, saves: saves.all(session) }) });

  const sessionOf = new WeakMap<Request, MockSession>();
  const bodyBytesOf = new WeakMap<Request, number>();

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
        bodyBytesOf.set(req, Buffer.byteLength(body.text, 'utf8'));
        next();
      },
      (err: unknown) => next(err),
    );
  });

  app.use(DB_PREFIX.slice(0, -1), (req: Request, res: Response, next: NextFunction) => {
    const session = sessionOf.get(req);
    if (!session) return next(new DbError(500, 'No session for this request'));
    const write = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH' || req.method === 'DELETE';
    try {
      meter.check(session, req.method, req.path, bodyBytesOf.get(req) ?? 0);
    } catch (err) {
      return next(err);
    }
    const fixture = content.match(req.path);
    if (fixture) return content.handle(session, fixture.name, fixture.id, req, res, next);
    const save = saves.match(req.path);
    if (save) return saves.handle(session, save.id, req, res, next);
    const order = orders.match(req.path);
    if (order) return orders.handle(session, order.id, req, res, next);
    const user = users.match(req.path);
    if (user) return users.handle(session, user.id, req, res, next);
    if (!/^\/db\/?$/.test(req.path)) return next(new DbError(404, `Unknown /__db/ path "${req.originalUrl.slice(0, 200)}": ${collections}`));
    if (write) return next(new DbError(405, 'The whole database is read-only: write to one collection, e.g. /__db/users/<uid>'));
    res.json({ users: session.store.users, saves: saves.all(session), orders: orders.all(session), ...content.all(session) });
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

  return app;
}
