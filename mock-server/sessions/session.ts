/**
 * Mock sessions: the unit of isolation for QA. Every API request belongs to
 * the session named by its `X-Mock-Session` header, every socket to the one
 * named by the `mock_session` query of its upgrade URL (or that header);
 * without one, to "default". A session is created on first use and owns:
 *
 * - `store`   its users, tokens and SMS sends, built fresh from the fixtures
 * - `clock`   the app's clock until switched to virtual time
 * - `script`  the GameScript the game routes and sockets follow
 * - `journal` every request and socket message, with session-clock times
 * - `faults`  the pending faults for its next API requests
 * - `sockets` its open websockets, by kind ("duration", "stream")
 *
 * Parallel sessions share nothing but the (read-only) fixtures. Route code
 * reaches its session as `ctx.session` (and `ctx.clock`/`ctx.store`, which
 * are the session's); socket handlers get it as the third argument of
 * `handle(ws, req, session)` or from `sessionOfSocket(ws)`.
 */
import type { WebSocket } from 'ws';
import type { Clock } from '../../web/core/clock.ts';
import type { GameScript } from '../game/script.ts';
import type { Store } from './store.ts';
import { FaultQueue } from '../scenarios/faults.ts';
import { Journal, JOURNAL_LIMIT, JournalBudget, type JournalCaps } from './journal.ts';
import { copyScenario, DEFAULT_SCENARIO_DATA, type Scenario } from '../scenarios/parse.ts';
import { createSessionClock, type SessionClock } from './clock.ts';

export const DEFAULT_SESSION = 'default';
export const SESSION_NAME = /^[\w.-]{1,64}$/;
/** Sessions kept at once by default (`--max-sessions`); beyond it the least recently used one without open sockets is dropped. */
export const MAX_SESSIONS = 500;
/** Evicted session names kept for `GET /__mock/sessions`. */
export const RECENT_EVICTIONS = 20;
/** Close code sent to a session's sockets when the session is reset or dropped. */
export const SOCKET_CLOSE_SESSION_RESET = 4000;

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

/** A session's open websockets by kind (the socket path below the socket base, e.g. "duration"). */
export class SocketRegistry {
  private readonly byKind = new Map<string, Set<WebSocket>>();

  /** Track `ws` until it closes. */
  add(kind: string, ws: WebSocket): void {
    let set = this.byKind.get(kind);
    if (!set) {
      set = new Set();
      this.byKind.set(kind, set);
    }
    set.add(ws);
    ws.once('close', () => set.delete(ws));
  }

  /** Open sockets of one kind. */
  of(kind: string): WebSocket[] {
    return [...(this.byKind.get(kind) ?? [])].filter((ws) => ws.readyState === ws.OPEN);
  }

  count(kind?: string): number {
    if (kind !== undefined) return this.of(kind).length;
    let n = 0;
    for (const k of this.byKind.keys()) n += this.of(k).length;
    return n;
  }

  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const k of this.byKind.keys()) out[k] = this.of(k).length;
    return out;
  }

  /** Send `message` (JSON-encoded) to every open socket of `kind`; answers how many it went to. */
  push(kind: string, message: unknown): number {
    const text = JSON.stringify(message);
    const open = this.of(kind);
    for (const ws of open) ws.send(text);
    return open.length;
  }

  closeAll(code: number, reason: string): void {
    for (const set of this.byKind.values()) {
      for (const ws of set) {
        if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
        else ws.terminate();
      }
      set.clear();
    }
  }
}

/**
 * Per-session state another module keeps (the game flow's queues and running
 * games, the /__db/ router): created on first use, disposed when the session
 * is reset, so a reset never leaves stale timers or state behind.
 */
export interface SessionSlot<T> {
  readonly name: string;
  create(session: MockSession): T;
  dispose?(value: T): void;
}

export function defineSlot<T>(name: string, create: (session: MockSession) => T, dispose?: (value: T) => void): SessionSlot<T> {
  return dispose ? { name, create, dispose } : { name, create };
}

const socketSessions = new WeakMap<WebSocket, MockSession>();

/** The session a socket belongs to (set by the socket hub when it accepts the socket). */
export function sessionOfSocket(ws: WebSocket): MockSession | undefined {
  return socketSessions.get(ws);
}

export function bindSocketToSession(ws: WebSocket, session: MockSession): void {
  socketSessions.set(ws, session);
}

export interface ApplyOptions {
  /** Keep the store (logins, tokens), the journal, the sockets and the clock; replace only the script and add the faults. */
  keepState?: boolean;
}

export class MockSession {
  readonly clock: SessionClock;
  readonly journal: Journal;
  readonly faults = new FaultQueue();
  readonly sockets = new SocketRegistry();
  private currentStore: Store;
  private currentScript: GameScript = {};
  private currentScenario: string = DEFAULT_SCENARIO_DATA.name;
  private readonly slots = new Map<SessionSlot<unknown>, unknown>();
  /** Waits (fault delays) to end early when the session is reset, so no request hangs on a cancelled timer. */
  private readonly waiting = new Set<() => void>();

  constructor(
    readonly name: string,
    baseClock: Clock,
    private readonly makeStore: (clock: Clock) => Store,
    journalCaps: JournalCaps = {},
  ) {
    this.clock = createSessionClock(baseClock);
    this.journal = new Journal(() => this.clock.now(), JOURNAL_LIMIT, journalCaps);
    this.currentStore = makeStore(this.clock);
  }

  /** Users, tokens and SMS sends of this session (replaced by a reset). */
  get store(): Store {
    return this.currentStore;
  }

  /** What the game routes and sockets follow (replaced by applying a scenario). */
  get script(): GameScript {
    return this.currentScript;
  }

  /** Name of the scenario last applied ("default" after a reset, "inline" for an unnamed inline one). */
  get scenario(): string {
    return this.currentScenario;
  }

  /** Resolve after `ms` of session-clock time (virtual time only moves on advance), or at once when the session is reset. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.clock.clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = this.clock.setTimeout(done, ms);
      this.waiting.add(done);
    });
  }

  /** This session's value of a slot, created on first use. */
  slot<T>(slot: SessionSlot<T>): T {
    if (this.slots.has(slot)) return this.slots.get(slot) as T;
    const value = slot.create(this);
    this.slots.set(slot, value);
    return value;
  }

  /** Back to a fresh session: sockets closed, timers cancelled, app clock, new store, empty script, no faults, empty journal. */
  reset(): void {
    this.sockets.closeAll(SOCKET_CLOSE_SESSION_RESET, 'mock session reset');
    this.releaseWaits();
    this.disposeSlots();
    this.clock.reset();
    this.faults.clear();
    this.journal.clear();
    this.currentStore = this.makeStore(this.clock);
    this.currentScript = {};
    this.currentScenario = DEFAULT_SCENARIO_DATA.name;
  }

  /** Apply a scenario: reset first (unless keepState), then its script, user overrides, faults and clock. */
  apply(scenario: Scenario, options: ApplyOptions = {}): void {
    if (!options.keepState) this.reset();
    const s = copyScenario(scenario);
    // First: faults over a limit refuse the whole scenario before anything else changes.
    this.faults.addAll(s.faults);
    this.currentScript = s.game;
    this.currentScenario = s.name;
    if (s.game.user) this.currentStore.applyUserOverrides(s.game.user);
    this.currentStore.setTokenLifetime(s.game.tokenLifetimeMs);
    if (s.game.tokenExpired) this.currentStore.expireTokens();
    if (s.virtualClock) this.clock.goVirtual();
  }

  /** Drop the session for good (eviction, app close). */
  dispose(): void {
    this.sockets.closeAll(SOCKET_CLOSE_SESSION_RESET, 'mock session closed');
    this.releaseWaits();
    this.disposeSlots();
    this.clock.reset();
    this.faults.clear();
    this.journal.close();
  }

  private releaseWaits(): void {
    for (const done of [...this.waiting]) done();
  }

  private disposeSlots(): void {
    const entries = [...this.slots];
    this.slots.clear();
    for (const [slot, value] of entries) slot.dispose?.(value);
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
  /** Dispose every session (app close). */
  close(): void;
}

export function isSessionName(name: string): boolean {
  return SESSION_NAME.test(name);
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
    close() {
      for (const s of sessions.values()) s.dispose();
      sessions.clear();
    },
  };
}
