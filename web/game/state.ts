/**
 * The game session's state, the events that move it and the effects it asks
 * for (SPEC §4). `machine.ts` is the pure `(state, event, now) → {state,
 * effects}`; `effects.ts` runs the effects (API calls, SDK, timers on the
 * injected clock, the duration socket) and feeds their results back as events.
 * The flags are `flags.ts`; reading the cloud's answers is `answers.ts`.
 */
import type {
  DurationSocketMessage,
  GameQueueResponse,
  HangOption,
  PlayGameResponse,
  ReconPlayGameResponse,
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

/** play_game's choices of a start (SPEC §7): able_queue, enable_restart, local_stream. */
export interface PlayOptions {
  /** able_queue (default true): queue when no machine is free. */
  ableQueue?: boolean;
  /** enable_restart (default true): replace another running session of this user. */
  enableRestart?: boolean;
  /** local_stream (default false). */
  localStream?: boolean;
}

/** The game page is hidden or left (SPEC §4 "Leaving the game page"), with the hang-up minutes in force then. */
export interface AwayView {
  minutes: number;
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
  /**
   * Away from the game page: a stream that comes up meanwhile (a reconnect, a
   * load) hangs up at once. Null while the page is on screen. Only `leave`
   * sets it; `return`, `open`, `reconnect`, `accept-seat` and `start` clear it.
   */
  away: AwayView | null;
  /** 45001: quit at this time unless there is input. */
  idleEndsAt: number | null;
  /** Reconnecting: give up at this time unless 100 arrives. */
  reconnectEndsAt: number | null;
  /**
   * The cloud ended the stream and the session waits CLOUD_END_REASON_WAIT_MS for the duration socket's reason
   * (machine.ts `cloudEnded`); nothing but that reason, a quit or the wait's end changes it.
   */
  cloudEnded: boolean;
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
  away: null,
  idleEndsAt: null,
  reconnectEndsAt: null,
  cloudEnded: false,
  end: null,
  quitDialog: false,
  timeoutDialog: false,
  reloginRequired: false,
};

export type TimerName = 'sdk-init' | 'queue-poll' | 'seat-expiry' | 'hangup' | 'no-operation' | 'reconnect-wait' | 'reconnect-retry' | 'cloud-end';
export const TIMER_NAMES: readonly TimerName[] = [
  'sdk-init',
  'queue-poll',
  'seat-expiry',
  'hangup',
  'no-operation',
  'reconnect-wait',
  'reconnect-retry',
  'cloud-end',
];

/** A failed step of an attempt (a call rejected, the SDK failed to initialise). */
export type FailedStep = 'token' | 'sdk' | 'play' | 'queue' | 'recon' | 'sessions';

export type SessionEvent =
  // the user / the screen
  /** `opts`: play_game's choices; the defaults when absent. */
  | { type: 'start'; game: GameTarget; opts?: PlayOptions }
  /**
   * The game page opens for `game`: a session of this game that is hung up
   * resumes, one under way is kept, one of another game is quit first, and
   * otherwise the game starts.
   */
  | { type: 'open'; game: GameTarget }
  | { type: 'check-sessions' }
  | { type: 'accept-seat' }
  | { type: 'cancel-queue' }
  /** The game page is hidden or left (SPEC §4 "Leaving the game page"); `minutes` is the hang-up duration in force. */
  | { type: 'leave'; minutes: number }
  /**
   * The game page is on screen again (SPEC §4 "Returning cancels hang-up").
   * `game`: what the screen knows of the session's game now (a session found by user_sc_list knew only its key).
   */
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
   * user_sc_list's answer. `hangupDuration` is the player's hangup_duration
   * setting of the able_recon session's game and `member` whether the player
   * is a member (type-2 hang-up options are theirs only).
   */
  | { type: 'sessions'; attempt: number; list: UserSession[]; manufacturer: string; hangupDuration: number; member: boolean }
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
  /** A new start: what the last session left (figures, saves, the stream's level) goes and this game's settings load. */
  | { type: 'new-session'; opts: PlayOptions }
  /**
   * A start, or the resume of a session found after login (SPEC §7 playgame): the cloud's "Played games"
   * lists the game. Every way into a game reaches the machine, so no button records it itself.
   */
  | { type: 'record-play' }
  | { type: 'get-token' }
  | { type: 'sdk-init' }
  | { type: 'play-game'; queueId?: string }
  | { type: 'poll-queue'; queueId: string }
  | { type: 'cancel-queue'; queueId: string; gameKey: string }
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
  | { type: 'emit'; event: Exclude<EmittedEvent, 'ended'> }
  /** Carries its ending: the state may have moved on (a new start) by the time listeners hear it. */
  | { type: 'emit'; event: 'ended'; end: SessionEnd };

export interface Step {
  state: SessionState;
  effects: Effect[];
}
