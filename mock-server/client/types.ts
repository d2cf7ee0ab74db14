/**
 * What the control API (`/__mock/`, `/__db/`) takes and answers, for the
 * typed client. Request types come from the server's own zod schemas and
 * records (type-only imports: nothing here runs, so the client stays free
 * of Node modules); the answers mirror what scenarios/control.ts builds.
 */
import type * as z from 'zod';
import type { DurationSocketMessage, StreamEventMessage, StreamServerMessage } from '../../web/api/contract.ts';
import type { DurationMessageCode, GameScript } from '../game/script.ts';
import type { faultSchema, PendingFault } from '../scenarios/faults.ts';
import type { InlineScenario, Scenario } from '../scenarios/parse.ts';
import type { JournalEntry, JournalKind } from '../sessions/journal.ts';
import type { Eviction } from '../sessions/registry.ts';
import type { UserRecord } from '../sessions/store.ts';
import type { GameTag, LevelConfig, MemberCard, Product, PsShield, SystemInfo } from '../../web/api/contract.ts';
import type { OrderRecord } from '../content/state.ts';
import type { GameFixture, HomeFixture, OpPlansFixture, SignInFixture } from '../fixtures/index.ts';
import type { SaveRecord } from '../game/state.ts';
import type { NetworkConditions } from '../stream/network.ts';
import type { GameFigures } from '../stream/engine.ts';

export type { GameFixture, InlineScenario, JournalEntry, JournalKind, NetworkConditions, OrderRecord, PendingFault, SaveRecord, Scenario, UserRecord };

/** One fault as `POST /__mock/faults` takes it (count defaults to 1, match to every API request). */
export type FaultInput = z.input<typeof faultSchema>;

/** `GET|POST /__mock/clock`: the session clock. `pending` counts the timers waiting on it. */
export interface ClockState {
  session: string;
  virtual: boolean;
  now: number;
  pending: number;
}

/** `GET /__mock/session`, and the answer of scenario and reset. */
export interface SessionSummary {
  session: string;
  /** The name of the scenario last applied ("default" after a reset, "inline" for an unnamed inline one). */
  scenario: string;
  clock: Omit<ClockState, 'session'>;
  script: GameScript;
  faults: PendingFault[];
  /** Open sockets by kind ("duration", "stream"). */
  sockets: Record<string, number>;
  journal: { size: number; bytes: number; maxBytes: number; dropped: number };
  /** Users in the session's store. */
  users: number;
}

/** `GET|POST /__mock/record`: the session's recording, and the replay of a recorded scenario applied to it. */
export interface RecordingStatus {
  session: string;
  recording: boolean;
  /** Session-clock time the recording started, and how long ago (absent before any start). */
  since?: number;
  elapsedMs?: number;
  answers: number;
  sockets: number;
  pushes: number;
  bytes: number;
  maxBytes: number;
  /** Why it stopped by itself (a limit): reading it then answers 413. */
  full?: string;
  replay: { replaying: boolean; answersLeft?: number; notRecorded?: number };
}

/** `GET /__mock/recording`: a scenario file that replays the recording (save it as fixtures/scenarios/<name>.json, or apply it inline). */
export type RecordedScenario = InlineScenario & { name: string; description: string };

export interface FaultList {
  session: string;
  faults: PendingFault[];
}

export interface FaultsAdded extends FaultList {
  added: number;
}

export interface FaultsCleared extends FaultList {
  dropped: number;
}

/**
 * What `POST /__mock/push` may send. A duration `{code, event?, msg?}` without `data` and a stream
 * `{type: "event", code, msg?, sc_id?}` go through the game logic (a 200 carries the user's balance;
 * 43000/54001 end the game session); any other message is relayed as is.
 */
export interface PushMessages {
  duration: DurationSocketMessage | { code: DurationMessageCode; msg?: string; event?: 0 | 1 };
  stream: StreamServerMessage | (Omit<StreamEventMessage, 'msg'> & { msg?: string; sc_id?: string });
}

export interface PushResult {
  session: string;
  socket: keyof PushMessages;
  /** How many open sockets got it. */
  delivered: number;
}

export interface JournalQuery {
  /** Only entries after this seq. */
  since?: number;
  /** Only these kinds. */
  kind?: JournalKind | readonly JournalKind[];
  /** Only the newest N. */
  limit?: number;
}

/** `GET /__mock/journal`. */
export interface JournalPage {
  session: string;
  /** The session clock now. */
  now: number;
  /** Entries dropped by the journal's caps so far. */
  dropped: number;
  bytes: number;
  maxBytes: number;
  entries: JournalEntry[];
}

/** One game session's stream as `GET /__mock/network` reports it (the figures of stream/game-stream.ts). */
export type StreamFigures = {
  sc_id: string;
  status: string;
  level_config: LevelConfig;
} & Partial<GameFigures>;

/** `GET|POST|DELETE /__mock/network`. */
export interface NetworkSummary {
  session: string;
  network: NetworkConditions;
  streams: StreamFigures[];
}

/** `GET /__mock/scenarios`. */
export interface ScenarioInfo {
  name: string;
  description: string;
}

/** `GET /__mock/sessions`: other sessions are named only when the mock runs with `--admin`. */
export interface SessionsInfo {
  max: number;
  count: number;
  evicted: number;
  listing: 'all' | 'own';
  recentlyEvicted: Eviction[];
  journalBytes: { used: number; max: number };
  sessions: { session: string; scenario: string; virtual: boolean; sockets: Record<string, number> }[];
}

/** json-server filters for `GET /__db/users` (`memberStatus: 1`, `_sort`, `_order`, `q`…). */
export type UserFilter = Record<string, string | number | boolean>;

/** `/__db/` records beyond users, as json-server lists them (fixture field names; times in ms on the session clock). */
export interface DbRecords {
  games: GameFixture;
  products: Product;
  member_cards: MemberCard;
  banners: HomeFixture['banners'][number];
  sections: HomeFixture['sections'][number];
  tags: GameTag;
}

/** `/__db/` collections that are one object. */
export interface DbObjects {
  shield: PsShield;
  sign_in: SignInFixture;
  system_info: SystemInfo;
  op_plans: OpPlansFixture;
}

/** `GET /__db/db`: every collection of the session. */
export type DbAll = { users: UserRecord[]; saves: SaveRecord[]; orders: OrderRecord[] } & { [K in keyof DbRecords]: Array<DbRecords[K]> } & DbObjects;
