/**
 * SPEC §4 "Game session flags" (sdk initialised, playing, reconnect-ready,
 * reconnecting, queue screen, has stream, loading percent), derived from the
 * machine's state, and the few the game screen draws by: the screen reads
 * them and decides nothing of its own.
 */
import type { SessionState } from './state.ts';

/** SPEC §4 flags, derived from the state, and what the game screen draws by. */
export interface SessionFlags {
  sdkReady: boolean;
  playing: boolean;
  reconnectReady: boolean;
  reconnecting: boolean;
  queueScreen: boolean;
  hasStream: boolean;
  loadingPercent: number;
  /** Playing with the stream on screen: input goes to the game, the overlays and virtual controls show. */
  live: boolean;
  /** The game is coming up or coming back: starting, loading, reconnecting, or playing while its stream returns. */
  loadingScreen: boolean;
  /** A game is running (live, loading or reconnecting): the floating ball and the game menu are there. */
  inGame: boolean;
  /** In game, starting, queued or with a seat ready: the game's full_screen setting applies. */
  underWay: boolean;
}

export function flagsOf(s: SessionState): SessionFlags {
  const playing = s.phase === 'playing';
  const live = playing && s.hasStream;
  const reconnecting = s.phase === 'reconnecting';
  const queueScreen = s.phase === 'queued' || s.phase === 'seat-ready';
  const inGame = live || reconnecting || s.phase === 'loading';
  return {
    sdkReady: s.sdkReady,
    playing,
    reconnectReady: s.reconnectReady,
    reconnecting,
    queueScreen,
    hasStream: s.hasStream,
    loadingPercent: s.progress,
    live,
    loadingScreen: s.phase === 'starting' || s.phase === 'loading' || reconnecting || (playing && !s.hasStream),
    inGame,
    underWay: inGame || queueScreen || s.phase === 'starting',
  };
}
