/**
 * One mock session driven from a script: every `/__mock/` call and the
 * session's `/__db/` data, each answer typed (docs/qa-guide.md §6).
 */
import type { Transport } from './http.ts';
import type {
  ClockState,
  DbAll,
  DbObjects,
  DbRecords,
  FaultInput,
  FaultList,
  FaultsAdded,
  FaultsCleared,
  InlineScenario,
  JournalEntry,
  JournalPage,
  JournalQuery,
  NetworkConditions,
  NetworkSummary,
  OrderRecord,
  PushMessages,
  PushResult,
  RecordedScenario,
  RecordingStatus,
  SaveRecord,
  SessionsInfo,
  SessionSummary,
  UserFilter,
  UserRecord,
} from './types.ts';
import { kindQuery, waitForEntry, type WaitOptions } from './wait.ts';

export interface MockSessionClient {
  readonly name: string;
  /** Apply a named scenario (`GET /__mock/scenarios` lists them) or an inline one; resets the session unless keepState. */
  scenario(scenario: string | InlineScenario, o?: { keepState?: boolean }): Promise<SessionSummary>;
  /** The session's scenario, script, faults, sockets and clock. */
  summary(): Promise<SessionSummary>;
  /** Record the session's answers and socket messages; scenario() gives them as a scenario that replays them (a reset drops them). */
  record: {
    /** Start afresh (an earlier recording is dropped). */
    start(): Promise<RecordingStatus>;
    stop(): Promise<RecordingStatus>;
    status(): Promise<RecordingStatus>;
    /** The recording as a scenario file named `name` (default "recording"): pass it to scenario() of any session. */
    scenario(name?: string): Promise<RecordedScenario>;
  };
  /** A fresh session: the fixtures again, no faults, the real clock. */
  reset(): Promise<SessionSummary>;
  /** Add faults, used up in order by the next matching API calls. */
  faults: ((faults: FaultInput | readonly FaultInput[]) => Promise<FaultsAdded>) & {
    /** The pending faults with what is left of each. */
    list(): Promise<FaultList>;
    /** Drop every pending fault. */
    clear(): Promise<FaultsCleared>;
  };
  /** Send a message to the session's open sockets of that kind now. */
  push<K extends keyof PushMessages>(socket: K, message: PushMessages[K]): Promise<PushResult>;
  clock: {
    state(): Promise<ClockState>;
    /** The session clock now, ms. */
    now(): Promise<number>;
    /** Freeze the session's time; only advance() moves it from then on (a reset brings real time back). */
    virtual(): Promise<ClockState>;
    /** Move virtual time on by `ms`, firing every session timer due meanwhile. */
    advance(ms: number): Promise<ClockState>;
  };
  /** The stream network conditions in force and each stream's figures; set() changes them now, clear() goes back to the script's. */
  network: {
    get(): Promise<NetworkSummary>;
    set(conditions: Partial<NetworkConditions>): Promise<NetworkSummary>;
    clear(): Promise<NetworkSummary>;
  };
  /** The journal: HTTP calls and socket messages of the session, in order. */
  journal(query?: JournalQuery): Promise<JournalPage>;
  /** The newest journal seq (0 when empty): pass it as `since` to wait only for what happens next. */
  mark(): Promise<number>;
  /** The first journal entry matching `predicate`, polling the journal; rejects naming what it awaited after `timeoutMs`. */
  waitFor(predicate: (entry: JournalEntry) => boolean, o?: WaitOptions): Promise<JournalEntry>;
  /** The mock's sessions: the cap, counts, and the names (only this one unless the mock runs with --admin). */
  sessions(): Promise<SessionsInfo>;
  /** The session's live data through json-server (`/__db/`): edits apply on the next call that reads them. */
  db: {
    users: {
      list(filter?: UserFilter): Promise<UserRecord[]>;
      get(uid: number): Promise<UserRecord>;
      patch(uid: number, fields: Partial<UserRecord>): Promise<UserRecord>;
      replace(uid: number, record: UserRecord): Promise<UserRecord>;
      /** Add a user (every field; uid optional). */
      add(record: Omit<UserRecord, 'uid'> & { uid?: number }): Promise<UserRecord>;
      /** Remove a user: their tokens then answer 30001. */
      remove(uid: number): Promise<void>;
    };
    /** Manual saves: remove one and the next game_save_list lacks it; add one (uid, gameKey, name) without playing. */
    saves: DbList<SaveRecord, number> & { add(record: Pick<SaveRecord, 'uid' | 'gameKey' | 'name'> & Partial<SaveRecord>): Promise<SaveRecord> };
    /** Orders (from create_order): status, amount, title, expireMs and paidMs can change; marking one paid grants nothing. */
    orders: Omit<DbList<OrderRecord, string>, 'replace'>;
    /** The whole database. */
    all(): Promise<DbAll>;
  } & { [K in keyof DbRecords]: DbList<DbRecords[K], K extends 'sections' ? string : number> & { add(record: DbRecords[K]): Promise<DbRecords[K]> } } & {
    [K in keyof DbObjects]: { get(): Promise<DbObjects[K]>; patch(fields: Partial<DbObjects[K]>): Promise<DbObjects[K]>; replace(value: DbObjects[K]): Promise<DbObjects[K]> };
  };
}

/** One list collection at `/__db/<name>`: a write is checked whole and answers 400 `{error}` naming the field. */
export interface DbList<R, Id extends string | number> {
  list(filter?: UserFilter): Promise<R[]>;
  get(id: Id): Promise<R>;
  patch(id: Id, fields: Partial<R>): Promise<R>;
  replace(id: Id, record: R): Promise<R>;
  remove(id: Id): Promise<void>;
}

const LISTS = ['games', 'products', 'member_cards', 'banners', 'sections', 'tags'] as const satisfies ReadonlyArray<keyof DbRecords>;
const OBJECTS = ['shield', 'sign_in', 'system_info', 'op_plans'] as const satisfies ReadonlyArray<keyof DbObjects>;

function dbList<R>(t: Transport, session: string, name: string): DbList<R, string | number> & { add(record: unknown): Promise<R> } {
  const one = (id: string | number): string => `/__db/${name}/${encodeURIComponent(String(id))}`;
  return {
    list: (filter) => t.request('GET', `/__db/${name}`, { session, ...(filter ? { query: filter } : {}) }),
    get: (id) => t.request('GET', one(id), { session }),
    patch: (id, fields) => t.request('PATCH', one(id), { session, body: fields }),
    replace: (id, record) => t.request('PUT', one(id), { session, body: record }),
    add: (record) => t.request('POST', `/__db/${name}`, { session, body: record }),
    remove: async (id) => {
      await t.request('DELETE', one(id), { session });
    },
  };
}

function dbObject<V>(t: Transport, session: string, name: string): { get(): Promise<V>; patch(fields: unknown): Promise<V>; replace(value: unknown): Promise<V> } {
  return {
    get: () => t.request('GET', `/__db/${name}`, { session }),
    patch: (fields) => t.request('PATCH', `/__db/${name}`, { session, body: fields }),
    replace: (value) => t.request('PUT', `/__db/${name}`, { session, body: value }),
  };
}

export function createSessionClient(t: Transport, name: string): MockSessionClient {
  const mock = <T>(method: 'GET' | 'POST' | 'DELETE', what: string, body?: unknown, query?: Record<string, string | number>): Promise<T> =>
    t.request<T>(method, `/__mock/${what}`, { session: name, body, ...(query ? { query } : {}) });
  const user = (uid: number): string => `/__db/users/${encodeURIComponent(String(uid))}`;

  const journal = (q: JournalQuery = {}): Promise<JournalPage> => {
    const query: Record<string, string | number> = {};
    if (q.since !== undefined) query['since'] = q.since;
    if (q.kind !== undefined) query['kind'] = kindQuery(q.kind);
    if (q.limit !== undefined) query['limit'] = q.limit;
    return mock('GET', 'journal', undefined, query);
  };

  return {
    name,
    scenario: (scenario, o = {}) =>
      mock('POST', 'scenario', {
        ...(typeof scenario === 'string' ? { name: scenario } : { scenario }),
        ...(o.keepState !== undefined ? { keepState: o.keepState } : {}),
      }),
    summary: () => mock('GET', 'session'),
    record: {
      start: () => mock('POST', 'record', { action: 'start' }),
      stop: () => mock('POST', 'record', { action: 'stop' }),
      status: () => mock('GET', 'record'),
      scenario: (scenarioName) => mock('GET', 'recording', undefined, scenarioName === undefined ? undefined : { name: scenarioName }),
    },
    reset: () => mock('POST', 'reset'),
    faults: Object.assign((faults: FaultInput | readonly FaultInput[]) => mock<FaultsAdded>('POST', 'faults', faults), {
      list: () => mock<FaultList>('GET', 'faults'),
      clear: () => mock<FaultsCleared>('DELETE', 'faults'),
    }),
    push: (socket, message) => mock('POST', 'push', { socket, message }),
    clock: {
      state: () => mock('GET', 'clock'),
      now: async () => (await mock<ClockState>('GET', 'clock')).now,
      virtual: () => mock('POST', 'clock', { virtual: true }),
      advance: (ms) => mock('POST', 'clock', { advanceMs: ms }),
    },
    network: {
      get: () => mock('GET', 'network'),
      set: (conditions) => mock('POST', 'network', conditions),
      clear: () => mock('DELETE', 'network'),
    },
    journal,
    mark: async () => (await journal({ limit: 1 })).entries.at(-1)?.seq ?? 0,
    waitFor: (predicate, o) => waitForEntry(t, name, predicate, o),
    sessions: () => mock('GET', 'sessions'),
    db: {
      users: {
        list: (filter) => t.request('GET', '/__db/users', { session: name, ...(filter ? { query: filter } : {}) }),
        get: (uid) => t.request('GET', user(uid), { session: name }),
        patch: (uid, fields) => t.request('PATCH', user(uid), { session: name, body: fields }),
        replace: (uid, record) => t.request('PUT', user(uid), { session: name, body: record }),
        add: (record) => t.request('POST', '/__db/users', { session: name, body: record }),
        remove: async (uid) => {
          await t.request('DELETE', user(uid), { session: name });
        },
      },
      saves: dbList<SaveRecord>(t, name, 'saves'),
      orders: dbList<OrderRecord>(t, name, 'orders'),
      ...(Object.fromEntries(LISTS.map((c) => [c, dbList(t, name, c)])) as { [K in (typeof LISTS)[number]]: DbList<DbRecords[K], string | number> & { add(r: DbRecords[K]): Promise<DbRecords[K]> } }),
      ...(Object.fromEntries(OBJECTS.map((c) => [c, dbObject(t, name, c)])) as { [K in (typeof OBJECTS)[number]]: ReturnType<typeof dbObject<DbObjects[K]>> }),
      all: () => t.request('GET', '/__db/db', { session: name }),
    },
  };
}
