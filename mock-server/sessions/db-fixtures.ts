/**
 * `/__db/<collection>` for the content a session reads from the fixtures
 * (games, tags, home banners and sections, products, member cards, sign-in
 * durations, system info, op plans, the shield list).
 *
 * Every session reads the shared, checked fixtures until its first write
 * here; from then on it reads its own copy (a session slot, so a reset goes
 * back to the files). A write never edits in place: it builds the whole
 * candidate data, checks it with the very zod schemas that check the fixture
 * files (cross-references included: a banner naming a removed game fails),
 * and only then swaps the session's copy. So a bad write answers 400 naming
 * the field and changes nothing, and the caches keyed by the catalogue
 * object (content/catalogue.ts) see a new object after each write.
 *
 * Lists answer GET with json-server's filters, sorting and paging (a router
 * whose state is set to the session's data before each read); one record is
 * `/<collection>/<id>` (the id field is per collection: `key` for sections).
 */
import type { NextFunction, Request, Response } from 'express';
import { createListReader } from './db-list-reader.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { catalogueSchema } from '../fixtures/catalogue.ts';
import { homeSchema, memberCardsSchema, opPlansSchema, productsSchema, signInSchema } from '../fixtures/content.ts';
import { shieldSchema, systemInfoSchema } from '../fixtures/system.ts';
import { check, FieldError, isObj } from '../validate.ts';
import { defineSlot, type MockSession } from './session.ts';

type Rec = Record<string, unknown>;

/** Thrown for a request /__db/ refuses; db.ts answers it as `{error}` with its status. */
export class DbError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DbError';
  }
}

const liveSlot = defineSlot('live fixtures', () => ({ current: undefined as Fixtures | undefined }));

/** What a session's API calls read: its own copy once QA wrote to /__db/, else the shared fixtures. */
export function sessionFixtures(session: MockSession, base: Fixtures): Fixtures {
  return session.slot(liveSlot).current ?? base;
}

interface ListCollection {
  kind: 'list';
  /** One record, as QA names it ("game"). */
  noun: string;
  idField: string;
  get(f: Fixtures): readonly object[];
  /** The fixtures with this list replaced (not yet checked). */
  set(f: Fixtures, list: unknown[]): unknown;
}

interface ObjectCollection {
  kind: 'object';
  noun: string;
  get(f: Fixtures): object;
  set(f: Fixtures, value: Rec): unknown;
}

type Collection = ListCollection | ObjectCollection;

// The fixture types are interfaces (no index signature): /__db/ reads their records as plain JSON objects.
const listOf = (c: ListCollection, f: Fixtures): readonly Rec[] => c.get(f) as readonly Rec[];
const objectOf = (c: ObjectCollection, f: Fixtures): Rec => c.get(f) as Rec;

const withContent = (f: Fixtures, content: Partial<Record<keyof Fixtures['content'], unknown>>): unknown => ({ ...f, content: { ...f.content, ...content } });

/** The collections, in the order `/__db/db` shows them after `users`. */
export const FIXTURE_COLLECTIONS: Readonly<Record<string, Collection>> = {
  games: {
    kind: 'list',
    noun: 'game',
    idField: 'id',
    get: (f) => f.content.catalogue.games,
    set: (f, games) => withContent(f, { catalogue: { ...f.content.catalogue, games } }),
  },
  products: {
    kind: 'list',
    noun: 'product',
    idField: 'id',
    get: (f) => f.content.shop.products,
    set: (f, products) => withContent(f, { shop: { ...f.content.shop, products } }),
  },
  member_cards: {
    kind: 'list',
    noun: 'member card',
    idField: 'id',
    get: (f) => f.content.shop.cards,
    set: (f, cards) => withContent(f, { shop: { ...f.content.shop, cards } }),
  },
  banners: {
    kind: 'list',
    noun: 'banner',
    idField: 'id',
    get: (f) => f.content.home.banners,
    set: (f, banners) => withContent(f, { home: { ...f.content.home, banners } }),
  },
  sections: {
    kind: 'list',
    noun: 'home section',
    idField: 'key',
    get: (f) => f.content.home.sections,
    set: (f, sections) => withContent(f, { home: { ...f.content.home, sections } }),
  },
  tags: {
    kind: 'list',
    noun: 'tag',
    idField: 'id',
    get: (f) => f.content.catalogue.tags,
    set: (f, tags) => withContent(f, { catalogue: { ...f.content.catalogue, tags } }),
  },
  shield: { kind: 'object', noun: 'shield', get: (f) => f.shield, set: (f, shield) => ({ ...f, shield }) },
  sign_in: { kind: 'object', noun: 'sign-in', get: (f) => f.content.signIn, set: (f, signIn) => withContent(f, { signIn }) },
  system_info: { kind: 'object', noun: 'system info', get: (f) => f.systemInfo, set: (f, systemInfo) => ({ ...f, systemInfo }) },
  op_plans: { kind: 'object', noun: 'op plans', get: (f) => f.content.opPlans, set: (f, opPlans) => withContent(f, { opPlans }) },
};

/** Check candidate fixtures with the fixture files' schemas; the checked copy, or a DbError naming the field. */
function recheck(candidate: unknown, mediaDir: string): Fixtures {
  const f = candidate as Fixtures;
  const c = f.content;
  const at = (file: string, run: () => unknown): unknown => {
    try {
      return run();
    } catch (err) {
      if (err instanceof FieldError) throw new DbError(400, `Invalid ${file}: "${err.field}" ${err.problem}`);
      throw err;
    }
  };
  const catalogue = at('games.json', () => check(catalogueSchema(mediaDir), c.catalogue, '', 'catalogue')) as Fixtures['content']['catalogue'];
  const home = at('home.json', () => check(homeSchema(catalogue), c.home, '', 'home')) as Fixtures['content']['home'];
  const { products: rawProducts, ...cardsFile } = c.shop;
  const cardsOut = at('member_cards.json', () => check(memberCardsSchema, cardsFile)) as Omit<Fixtures['content']['shop'], 'products'>;
  const products = (at('products.json', () => check(productsSchema(cardsOut.cards), { products: rawProducts })) as { products: Fixtures['content']['shop']['products'] })
    .products;
  const signIn = at('sign_in.json', () => check(signInSchema, c.signIn)) as Fixtures['content']['signIn'];
  const opPlans = at('op_plans.json', () => check(opPlansSchema, c.opPlans)) as Fixtures['content']['opPlans'];
  const systemInfo = at('system_info.json', () => check(systemInfoSchema, f.systemInfo)) as Fixtures['systemInfo'];
  const shield = at('shield.json', () => check(shieldSchema, f.shield)) as Fixtures['shield'];
  return { ...f, systemInfo, shield, content: { ...c, catalogue, home, shop: { ...cardsOut, products }, signIn, opPlans } };
}

/** Every field the records of a list have (a section of one type lacks some of another's). */
function fieldsOf(records: readonly Rec[]): string[] {
  return [...new Set(records.flatMap((r) => Object.keys(r)))];
}

function checkKnown(noun: string, known: readonly string[], body: Rec): void {
  for (const key of Object.keys(body)) {
    if (!known.includes(key)) throw new DbError(400, `Unknown ${noun} field "${key}"; fields: ${known.join(', ')}`);
  }
}

function writeList(c: ListCollection, f: Fixtures, method: string, id: string | undefined, body: unknown): { list: unknown[]; id: string } {
  const list = [...listOf(c, f)];
  const at = id === undefined ? -1 : list.findIndex((r) => String(r[c.idField]) === id);
  if (method !== 'POST' && at < 0) throw new DbError(404, `No ${c.noun} with ${c.idField} ${id ?? ''}`);
  const existing = list[at];
  if (method === 'DELETE') {
    list.splice(at, 1);
    return { list, id: id ?? '' };
  }
  if (!isObj(body)) throw new DbError(400, 'The body must be a JSON object');
  checkKnown(c.noun, fieldsOf(listOf(c, f)), body);
  if (existing) {
    if (body[c.idField] !== undefined && body[c.idField] !== existing[c.idField]) throw new DbError(400, `"${c.idField}" cannot change (it is the record's id)`);
    list[at] = method === 'PATCH' ? { ...existing, ...body } : { ...body, [c.idField]: existing[c.idField] };
    return { list, id: String(existing[c.idField]) };
  }
  const record: Rec = { ...body };
  if (record[c.idField] === undefined && list.every((r) => typeof r[c.idField] === 'number')) {
    record[c.idField] = Math.max(0, ...list.map((r) => Number(r[c.idField]))) + 1;
  }
  if (list.some((r) => r[c.idField] === record[c.idField])) {
    throw new DbError(400, `A ${c.noun} with ${c.idField} ${String(record[c.idField])} exists; PATCH it to change it`);
  }
  list.push(record);
  return { list, id: String(record[c.idField]) };
}

export interface FixtureDb {
  /** The collection a `/__db/` path names, with the id when it names one record. */
  match(path: string): { name: string; id: string | undefined } | undefined;
  handle(session: MockSession, name: string, id: string | undefined, req: Request, res: Response, next: NextFunction): void;
  /** Every collection of the session, as `/__db/db` shows them. */
  all(session: MockSession): Record<string, unknown>;
}

export function createFixtureDb(base: Fixtures, mediaDir: string, log: (line: string) => void): FixtureDb {
  const lists = (f: Fixtures): Record<string, readonly Rec[]> =>
    Object.fromEntries(Object.entries(FIXTURE_COLLECTIONS).flatMap(([name, c]) => (c.kind === 'list' ? [[name, listOf(c, f)]] : [])));
  // Made with every list present: json-server mounts a route per collection it sees at creation.
  const readList = createListReader(structuredClone(lists(base)));

  return {
    match(path) {
      const m = /^\/([a-z_]+)(?:\/([^/]+))?\/?$/.exec(path);
      const name = m?.[1];
      if (!m || name === undefined || !Object.hasOwn(FIXTURE_COLLECTIONS, name)) return undefined;
      return { name, id: m[2] === undefined ? undefined : decodeURIComponent(m[2]) };
    },
    handle(session, name, id, req, res, next) {
      const c = FIXTURE_COLLECTIONS[name];
      if (!c) return next(new DbError(404, `No collection ${name}`));
      const slot = session.slot(liveSlot);
      const f = slot.current ?? base;
      const method = req.method;
      try {
        if (method === 'GET' || method === 'HEAD') {
          if (c.kind === 'object') {
            if (id !== undefined) throw new DbError(404, `/__db/${name} is one object: GET /__db/${name}`);
            res.json(objectOf(c, f));
            return;
          }
          if (id === undefined) {
            readList(lists(f), req, res, next);
            return;
          }
          const record = listOf(c, f).find((r) => String(r[c.idField]) === id);
          if (!record) throw new DbError(404, `No ${c.noun} with ${c.idField} ${id}`);
          res.json(record);
          return;
        }
        let candidate: unknown;
        let recordId: string | undefined;
        if (c.kind === 'object') {
          if (id !== undefined) throw new DbError(405, `/__db/${name} is one object: ${method} /__db/${name}`);
          if (method !== 'PATCH' && method !== 'PUT') throw new DbError(405, `${method} is not supported on /__db/${name} (one object): PATCH or PUT it`);
          const body: unknown = req.body;
          if (!isObj(body)) throw new DbError(400, 'The body must be a JSON object');
          checkKnown(c.noun, Object.keys(objectOf(c, f)), body);
          candidate = c.set(f, method === 'PATCH' ? { ...objectOf(c, f), ...body } : body);
        } else {
          if (method === 'POST' && id !== undefined) throw new DbError(405, `POST to /__db/${name} (without an id) to add a ${c.noun}`);
          if (method !== 'POST' && id === undefined) throw new DbError(405, `${method} needs an id: /__db/${name}/<${c.idField}>`);
          const written = writeList(c, f, method, id, req.body);
          candidate = c.set(f, written.list);
          recordId = written.id;
        }
        const next_ = recheck(candidate, mediaDir);
        slot.current = next_;
        log(`/__db/ ${method} ${req.originalUrl.slice(0, 200)} (session ${session.name})`);
        if (c.kind === 'object') res.json(objectOf(c, next_));
        else if (method === 'DELETE') res.json({});
        else res.status(method === 'POST' ? 201 : 200).json(listOf(c, next_).find((r) => String(r[c.idField]) === recordId) ?? {});
      } catch (err) {
        next(err);
      }
    },
    all(session) {
      const f = sessionFixtures(session, base);
      return Object.fromEntries(Object.entries(FIXTURE_COLLECTIONS).map(([name, c]) => [name, c.get(f)]));
    },
  };
}
