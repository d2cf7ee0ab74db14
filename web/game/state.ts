/**
 * The game session's state, the events that move it and the effects it asks
 * for (SPEC §4). `machine.ts` is the pure `(state, event, now) → {state,
 * effects}`; `effects.ts` runs the effects (API calls, SDK, timers on the
 * injected clock, the duration socket) and feeds their results back as events.
 */
import type {
  DurationSocketMessage,
  GameFailure,
  GameQueueResponse,
  HangOption,
  PlayGameResponse,
  PlayStartInfo,
  QueueInfo,
  ReconPlayGameResponse,
  SeatReadyInfo,
  StreamEventCode,
  UserSession,
} from '../api/contract.ts';
import type { GameControlsInfo } from './op-type.ts';
import type { SdkDisconnect, StreamTarget } from './sdk.ts';

export type Phase = 'idle' | 'starting' | 'queued' | 'seat-ready' | 'loading' | 'playing' | 'hung-up' | 'reconnecting' | 'ended';

export type EndReason =
  /** The user confirmed quit (or dismissed a reconnectable session). */
  | 'user-quit'
  /** The video stream could not be set up (no WebRTC connection in time): `message` says why. */
  | 'stream-failed'
  | 'queue-cancelled'
  | 'seat-expired'
  | 'queue-error'
  /** play_game answered neither 200 nor 201: `message` is its sub_msg. */
  | 'play-failed'
  | 'sdk-timeout'
  /** A call or the SDK failed: `message` says what. */
  | 'error'
  | 'hangup-over'
  /** Stream event 43000. */
  | 'stream-quit'
  /** Stream event 54001, or the cloud closed the stream because the session is gone. */
  | 'session-ended'
  /** 45001 followed by NO_OPERATION_MS without input. */
  | 'idle'
  | 'reconnect-failed'
  | 'reconnect-timeout'
  /** Duration socket 200 with duration_coin 0. */
  | 'out-of-time'
  /** Duration socket 408 event 0. */
  | 'kicked'
  /** Duration socket 408 with another event: log in again. */
  | 'relogin'
  /** Duration socket 500 or 5001. */
  | 'server-quit'
  /** The duration socket gave up after its reconnects. */
  | 'duration-lost'
  | 'token-expired'
  /** minor_web_config said a minor may not play now (SPEC §7, decision 0012); the app's own text explains it. */
  | 'minor-limit';

export interface SessionEnd {
  reason: EndReason;
  message: string;
}

/** The game being played (SPEC §3 session variables the machine needs). */
/** The game of a session: its SPEC §3 session variables (the op type ones decide its controls, op-type.ts). */
export interface GameTarget extends GameControlsInfo {
  game_key: string;
  game_id: number;
  manufacturer: string;
  title?: string;
  /** The game's cover image (catalogue `cover`), for the queue bar shown away from the game screen. */
  cover?: string;
  /** Hang-up options; DEFAULT_HANG_OPTIONS when absent. */
  hang?: readonly HangOption[];
}

export interface QueueView {
  queueId: string;
  /** 1 = next. */
  position: number;
  waitSeconds: number;
  playQueueId: number;
  polls: number;
}

export interface HangupView {
  minutes: number;
  /** Clock ms. */
  endsAt: number;
}

export interface SessionState {
  phase: Phase;
  /** Bumped by every start and session check: answers of an older attempt are ignored. */
  attempt: number;
  sdkReady: boolean;
  /** 0–100 (SPEC §4 "Progress"). */
  progress: number;
  hasStream: boolean;
  /** A session from user_sc_list (able_recon) waits in hang-up; reconnecting resumes it. */
  reconnectReady: boolean;
  game: GameTarget | null;
  /** get_token's play token. */
  token: string | null;
  scId: string | null;
  /** The stream of the current session (play, seat or reconnect answer). */
  stream: StreamTarget | null;
  queue: QueueView | null;
  /** Seat ready: the play answer of the seat and when the 40 s run out (clock ms). */
  seat: (StreamTarget & { queueId: string }) | null;
  seatEndsAt: number | null;
  hangup: HangupView | null;
  /** 45001: quit at this time unless there is input. */
  idleEndsAt: number | null;
  /** Reconnecting: give up at this time unless 100 arrives. */
  reconnectEndsAt: number | null;
  end: SessionEnd | null;
  quitDialog: boolean;
  /** Duration socket 202. */
  timeoutDialog: boolean;
  /** Duration socket 408 with event ≠ 0. */
  reloginRequired: boolean;
}

export const initialState: SessionState = {
  phase: 'idle',
  attempt: 0,
  sdkReady: false,
  progress: 0,
  hasStream: false,
  reconnectReady: false,
  game: null,
  token: null,
  scId: null,
  stream: null,
  queue: null,
  seat: null,
  seatEndsAt: null,
  hangup: null,
  idleEndsAt: null,
  reconnectEndsAt: null,
  end: null,
  quitDialog: false,
  timeoutDialog: false,
  reloginRequired: false,
};

export type TimerName = 'sdk-init' | 'queue-poll' | 'seat-expiry' | 'hangup' | 'no-operation' | 'reconnect-wait' | 'reconnect-retry';
export const TIMER_NAMES: readonly TimerName[] = ['sdk-init', 'queue-poll', 'seat-expiry', 'hangup', 'no-operation', 'reconnect-wait', 'reconnect-retry'];

/** A failed step of an attempt (a call rejected, the SDK failed to initialise). */
export type FailedStep = 'token' | 'sdk' | 'play' | 'queue' | 'recon' | 'sessions';

export type SessionEvent =
  // the user / the screen
  | { type: 'start'; game: GameTarget }
  | { type: 'check-sessions' }
  | { type: 'accept-seat' }
  | { type: 'cancel-queue' }
  /** Leaving the game page; `minutes` is the hang-up duration in force. */
  | { type: 'leave'; minutes: number }
  /** `game`: what the screen knows of the session's game now (a session found by user_sc_list knew only its key). */
  | { type: 'return'; game?: GameTarget }
  | { type: 'reconnect' }
  | { type: 'open-quit-dialog' }
  | { type: 'close-quit-dialog' }
  | { type: 'quit' }
  | { type: 'input' }
  | { type: 'dismiss-timeout-dialog' }
  | { type: 'token-expired' }
  /** The page is shown again (visibilitychange, pageshow): timers may have been held while hidden, so look again now. */
  | { type: 'wake' }
  /** minor_web_config answered can_play 0 (SPEC §7): play stops. */
  | { type: 'minor-limit' }
  // answers of effects (tagged with the attempt that asked)
  | { type: 'token-ok'; attempt: number; token: string }
  | { type: 'sdk-ready'; attempt: number }
  /** `gameKey`: the game asked for, so an answer nobody waits for any more can still be undone. */
  | { type: 'play-answer'; attempt: number; gameKey: string; res: PlayGameResponse }
  | { type: 'queue-answer'; attempt: number; res: GameQueueResponse }
  | { type: 'recon-answer'; attempt: number; res: ReconPlayGameResponse }
  /**
   * user_sc_list. `remainingMs` is the hang-up time left of the able_recon
   * session (from its hang_up_end_time, else the hang-up setting), and
   * `serverHangingUp` whether the cloud already counts it down.
   */
  | { type: 'sessions'; attempt: number; list: UserSession[]; manufacturer: string; minutes: number; remainingMs: number; serverHangingUp: boolean }
  | { type: 'failed'; attempt: number; step: FailedStep; message: string }
  | { type: 'timer'; name: TimerName }
  // the SDK
  | { type: 'progress'; value: number }
  | { type: 'stream-event'; code: StreamEventCode }
  | { type: 'stream-disconnect'; reason: SdkDisconnect; message?: string }
  // the duration socket
  | { type: 'duration'; msg: DurationSocketMessage }
  | { type: 'duration-lost' };

export type EmittedEvent = 'playing' | 'seat-ready' | 'hangup-over' | 'token-expired' | 'relogin' | 'ended';

export type Effect =
  | { type: 'get-token' }
  | { type: 'sdk-init' }
  | { type: 'play-game'; queueId?: string }
  | { type: 'poll-queue'; queueId: string }
  /** `gameKey` defaults to the current game's. */
  | { type: 'cancel-queue'; queueId: string; gameKey?: string }
  /** `silent`: no toast when it fails (the client stops on its own, not on the user's word). */
  | { type: 'stop-game'; scId: string; gameKey: string; body: string; silent: boolean }
  /** sc_hang_up: minutes > 0 starts the cloud's countdown, 0 cancels it. */
  | { type: 'sc-hang-up'; minutes: number }
  | { type: 'recon' }
  | { type: 'check-sessions' }
  | { type: 'stream-start'; target: StreamTarget }
  | { type: 'stream-pause' }
  | { type: 'stream-resume' }
  | { type: 'stream-reconnect'; target: StreamTarget }
  | { type: 'stream-stop' }
  /** The stream reached 100: apply clarity, sync the hang-up timer, tell the SDK the mouse sensitivity. */
  | { type: 'stream-live' }
  | { type: 'set-timer'; name: TimerName; ms: number }
  | { type: 'clear-timer'; name: TimerName }
  | { type: 'duration-open' }
  | { type: 'duration-close' }
  | { type: 'emit'; event: EmittedEvent };

export interface Step {
  state: SessionState;
  effects: Effect[];
}

/** SPEC §4 flags, derived from the state. */
export interface SessionFlags {
  sdkReady: boolean;
  playing: boolean;
  reconnectReady: boolean;
  reconnecting: boolean;
  queueScreen: boolean;
  hasStream: boolean;
  loadingPercent: number;
}

export function flagsOf(s: SessionState): SessionFlags {
  return {
    sdkReady: s.sdkReady,
    playing: s.phase === 'playing',
    reconnectReady: s.reconnectReady,
    reconnecting: s.phase === 'reconnecting',
    queueScreen: s.phase === 'queued' || s.phase === 'seat-ready',
    hasStream: s.hasStream,
    loadingPercent: s.progress,
  };
}

/** The play answer as a stream target. */
export function targetOf(info: Pick<PlayStartInfo, 'sc_id' | 'game_key' | 'stream_url' | 'level_config'>): StreamTarget {
  return { sc_id: info.sc_id, game_key: info.game_key, stream_url: info.stream_url, level_config: info.level_config };
}

/** 200 with a session: play now (play_game, recon_play_game). */
export function isPlayStart(res: { code: number }): res is PlayStartInfo {
  return res.code === 200 && 'sc_id' in res && 'stream_url' in res;
}

/** 201 with a ticket: queued (play_game, game_queue). */
export function isQueued(res: { code: number }): res is QueueInfo {
  return res.code === 201 && 'queue_id' in res;
}

/** game_queue 200: the seat is ready. */
export function isSeatReady(res: { code: number }): res is SeatReadyInfo {
  return isPlayStart(res) && 'queue_id' in res;
}

/** The message of a failed outcome (SPEC §4 "Other responses show the sub message"). */
export function subMessage(res: { code: number }): string {
  const msg = (res as Partial<GameFailure>).sub_msg;
  return typeof msg === 'string' && msg !== '' ? msg : `code ${res.code}`;
}
