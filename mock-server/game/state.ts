/**
 * The game flow's runtime state, one per mock session (a session slot, so a
 * session reset disposes it): play tokens and jtokens, queue tickets,
 * running sessions by sc_id, the open duration sockets and saves. The
 * script is read from the session each time; every timer is set on the
 * session's clock, so virtual time drives seat expiry, hang-up, billing and
 * the scripted socket timelines.
 *
 * `gameStateOf(ctx)` is the ONE place that decides which state a request or
 * socket belongs to.
 */
import type { Clock, TimerId } from '../../web/core/clock.ts';
import {
  DEFAULT_HANG_OPTIONS,
  type DurationSocketMessage,
  type HangOption,
  type LevelConfig,
  type StreamServerMessage,
} from '../../web/api/contract.ts';
import { findGameByKey } from '../content/catalogue.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { defineSlot, type MockSession } from '../sessions/session.ts';
import type { Store } from '../sessions/store.ts';
import type { GameHandle } from '../stream/engine.ts';
import type { NetworkConditions } from '../stream/network.ts';
import type { GameScript } from './script.ts';
import type { ContentLanguage } from '../languages.ts';

/** What the game flow needs from a request or socket: RouteContext satisfies it; sockets build it from their session. */
export interface GameContext {
  session: MockSession;
  /** The session's store (users, tokens). */
  store: Store;
  fixtures: Fixtures;
}

/** One open socket, as the game logic sees it: typed messages, a close with a code, an abrupt drop. */
export interface Peer<M> {
  send(msg: M): void;
  close(code: number, reason: string): void;
  /** Drop the connection without a close frame. */
  terminate(): void;
}
export type StreamPeer = Peer<StreamServerMessage>;
/** `language`: the handshake's, which the socket's messages are worded in. */
export type DurationPeer = Peer<DurationSocketMessage> & { uid: number; gameId: number; language: ContentLanguage };

export interface GameToken {
  uid: number;
  manufacturer: string;
  clientSid: string;
  openId: string;
}

export interface JToken {
  uid: number;
  gameId: number;
  expiresAt: number;
}

export type SessionStatus = 'seat' | 'running' | 'hangup' | 'stopped';

export interface PlaySession {
  scId: string;
  /** The owner; scripted sessions (script.sessions) belong to whoever asks in this mock session. */
  uid: number;
  gameKey: string;
  gameId: number;
  /** From the play token; "" for scripted sessions (listed for any manufacturer). */
  manufacturer: string;
  openId: string;
  status: SessionStatus;
  /** False for scripted sessions of type "stop": user_sc_list says stop and recon_play_game refuses. */
  reconnectable: boolean;
  /** The queue ticket whose seat this session is. */
  queueId: string | undefined;
  startedAt: number;
  level: LevelConfig;
  /** Minutes from set_hang_up_timer (0: none). */
  hangUpMinutes: number;
  hangUpEndsAt: number;
  hangUpTimer: TimerId | undefined;
  /** The seat of a queue ticket: expires unless taken. */
  seatTimer: TimerId | undefined;
  /** Charges play time every minute while the session holds a machine. */
  billingTimer: TimerId | undefined;
  /** Stream events already scheduled (once per session, from its first 100 %). */
  streamTimeline: TimerId[] | null;
  streams: Set<StreamPeer>;
  /** The game the session runs (WebRTC transport): made by its first stream, kept across hang-up and reconnect, ended with the session. */
  game: GameHandle | undefined;
  /** No input for script.idleAfterMs while streaming: 45001. */
  idleTimer: TimerId | undefined;
}

export type QueueStatus = 'waiting' | 'ready' | 'taken' | 'expired';

export interface QueueTicket {
  queueId: string;
  uid: number;
  gameKey: string;
  gameId: number;
  /** The play token it was opened with (carries manufacturer and open_id). */
  token: string;
  status: QueueStatus;
  position: number;
  polls: number;
  /** The session waiting on the seat once ready. */
  scId: string | undefined;
  seatExpiresAt: number;
}

export interface SaveRecord {
  saveId: number;
  uid: number;
  gameKey: string;
  gameId: number;
  scId: string;
  clientSid: string;
  name: string;
  isShare: 0 | 1;
  size: number;
  createdAt: number;
  updatedAt: number;
}

export interface GameState {
  readonly clock: Clock;
  /** The current script (read each time: a session may switch scenarios). */
  readonly script: GameScript;
  gameTokens: Map<string, GameToken>;
  jtokens: Map<string, JToken>;
  queues: Map<string, QueueTicket>;
  sessions: Map<string, PlaySession>;
  /** Scripted sc_ids (script.sessions) that were stopped or turned into real sessions. */
  scriptedTaken: Set<string>;
  saves: Map<number, SaveRecord>;
  durationPeers: Set<DurationPeer>;
  /** The duration socket's scripted timeline (messages, drop): started by the first connection, fired once. */
  durationTimeline: TimerId[] | null;
  seq: { sc: number; queue: number; save: number };
  /** Network conditions set live through POST /__mock/network, over the script's. */
  network: Partial<NetworkConditions>;
  /** Set when the session was reset: late socket events must not touch it. */
  disposed: boolean;
}

export interface GameMeta {
  gameId: number;
  hang: readonly HangOption[];
  /** The game's machine pool, reported as play_queue_id. */
  playQueueId: number;
}

function createGameState(clock: Clock, script: () => GameScript): GameState {
  return {
    clock,
    get script() {
      return script();
    },
    gameTokens: new Map(),
    jtokens: new Map(),
    queues: new Map(),
    sessions: new Map(),
    scriptedTaken: new Set(),
    saves: new Map(),
    durationPeers: new Set(),
    durationTimeline: null,
    seq: { sc: 100000, queue: 500000, save: 1 },
    network: {},
    disposed: false,
  };
}

/** Cancel every timer and close every socket of a game state (its session was reset or dropped). */
export function disposeGameState(state: GameState): void {
  state.disposed = true;
  const { clock } = state;
  for (const s of state.sessions.values()) {
    clock.clearTimeout(s.hangUpTimer);
    clock.clearTimeout(s.seatTimer);
    clock.clearInterval(s.billingTimer);
    for (const t of s.streamTimeline ?? []) clock.clearTimeout(t);
    clock.clearTimeout(s.idleTimer);
    s.game?.dispose();
    s.game = undefined;
    for (const p of s.streams) p.close(1001, 'mock session reset');
    s.streams.clear();
  }
  for (const t of state.durationTimeline ?? []) clock.clearTimeout(t);
  for (const p of state.durationPeers) p.close(1001, 'mock session reset');
  state.durationPeers.clear();
}

const GAME_SLOT = defineSlot(
  'game',
  (session) => createGameState(session.clock, () => session.script),
  disposeGameState,
);

/** The game state of a request or socket: its mock session's. */
export function gameStateOf(ctx: { session: MockSession }): GameState {
  return ctx.session.slot(GAME_SLOT);
}

/** A small stable number from a string (FNV-1a), for ids of games the catalogue does not know. */
function stableNumber(text: string, mod: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % mod;
}

/**
 * A game's id, hang-up options and pool, from the catalogue (fixtures/games.json).
 * Any other game_key still plays (QA and tests use made-up keys): it gets a
 * stable id from 90000 up and DEFAULT_HANG_OPTIONS.
 */
export function gameMeta(ctx: { fixtures: Fixtures }, gameKey: string): GameMeta {
  const game = findGameByKey(ctx.fixtures, gameKey);
  const gameId = game ? game.id : 90000 + stableNumber(gameKey, 10000);
  return { gameId, hang: game && game.hang.length > 0 ? game.hang : DEFAULT_HANG_OPTIONS, playQueueId: 1000 + (gameId % 100) };
}
