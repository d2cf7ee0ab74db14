/**
 * The game session's public shape (SPEC §3–§6, §8, §9): what the app hands
 * `createGameSession`, what the screen reads and calls, the events it hears;
 * and `SessionCore`, what the session's parts (effects.ts,
 * clarity-control.ts) share.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { LevelConfig, OpType, SystemInfo, UserInfo } from '../api/contract.ts';
import type { Clock } from '../core/clock.ts';
import type { GameApi } from './api.ts';
import type { BlurayAccess, ClarityOption } from './clarity.ts';
import type { OpenSocket } from './duration.ts';
import type { HangChoice } from './hangup.ts';
import type { MinorUsageStore } from './minor.ts';
import type { BackAction } from './machine.ts';
import type { ProgressStage } from './progress.ts';
import type { SavesController } from './saves.ts';
import type { GameSdk, Rumble } from './sdk.ts';
import type { StreamStats } from './stream-stats.ts';
import type { GameSettings, GameStoragePort } from './settings.ts';
import type { SessionFlags } from './flags.ts';
import type { GameTarget, HangupView, Phase, PlayOptions, QueueView, SessionEnd, SessionEvent, SessionState } from './state.ts';

/** Who is playing: read when needed, so a new login is picked up. */
export interface GameAccount {
  username(): string;
  uid(): number;
  /** The login token (gly_token), for generate_token. */
  loginToken(): string | null;
  /** The local database's client id (user.clientSid): get_token, user_sc_list, manual_save, the trial record. */
  clientSid(): string;
  /** The channel (agent_code), sent as generate_token's agent_id. */
  agentCode?(): string | null;
}

export interface GameSessionDeps {
  clock: Clock;
  api: GameApi;
  sdk: GameSdk;
  /** Opens the duration socket (heartbeat and reconnects included): `createSocketOpener` in the app. */
  openSocket: OpenSocket;
  storage: GameStoragePort;
  account: GameAccount;
  getUser(): UserInfo | null;
  getSystem(): SystemInfo | null;
  /** Duration socket 200: the new balance, for the auth store. */
  onUserInfo(user: UserInfo): void;
  /** Socket base of the runtime config ("/socket/" or absolute). */
  socketBase: string;
  /** Extra query of the duration socket URL (the mock's `mock_session`). */
  socketQuery?: () => Readonly<Record<string, string>>;
  /** play_game's model_name: the device model (core/device.ts `getDeviceModel`), never empty. */
  modelName: string;
  /** Manufacturer for user_sc_list when `checkSessions` is not told one. Default "mock". */
  manufacturer?: string;
  playOptions?: PlayOptions;
  /** Where a minor's seconds of play today are kept (minor.ts); memory for the visit when not given. */
  minorUsage?: MinorUsageStore;
  random?: () => number;
  log?: (msg: string) => void;
}

export interface GameSessionEvents {
  /** The stream reached 100 % (first time, after a return and after a reconnect). */
  playing: void;
  'seat-ready': void;
  /** SPEC §4: the hang-up countdown ran out and the session was stopped. */
  'hangup-over': void;
  /** SPEC §8 30001 on the game screen. */
  'token-expired': void;
  /** Duration socket 408 (event ≠ 0): log in again. */
  relogin: void;
  ended: SessionEnd;
  /** The game asks for rumble, heard only while the `vibrates` setting is on and the game is on screen (decision 0007). */
  vibrate: Rumble;
}

/** The SDK's input and picture calls, as the session passes them on (input only while playing, and it counts against idleness). */
type SdkPassThrough = Pick<GameSdk, 'sendGamepad' | 'sendKey' | 'sendMouse' | 'sendTouch' | 'mount' | 'unmount'>;

export interface GameSession extends SdkPassThrough {
  // ---- what the screen shows
  readonly state: ReadonlySignal<SessionState>;
  readonly phase: ReadonlySignal<Phase>;
  /**
   * SPEC §4 flags (sdk initialised, playing, reconnect-ready, reconnecting, queue screen, has stream, loading percent)
   * and what the game screen draws by (live, loading screen, in game, under way): see `flagsOf`.
   */
  readonly flags: ReadonlySignal<SessionFlags>;
  readonly game: ReadonlySignal<GameTarget | null>;
  readonly progress: ReadonlySignal<number>;
  readonly stage: ReadonlySignal<ProgressStage>;
  readonly queue: ReadonlySignal<QueueView | null>;
  /** Seat ready: whole seconds left of SEAT_EXPIRY_MS; null otherwise. */
  readonly seatSecondsLeft: ReadonlySignal<number | null>;
  readonly hangup: ReadonlySignal<HangupView | null>;
  readonly hangupSecondsLeft: ReadonlySignal<number | null>;
  /** 45001: seconds left before the no-operation quit; null when no such countdown runs. */
  readonly idleSecondsLeft: ReadonlySignal<number | null>;
  readonly reconnectSecondsLeft: ReadonlySignal<number | null>;
  readonly end: ReadonlySignal<SessionEnd | null>;
  readonly quitDialog: ReadonlySignal<boolean>;
  readonly timeoutDialog: ReadonlySignal<boolean>;
  readonly reloginRequired: ReadonlySignal<boolean>;
  readonly settings: ReadonlySignal<GameSettings>;
  /** The settings the player stored for this game: a field that is absent was never chosen (the game's own value applies, op-type.ts). */
  readonly chosen: ReadonlySignal<Partial<GameSettings>>;
  /** The op type in force (decision 0007): the player's choice when the game lets them switch, else the game's default. */
  readonly opType: ReadonlySignal<OpType>;
  /** The op types the player may switch among; only `opType` when the game is locked (`op_mode` 1 or a list of one). */
  readonly opTypes: ReadonlySignal<readonly OpType[]>;
  /** The clarity in force: index into CLARITY_LIST (0 standard … 3 blu-ray). */
  readonly clarity: ReadonlySignal<number>;
  readonly clarityOptions: ReadonlySignal<ClarityOption[]>;
  readonly bluray: ReadonlySignal<BlurayAccess>;
  /** Seconds of blu-ray trial left (counts down while playing on blu-ray through the trial). */
  readonly trialSecondsLeft: ReadonlySignal<number>;
  readonly levelConfig: ReadonlySignal<LevelConfig | null>;
  readonly hangOptions: ReadonlySignal<HangChoice[]>;
  /** The hang-up minutes in force (the setting, or the default when it is not allowed). */
  readonly hangupMinutes: ReadonlySignal<number>;
  readonly user: ReadonlySignal<UserInfo | null>;
  /** The stream's measured figures, refreshed every second while playing; null otherwise. */
  readonly stats: ReadonlySignal<StreamStats | null>;
  /** The lower clarity offered while the network is poor (network-advice.ts), or null. */
  readonly networkOffer: ReadonlySignal<number | null>;
  /** Takes the offered clarity, as if chosen in the menu. */
  takeNetworkOffer(): void;
  /** No more lower-clarity offers this game. */
  dismissNetworkOffer(): void;
  readonly saves: SavesController;

  // ---- what the user does
  /** Start a game (SPEC §4 "Start"). False when a session is already under way. */
  start(game: GameTarget, opts?: PlayOptions): boolean;
  /**
   * The game page opens for `game`: this game hung up resumes (an able_recon one reconnects), this game under
   * way is kept, another game under way is quit first, then the game starts (start.ts).
   */
  open(game: GameTarget): void;
  acceptSeat(): void;
  cancelQueue(): void;
  /** The game page was left or hidden: while playing (or as soon as a stream comes up) hang-up starts (SPEC §4). */
  leave(): void;
  /**
   * The game page is shown again: hang-up is cancelled (or, for an able_recon session, the reconnect starts).
   * `game` (same game_key) completes what the session knows of its game: one found by user_sc_list knew only its key.
   */
  returnToGame(game?: GameTarget): void;
  reconnect(): void;
  /**
   * The page is shown again (visibilitychange, pageshow): timers may have been held while it was hidden,
   * so the queue is asked at once and a seat or hang-up whose time ran out meanwhile ends now.
   */
  wake(): void;
  /** SPEC §2 back gesture. */
  back(): BackAction;
  openQuitDialog(): void;
  closeQuitDialog(): void;
  /** Confirmed quit: stops the session (or leaves the queue). */
  quit(): void;
  dismissTimeoutDialog(): void;
  /** SPEC §8: the app calls this on 30001 while the game screen is open. */
  tokenExpired(): void;
  /** After login or app start: user_sc_list; able_recon resumes its hang-up countdown, others are stopped. */
  checkSessions(opts?: { manufacturer?: string }): Promise<void>;
  /** A new balance from anywhere (duration socket, auth store refresh): membership loss falls back (SPEC §4, §5). */
  applyUserInfo(user: UserInfo): void;
  setClarity(index: number): Promise<boolean>;
  setHangupDuration(minutes: number): Promise<boolean>;
  setMouseSensitivity(value: number): Promise<void>;
  /** Switch the op type and keep it for this game; false when the game does not let the player have it. */
  setOpType(opType: OpType): Promise<boolean>;
  /** Settings without side effects on the stream (vibrates, show_keyboard, brightness, …). */
  updateSettings(patch: Partial<Omit<GameSettings, 'clarity' | 'hangup_duration' | 'mouse_sensitivity' | 'op_type'>>): Promise<void>;
  /** The browser holds the game's sound back until the player touches the page (decision 0027). */
  readonly soundBlocked: ReadonlySignal<boolean>;
  /** Inside the player's touch or click: starts the sound the browser held back. */
  unblockSound(): void;
  /** Events; `vibrate` carries the rumble to play (see GameSessionEvents). */
  on<K extends keyof GameSessionEvents>(event: K, fn: (payload: GameSessionEvents[K]) => void): () => void;
  /** Releases timers, sockets and listeners; does not stop the cloud session (call leave or quit first). */
  dispose(): void;
}

/** What the session's parts share: the deps, the machine's state (read-only to them) and the way back into the machine. */
export interface SessionCore {
  readonly deps: GameSessionDeps;
  readonly state: ReadonlySignal<SessionState>;
  dispatch(e: SessionEvent): void;
  /** `game session: …` to deps.log. */
  log(msg: string): void;
  /** A failure nobody waits for: logged as `<what> failed: <why>`. */
  quiet(what: string): (e: unknown) => void;
}

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
