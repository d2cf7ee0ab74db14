/**
 * Every mock session of an app, by name: made on first use, the least
 * recently used one without open sockets evicted past `maxSessions`
 * (docs/qa-guide.md §2), "default" never.
 */
import type { Clock } from '../../web/core/clock.ts';
import { JournalBudget, type JournalCaps } from './journal.ts';
import { MockSession } from './session.ts';
import type { Store } from './store.ts';

export const DEFAULT_SESSION = 'default';
export const SESSION_NAME = /^[\w.-]{1,64}$/;
/** Sessions kept at once by default (`--max-sessions`); beyond it the least recently used one without open sockets is dropped. */
export const MAX_SESSIONS = 500;
/** Evicted session names kept for `GET /__mock/sessions`. */
export const RECENT_EVICTIONS = 20;

export class SessionNameError extends Error {
  constructor(readonly given: string) {
    super(
      `Invalid mock session name ${JSON.stringify(given.length > 80 ? `${given.slice(0, 80)}…` : given)}: use 1 to 64 letters, digits, "_", "." or "-"`,
    );
    this.name = 'SessionNameError';
  }
}

/**
 * A new session was refused: the registry is full and every session but
 * "default" has open sockets, so dropping one would cut a live game.
 */
export class SessionLimitError extends Error {
  constructor(
    readonly given: string,
    readonly max: number,
  ) {
    super(
      `Too many mock sessions: all ${max} are in use with open sockets, so session "${given}" cannot be created; ` +
        'close sockets or POST /__mock/reset in a session you are done with, or start the mock with a larger --max-sessions',
    );
    this.name = 'SessionLimitError';
  }
}

export interface Eviction {
  session: string;
  /** App-clock time of the eviction, ms. */
  at: number;
}

export interface SessionRegistry {
  /**
   * The named session, created on first use; undefined or "" means "default".
   * Throws SessionNameError for a bad name, SessionLimitError when it would be one too many.
   */
  get(name: string | undefined): MockSession;
  /** The named session if it exists (no creation). */
  find(name: string): MockSession | undefined;
  list(): MockSession[];
  /** Sessions kept at once. */
  readonly max: number;
  /** Sessions evicted so far. */
  readonly evicted: number;
  /** The newest evictions, newest first (at most RECENT_EVICTIONS). */
  recentEvictions(): Eviction[];
  /** Every session's journal together, in estimated bytes, and its cap. */
  journalBytes(): { used: number; max: number };
  /** Call `fn` whenever a session is created or evicted (the console's live feed), until the returned function is called. */
  watch(fn: () => void): () => void;
  /** Dispose every session (app close). */
  close(): void;
}

export interface RegistryOptions {
  /** Sessions kept at once, "default" included (default MAX_SESSIONS). */
  maxSessions?: number;
  /** Where eviction lines go. */
  log?: (line: string) => void;
  /** Estimated bytes one session's journal may hold (default JOURNAL_SESSION_BYTES). */
  journalSessionBytes?: number;
  /** Estimated bytes all journals together may hold (default JOURNAL_TOTAL_BYTES). */
  journalTotalBytes?: number;
}

export function createSessionRegistry(
  baseClock: Clock,
  makeStore: (clock: Clock) => Store,
  options: RegistryOptions | number = {},
): SessionRegistry {
  const o: RegistryOptions = typeof options === 'number' ? { maxSessions: options } : options;
  const maxSessions = o.maxSessions ?? MAX_SESSIONS;
  if (!Number.isInteger(maxSessions) || maxSessions < 1) throw new RangeError(`maxSessions must be a whole number ≥ 1, got ${maxSessions}`);
  const log = o.log ?? ((): void => undefined);
  const budget = new JournalBudget(o.journalTotalBytes);
  const journalCaps: JournalCaps = { budget, ...(o.journalSessionBytes !== undefined ? { maxBytes: o.journalSessionBytes } : {}) };
  // Map order is recency order: a used session moves to the end.
  const sessions = new Map<string, MockSession>();
  let evicted = 0;
  const recent: Eviction[] = [];
  const watchers = new Set<() => void>();
  const changed = (): void => {
    for (const w of watchers) w();
  };

  /** Make room for one more: drop the least recently used session without open sockets; false when there is none. */
  const makeRoom = (): boolean => {
    if (sessions.size < maxSessions) return true;
    let victim: MockSession | undefined;
    for (const s of sessions.values()) {
      if (s.name !== DEFAULT_SESSION && s.sockets.count() === 0) {
        victim = s;
        break;
      }
    }
    if (!victim) return false;
    sessions.delete(victim.name);
    victim.dispose();
    evicted++;
    recent.unshift({ session: victim.name, at: baseClock.now() });
    if (recent.length > RECENT_EVICTIONS) recent.length = RECENT_EVICTIONS;
    changed();
    log(`mock session "${victim.name}" evicted: ${maxSessions} sessions are kept (--max-sessions) and it was the least recently used without open sockets (${evicted} evicted so far)`);
    return true;
  };

  return {
    get(name) {
      const key = name === undefined || name === '' ? DEFAULT_SESSION : name;
      const found = sessions.get(key);
      if (found) {
        if (sessions.size > 1) {
          sessions.delete(key);
          sessions.set(key, found);
        }
        return found;
      }
      if (!SESSION_NAME.test(key)) throw new SessionNameError(key);
      // "default" always gets in: it is where requests without a session name go.
      if (key !== DEFAULT_SESSION && !makeRoom()) {
        log(`mock session "${key}" refused: all ${maxSessions} sessions have open sockets (--max-sessions)`);
        throw new SessionLimitError(key, maxSessions);
      }
      const created = new MockSession(key, baseClock, makeStore, journalCaps);
      sessions.set(key, created);
      changed();
      return created;
    },
    find: (name) => sessions.get(name),
    list: () => [...sessions.values()],
    max: maxSessions,
    get evicted() {
      return evicted;
    },
    recentEvictions: () => recent.map((e) => ({ ...e })),
    journalBytes: () => ({ used: budget.used, max: budget.maxBytes }),
    watch(fn) {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
    close() {
      watchers.clear();
      for (const s of sessions.values()) s.dispose();
      sessions.clear();
    },
  };
}
