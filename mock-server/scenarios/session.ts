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
import type { Store } from '../store.ts';
import { FaultQueue } from './faults.ts';
import { Journal } from './journal.ts';
import { copyScenario, DEFAULT_SCENARIO_DATA, type Scenario } from './parse.ts';
import { createSessionClock, type SessionClock } from './session-clock.ts';

export const DEFAULT_SESSION = 'default';
export const SESSION_NAME = /^[\w.-]{1,64}$/;
/** Sessions kept at once; the least recently used one is dropped beyond this. */
export const MAX_SESSIONS = 500;
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
  ) {
    this.clock = createSessionClock(baseClock);
    this.journal = new Journal(() => this.clock.now());
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
    this.currentScript = s.game;
    this.currentScenario = s.name;
    if (s.game.user) this.currentStore.applyUserOverrides(s.game.user);
    this.currentStore.setTokenLifetime(s.game.tokenLifetimeMs);
    if (s.game.tokenExpired) this.currentStore.expireTokens();
    for (const f of s.faults) this.faults.add(f);
    if (s.virtualClock) this.clock.goVirtual();
  }

  /** Drop the session for good (eviction, app close). */
  dispose(): void {
    this.sockets.closeAll(SOCKET_CLOSE_SESSION_RESET, 'mock session closed');
    this.releaseWaits();
    this.disposeSlots();
    this.clock.reset();
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

export interface SessionRegistry {
  /** The named session, created on first use; undefined or "" means "default". Throws SessionNameError. */
  get(name: string | undefined): MockSession;
  /** The named session if it exists (no creation). */
  find(name: string): MockSession | undefined;
  list(): MockSession[];
  /** Dispose every session (app close). */
  close(): void;
}

export function isSessionName(name: string): boolean {
  return SESSION_NAME.test(name);
}

export function createSessionRegistry(baseClock: Clock, makeStore: (clock: Clock) => Store, maxSessions = MAX_SESSIONS): SessionRegistry {
  // Map order is recency order: a used session moves to the end.
  const sessions = new Map<string, MockSession>();

  const evict = (): void => {
    if (sessions.size <= maxSessions) return;
    let victim: MockSession | undefined;
    for (const s of sessions.values()) {
      if (s.name === DEFAULT_SESSION) continue;
      victim ??= s;
      if (s.sockets.count() === 0) {
        victim = s;
        break;
      }
    }
    if (victim) {
      sessions.delete(victim.name);
      victim.dispose();
    }
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
      const created = new MockSession(key, baseClock, makeStore);
      sessions.set(key, created);
      evict();
      return created;
    },
    find: (name) => sessions.get(name),
    list: () => [...sessions.values()],
    close() {
      for (const s of sessions.values()) s.dispose();
      sessions.clear();
    },
  };
}
