/**
 * Where a session's game and its WebRTC peers run (docs/decisions/0028-stream-processes.md): in stream processes
 * (process/pool.ts, what the CLI runs), so the native code a stream needs (libwebrtc, Skia) can never take the mock
 * and every QA session on it down; or in the mock's own process (`createLocalEngine`: tests that drive the game loop
 * on a manual clock, and `--stream-processes 0`). The stream socket (sockets/stream.ts) makes the same calls either way.
 */
import type { LevelConfig, StreamFrameMessage, StreamInputMessage, StreamRtcMessage, StreamVibrateMessage } from '../../web/api/contract.ts';
import type { Clock } from '../../web/core/clock.ts';
import type { ContentLanguage } from '../languages.ts';
import { createGameStream, type GameStream, type GameStreamFigures } from './game-stream.ts';
import type { GameKind } from './games/index.ts';
import type { NetworkConditions } from './network.ts';
import { createNetPath, noPathFigures, type NetPathFigures } from './net-path.ts';
import { bitrateCap, createRtcPeer } from './rtc-peer.ts';

/** A game's counters, and its streams' packets on their network paths (net-path.ts), over every peer it had. */
export type GameFigures = GameStreamFigures & NetPathFigures;

/** A session's running game, as the mock's main process holds it. */
export interface GameHandle {
  /** Input from a client; applied on the first tick after the scripted latency. */
  input(msg: StreamInputMessage): void;
  /** The game's counters (from a stream process: as of its last report, a fifth of a second ago at most). */
  figures(): GameFigures;
  dispose(): void;
}

export interface GameOptions {
  kind: GameKind;
  title: string;
  seed: number;
  language: ContentLanguage;
  /** The session's clarity now (display_grade changes it mid-stream). */
  level(): LevelConfig;
  network(): NetworkConditions;
  /** The process the game ran in ended under it (a crash, a kill): the handle is dead, and the next stream makes a new game. */
  ended(why: string): void;
  log(line: string): void;
}

/** One WebRTC stream of a game, as the stream socket drives it. */
export interface PeerHandle {
  /** Signalling from the client. */
  signal(msg: StreamRtcMessage): void;
  /** Stops the stream: no more frames, signalling or input. */
  close(): void;
}

export interface PeerOptions {
  /** Sends signalling to the client (the stream socket). */
  signal(msg: StreamRtcMessage): void;
  /** A data-channel message: the stream socket's own input handling checks it. */
  message(text: string): void;
  /**
   * A well-formed input from the data channel was applied where the game runs, without the round trip through
   * `message` (a stream process does this: the input's way to the game is the latency players feel); anything else
   * still comes to `message`.
   */
  inputApplied?(): void;
  /** A frame report or a rumble for the client (the stream socket carries them, rtc-peer.ts says why). */
  report(msg: StreamFrameMessage | StreamVibrateMessage): void;
  /** ICE connected and the peer is watching the game. */
  connected(): void;
  /** The connection failed, closed on the client's side, or its process ended. */
  lost(why: string): void;
  stallAt?: 30 | 50 | 80;
  log(line: string): void;
}

export interface StreamEngine {
  game(o: GameOptions): GameHandle;
  /** A WebRTC peer that watches `game` once connected; the encoder's cap follows the game's clarity and network. */
  peer(game: GameHandle, o: PeerOptions): PeerHandle;
  close(): Promise<void>;
}

/** The encoder cap of a game's stream now. */
export const capOf = (o: Pick<GameOptions, 'level' | 'network'>): number => bitrateCap(o.level(), o.network().bitrateKbps);

/** Games and peers in this process, the loop and the peers' waits on `frameClock`. */
export function createLocalEngine(frameClock: Clock): StreamEngine {
  const games = new WeakMap<GameHandle, { stream: GameStream; o: GameOptions; packets: NetPathFigures }>();
  return {
    game(o) {
      const stream = createGameStream({ ...o, frameClock });
      const packets = noPathFigures();
      const handle: GameHandle = { input: (msg) => stream.input(msg), figures: () => ({ ...stream.figures(), ...packets }), dispose: () => stream.dispose() };
      games.set(handle, { stream, o, packets });
      return handle;
    },
    peer(game, o) {
      const g = games.get(game);
      if (!g) throw new Error('a peer of a game this engine did not make');
      let detach: (() => void) | null = null;
      const rtc = createRtcPeer({
        ...o,
        clock: frameClock,
        bitrateKbps: () => capOf(g.o),
        path: createNetPath({ lossPercent: () => g.o.network().lossPercent, bandwidthKbps: () => g.o.network().bandwidthKbps, clock: frameClock, figures: g.packets, log: o.log }),
        connected: () => {
          if (detach) return;
          detach = g.stream.attach(rtc);
          o.connected();
        },
      });
      return {
        signal: (msg) => void rtc.signal(msg),
        close() {
          detach?.();
          detach = null;
          rtc.close();
        },
      };
    },
    close: () => Promise.resolve(),
  };
}
