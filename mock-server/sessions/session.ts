/**
 * A mock session: the unit of isolation for QA. Every API request belongs to
 * the session named by its `X-Mock-Session` header, every socket to the one
 * named by the `mock_session` query of its upgrade URL (or that header);
 * without one, to "default" (registry.ts). Parallel sessions share nothing
 * but the read-only fixtures.
 *
 * What a session is made of lives as long as the session:
 * - `clock`   the app's clock until switched to virtual time (clock.ts)
 * - `journal` every request and socket message, with session-clock times (journal.ts)
 * - `faults`  the pending faults for its next API requests
 * - `sockets` its open websockets, by kind (sockets.ts)
 * - `script`  the GameScript of the scenario last applied
 *
 * Everything it *remembers* — users and tokens (`store`), the content routes'
 * plays, sign-ins and orders (content/state.ts), the game flow's queues and
 * running games (game/state.ts), the /__db/ router (db.ts) — is held one way:
 * a slot, made on first use and disposed by a reset, so a reset leaves no
 * stale state or timer behind. Route code reaches its session as
 * `ctx.session`, socket handlers as the third argument of `handle`.
 */
import type { Clock } from '../../web/core/clock.ts';
import type { GameScript } from '../game/script.ts';
import { FaultQueue } from '../scenarios/faults.ts';
import { copyScenario, DEFAULT_SCENARIO_DATA, type Scenario } from '../scenarios/parse.ts';
import { createSessionClock, type SessionClock } from './clock.ts';
import { Journal, JOURNAL_LIMIT, type JournalCaps } from './journal.ts';
import { replaySlot } from './replay.ts';
import type { Slot } from './slot.ts';
import { SocketRegistry } from './sockets.ts';
import type { Store } from './store.ts';

/** Close code sent to a session's sockets when the session is reset or dropped. */
export const SOCKET_CLOSE_SESSION_RESET = 4000;

/** Per-session state a module keeps, made from its session (slot.ts). */
export type SessionSlot<T> = Slot<T, MockSession>;

export function defineSlot<T>(name: string, create: (session: MockSession) => T, dispose?: (value: T) => void): SessionSlot<T> {
  return dispose ? { name, create, dispose } : { name, create };
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
  private currentScript: GameScript = {};
  private currentScenario: string = DEFAULT_SCENARIO_DATA.name;
  private readonly slots = new Map<SessionSlot<unknown>, unknown>();
  private readonly storeSlot: SessionSlot<Store>;
  /** Waits (fault delays) to end early when the session is reset, so no request hangs on a cancelled timer. */
  private readonly waiting = new Set<() => void>();

  constructor(
    readonly name: string,
    baseClock: Clock,
    makeStore: (clock: Clock) => Store,
    journalCaps: JournalCaps = {},
  ) {
    this.clock = createSessionClock(baseClock);
    this.journal = new Journal(() => this.clock.now(), JOURNAL_LIMIT, journalCaps);
    this.storeSlot = defineSlot('store', (session) => makeStore(session.clock));
    this.makeStoreNow();
  }

  /** Users, tokens and SMS sends of this session (a new one after a reset). */
  get store(): Store {
    return this.slot(this.storeSlot);
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

  /** This session's value of a slot, made on first use. */
  slot<T>(slot: SessionSlot<T>): T {
    if (this.slots.has(slot)) return this.slots.get(slot) as T;
    const value = slot.create(this);
    this.slots.set(slot, value);
    return value;
  }

  /** Back to a fresh session: sockets closed, timers cancelled, app clock, every slot dropped (a new store), empty script, no faults, empty journal. */
  reset(): void {
    this.sockets.closeAll(SOCKET_CLOSE_SESSION_RESET, 'mock session reset');
    this.releaseWaits();
    this.disposeSlots();
    this.clock.reset();
    this.faults.clear();
    this.journal.clear();
    this.makeStoreNow();
    this.currentScript = {};
    this.currentScenario = DEFAULT_SCENARIO_DATA.name;
  }

  /** Apply a scenario: reset first (unless keepState), then its script, user overrides, faults, clock and recorded answers (replay.ts). */
  apply(scenario: Scenario, options: ApplyOptions = {}): void {
    if (!options.keepState) this.reset();
    const s = copyScenario(scenario);
    // First: faults over a limit refuse the whole scenario before anything else changes.
    this.faults.addAll(s.faults);
    this.currentScript = s.game;
    this.currentScenario = s.name;
    if (s.game.user) this.store.applyUserOverrides(s.game.user);
    this.store.setTokenLifetime(s.game.tokenLifetimeMs);
    if (s.game.tokenExpired) this.store.expireTokens();
    if (s.virtualClock) this.clock.goVirtual();
    if (s.recorded) this.slot(replaySlot).load(s.recorded);
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

  /** The personas' membership days count from when the store is made: at the start or reset, never later on first use. */
  private makeStoreNow(): void {
    this.slot(this.storeSlot);
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
