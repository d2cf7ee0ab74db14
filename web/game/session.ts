/**
 * `createGameSession(deps)`: the game session the game screen drives
 * (SPEC §3–§6, §8, §9). It holds the pure machine's state (`machine.ts`) in
 * a signal, runs the machine's effects (API calls, SDK, timers on the
 * injected clock, the duration socket) and adds what lives beside the
 * machine: per-game settings, clarity with the blu-ray trial, hang-up
 * options, membership loss, saves and input.
 *
 * The screen reads signals and calls methods; it holds no rule. It must call
 * `leave()` when the page is hidden or left while playing, `returnToGame()`
 * when it is back, and `dispose()` when the screen goes away for good.
 */
import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import {
  DISPLAY_GRADE,
  type LevelConfig,
  type SystemInfo,
  type UserInfo,
} from '../api/contract.ts';
import { BLURAY_TRY_DURATION_DEFAULT, SDK_INIT_WAIT_MS } from '../core/constants.ts';
import type { Clock, TimerId } from '../core/clock.ts';
import { isMember, queueGrade } from './membership.ts';
import type { GameApi } from './api.ts';
import {
  blurayAccess,
  clarityOptions as listClarity,
  effectiveClarityIndex,
  gradeOf,
  isClarityAllowed,
  nonMemberDefaultIndex,
  type BlurayAccess,
  type ClarityContext,
  type ClarityOption,
} from './clarity.ts';
import { createDurationLink, type OpenSocket } from './duration.ts';
import { effectiveHangupMinutes, hangChoices, hangOptionsOf, hangupMs, isHangupAllowed, type HangChoice } from './hangup.ts';
import { backAction, canStart, transition, type BackAction } from './machine.ts';
import { progressStage, type ProgressStage } from './progress.ts';
import { createSavesController, type SavesController } from './saves.ts';
import type { GameSdk, GamepadInput, MouseInput, TouchInput } from './sdk.ts';
import type { StreamStats } from './stream-stats.ts';
import { clampSensitivity, GAME_SETTING_DEFAULTS, sdkMouseSensitivity, type GameSettings, type GameStoragePort } from './settings.ts';
import {
  flagsOf,
  initialState,
  type Effect,
  type EmittedEvent,
  type GameTarget,
  type HangupView,
  type Phase,
  type QueueView,
  type SessionEnd,
  type SessionEvent,
  type SessionFlags,
  type SessionState,
  type TimerName,
} from './state.ts';

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

export interface PlayOptions {
  /** able_queue (default true): queue when no machine is free. */
  ableQueue?: boolean;
  /** enable_restart (default true): replace another running session of this user. */
  enableRestart?: boolean;
  /** local_stream (default false). */
  localStream?: boolean;
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
  /** play_game's model_name (device model). Default "web". */
  modelName?: string;
  /** Manufacturer for user_sc_list when `checkSessions` is not told one. Default "mock". */
  manufacturer?: string;
  playOptions?: PlayOptions;
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
}

export interface GameSession {
  // ---- what the screen shows
  readonly state: ReadonlySignal<SessionState>;
  readonly phase: ReadonlySignal<Phase>;
  /** SPEC §4 flags: sdk initialised, playing, reconnect-ready, reconnecting, queue screen, has stream, loading percent. */
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
  /** The stream's measured figures, refreshed every second while playing with realtime info on; null otherwise. */
  readonly stats: ReadonlySignal<StreamStats | null>;
  readonly saves: SavesController;

  // ---- what the user does
  /** Start a game (SPEC §4 "Start"). False when a session is already under way. */
  start(game: GameTarget, opts?: PlayOptions): boolean;
  acceptSeat(): void;
  cancelQueue(): void;
  /** The page was left or hidden while playing: hang-up starts (SPEC §4). */
  leave(): void;
  /** Back on the page: hang-up is cancelled (or, for an able_recon session, the reconnect starts). */
  returnToGame(): void;
  reconnect(): void;
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
  /** Settings without side effects on the stream (vibrates, show_keyboard, brightness, …). */
  updateSettings(patch: Partial<Omit<GameSettings, 'clarity' | 'hangup_duration' | 'mouse_sensitivity'>>): Promise<void>;
  sendGamepad(input: GamepadInput): void;
  sendKey(key: string, down: boolean): void;
  sendMouse(input: MouseInput): void;
  sendTouch(input: TouchInput): void;
  mount(el: HTMLElement): void;
  unmount(): void;
  on<K extends keyof GameSessionEvents>(event: K, fn: (payload: GameSessionEvents[K]) => void): () => void;
  /** Releases timers, sockets and listeners; does not stop the cloud session (call leave or quit first). */
  dispose(): void;
}

const TICK_MS = 1000;

const secondsLeft = (endsAt: number | null | undefined, now: number): number | null =>
  endsAt === null || endsAt === undefined ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function createGameSession(deps: GameSessionDeps): GameSession {
  const { clock, api, sdk } = deps;
  const log = deps.log ?? (() => undefined);
  const random = deps.random ?? Math.random;

  const st = signal<SessionState>(initialState);
  const now = signal(clock.now());
  const user = signal<UserInfo | null>(deps.getUser());
  const system = signal<SystemInfo | null>(deps.getSystem());
  const settings = signal<GameSettings>({ ...GAME_SETTING_DEFAULTS });
  const stored = signal(false);
  const trialSeconds = signal(BLURAY_TRY_DURATION_DEFAULT);
  const levelConfig = signal<LevelConfig | null>(null);
  const stats = signal<StreamStats | null>(null);

  const timers = new Map<TimerName, TimerId>();
  const listeners = new Map<keyof GameSessionEvents, Set<(payload: never) => void>>();
  let ticker: TimerId | undefined;
  let settingsReady: Promise<void> = Promise.resolve();
  let settingsGameKey: string | null = null;
  let playOptions: PlayOptions = {};
  let hangupSyncedFor: string | null = null;
  let checkManufacturer = deps.manufacturer ?? 'mock';
  let lastCheck: Promise<void> = Promise.resolve();
  let disposed = false;
  /** The page is hidden or left: a stream that comes up meanwhile (reconnect) hangs up at once. */
  let away = false;

  // ------------------------------------------------------------ derived
  const member = computed(() => isMember(user.value));
  const clarityCtx = computed<ClarityContext>(() => ({ user: user.value, system: system.value, trialSeconds: trialSeconds.value }));
  const clarity = computed(() => effectiveClarityIndex(settings.value.clarity, stored.value, clarityCtx.value));
  const hang = computed(() => hangOptionsOf(st.value.game?.hang));
  const hangupMinutes = computed(() => effectiveHangupMinutes(settings.value.hangup_duration, hang.value, member.value));
  const bluray = computed(() => blurayAccess(clarityCtx.value));

  // ------------------------------------------------------------ events
  function emit<K extends keyof GameSessionEvents>(event: K, payload: GameSessionEvents[K]): void {
    for (const fn of [...(listeners.get(event) ?? [])]) {
      try {
        (fn as (p: GameSessionEvents[K]) => void)(payload);
      } catch (e) {
        log(`game session: ${event} listener failed: ${message(e)}`);
      }
    }
  }

  // ------------------------------------------------------------ the machine loop
  const queue: SessionEvent[] = [];
  let running = false;

  function dispatch(e: SessionEvent): void {
    if (disposed) return;
    queue.push(e);
    if (running) return;
    running = true;
    try {
      for (let ev = queue.shift(); ev; ev = queue.shift()) {
        const { state, effects } = transition(st.value, ev, clock.now());
        batch(() => {
          st.value = state;
          now.value = clock.now();
        });
        syncTicker();
        for (const fx of effects) {
          try {
            run(fx);
          } catch (err) {
            log(`game session: effect ${fx.type} failed: ${message(err)}`);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  /** One tick a second while a countdown is on screen, so the seconds-left signals move. */
  function syncTicker(): void {
    const s = st.value;
    const counting = s.seatEndsAt !== null || s.hangup !== null || s.idleEndsAt !== null || s.reconnectEndsAt !== null;
    if (counting && ticker === undefined) ticker = clock.setInterval(() => (now.value = clock.now()), TICK_MS);
    if (!counting && ticker !== undefined) {
      clock.clearInterval(ticker);
      ticker = undefined;
    }
  }

  function setTimer(name: TimerName, ms: number): void {
    clock.clearTimeout(timers.get(name));
    timers.set(
      name,
      clock.setTimeout(() => {
        timers.delete(name);
        dispatch({ type: 'timer', name });
      }, ms),
    );
  }

  function clearTimer(name: TimerName): void {
    clock.clearTimeout(timers.get(name));
    timers.delete(name);
  }

  /** Runs an answer-producing call for the current attempt; its failure becomes a `failed` event. */
  function ask<T>(stepName: 'token' | 'sdk' | 'play' | 'queue' | 'recon', work: () => Promise<T>, ok: (v: T, attempt: number) => SessionEvent): void {
    const attempt = st.value.attempt;
    work().then(
      (v) => dispatch(ok(v, attempt)),
      (e: unknown) => dispatch({ type: 'failed', attempt, step: stepName, message: message(e) }),
    );
  }

  const quiet =
    (what: string) =>
    (e: unknown): void =>
      log(`game session: ${what} failed: ${message(e)}`);

  function run(fx: Effect): void {
    const s = st.value;
    const gameKey = s.game?.game_key ?? '';
    switch (fx.type) {
      case 'get-token':
        ask('token', () => api.getToken({ manufacturer: s.game?.manufacturer ?? checkManufacturer, client_sid: deps.account.clientSid() }), (r, attempt) => ({
          type: 'token-ok',
          attempt,
          token: r.token,
        }));
        return;
      case 'sdk-init':
        ask('sdk', () => sdk.init({ timeoutMs: SDK_INIT_WAIT_MS }), (_v, attempt) => ({ type: 'sdk-ready', attempt }));
        return;
      case 'play-game': {
        const o = { ...deps.playOptions, ...playOptions };
        ask(
          'play',
          () =>
            api.playGame({
              game_key: gameKey,
              token: s.token ?? '',
              model_name: deps.modelName ?? 'web',
              queue_grade: grade(),
              able_queue: o.ableQueue === false ? 0 : 1,
              enable_restart: o.enableRestart === false ? 0 : 1,
              local_stream: o.localStream === true ? 1 : 0,
              ...(fx.queueId !== undefined ? { queue_id: fx.queueId } : {}),
            }),
          (res, attempt) => ({ type: 'play-answer', attempt, gameKey, res }),
        );
        return;
      }
      case 'poll-queue':
        ask(
          'queue',
          () => api.gameQueue({ queue_id: fx.queueId, queue_grade: grade(), game_key: gameKey, token: s.token ?? '' }, { silent: true }),
          (res, attempt) => ({ type: 'queue-answer', attempt, res }),
        );
        return;
      case 'cancel-queue':
        api.cancelQueue({ queue_id: fx.queueId, game_key: fx.gameKey ?? gameKey }, { silent: true }).catch(quiet('cancel_queue'));
        return;
      case 'stop-game':
        api.stopGame({ sc_id: fx.scId, body: fx.body, game_key: fx.gameKey }, { silent: fx.silent }).catch(quiet('stop_game'));
        return;
      case 'sc-hang-up':
        if (!s.scId) return;
        api.scHangUp({ game_key: gameKey, sc_id: s.scId, hang_up_timer: fx.minutes }, { silent: true }).catch(quiet('sc_hang_up'));
        return;
      case 'recon': {
        const scId = s.scId ?? '';
        ask('recon', () => api.reconPlayGame({ sc_id: scId, game_key: gameKey }), (res, attempt) => ({ type: 'recon-answer', attempt, res }));
        return;
      }
      case 'check-sessions':
        lastCheck = checkSessionsNow(s.attempt);
        return;
      case 'stream-start':
        levelConfig.value = fx.target.level_config;
        sdk.start(fx.target);
        return;
      case 'stream-pause':
        sdk.pause();
        return;
      case 'stream-resume':
        sdk.resume();
        return;
      case 'stream-reconnect':
        levelConfig.value = fx.target.level_config;
        sdk.reconnect(fx.target);
        return;
      case 'stream-stop':
        sdk.stop();
        stats.value = null;
        return;
      case 'stream-live':
        void onLive();
        return;
      case 'set-timer':
        setTimer(fx.name, fx.ms);
        return;
      case 'clear-timer':
        clearTimer(fx.name);
        return;
      case 'duration-open': {
        const token = deps.account.loginToken();
        if (!token || !s.game) return;
        const agent = deps.account.agentCode?.() ?? null;
        void duration.open({ uid: deps.account.uid(), game_id: s.game.game_id, token, ...(agent ? { agent_id: agent } : {}) });
        return;
      }
      case 'duration-close':
        duration.close();
        return;
      case 'emit':
        emitEvent(fx.event);
        return;
    }
  }

  function emitEvent(event: EmittedEvent): void {
    if (event === 'ended') {
      const end = st.value.end;
      if (end) emit('ended', end);
      return;
    }
    if (event === 'playing' && away) dispatch({ type: 'leave', minutes: hangupMinutes.value });
    emit(event, undefined);
  }

  function grade(): number {
    return queueGrade(user.value ?? { member_status: 0, quick_status: 0, is_new_user: 0 });
  }

  // ------------------------------------------------------------ duration socket
  const duration = createDurationLink(
    {
      generateToken: (req) => api.generateToken(req, { silent: true }),
      openSocket: deps.openSocket,
      socketBase: deps.socketBase,
      ...(deps.socketQuery ? { query: deps.socketQuery } : {}),
      log,
    },
    {
      message(msg) {
        if (msg.code === 200) {
          applyUserInfo(msg.data);
          deps.onUserInfo(msg.data);
        }
        dispatch({ type: 'duration', msg });
      },
      lost: () => dispatch({ type: 'duration-lost' }),
    },
  );

  // ------------------------------------------------------------ the SDK
  const unsubscribeSdk = sdk.subscribe({
    progress: (value) => dispatch({ type: 'progress', value }),
    event: (code) => dispatch({ type: 'stream-event', code }),
    disconnect: (reason, msg) => dispatch({ type: 'stream-disconnect', reason, ...(msg ? { message: msg } : {}) }),
  });

  /** 100 %: the SDK gets the mouse sensitivity, the cloud the hang-up minutes (once per session) and the clarity in force. */
  async function onLive(): Promise<void> {
    const scId = st.value.scId;
    await settingsReady;
    const s = st.value;
    if (s.phase !== 'playing' || s.scId !== scId || !scId || !s.game) return;
    sdk.setMouseSensitivity(sdkMouseSensitivity(settings.value.mouse_sensitivity));
    if (hangupSyncedFor !== scId) {
      hangupSyncedFor = scId;
      api.setHangUpTimer({ game_key: s.game.game_key, sc_id: scId, hang_up_timer: hangupMinutes.value }, { silent: true }).catch(quiet('set_hang_up_timer'));
    }
    await applyClarityToStream();
  }

  /** display_grade when the stream's service level is not the clarity in force. */
  async function applyClarityToStream(): Promise<boolean> {
    const s = st.value;
    if (s.phase !== 'playing' || !s.scId || !s.game) return true;
    const want = gradeOf(clarity.value);
    if (levelConfig.value?.display_grade === want) return true;
    try {
      const res = await api.displayGrade({ game_key: s.game.game_key, sc_id: s.scId, display_grade: want }, { silent: true });
      levelConfig.value = res.level_config;
      sdk.setServiceLevel(res.level_config.display_grade);
      return true;
    } catch (e) {
      quiet('display_grade')(e);
      return false;
    }
  }

  // ------------------------------------------------------------ settings, clarity, trial
  function loadSettingsFor(gameKey: string): Promise<void> {
    settingsGameKey = gameKey;
    const username = deps.account.username();
    const clientSid = deps.account.clientSid();
    settingsReady = Promise.all([deps.storage.loadSettings(username, gameKey), deps.storage.loadTrialSeconds(clientSid)]).then(
      ([loaded, trial]) => {
        if (settingsGameKey !== gameKey) return;
        batch(() => {
          settings.value = loaded.settings;
          stored.value = loaded.stored;
          trialSeconds.value = trial;
        });
      },
      (e: unknown) => {
        quiet('loading settings')(e);
        batch(() => {
          settings.value = { ...GAME_SETTING_DEFAULTS };
          stored.value = false;
        });
      },
    );
    return settingsReady;
  }

  async function persist(patch: Partial<GameSettings>): Promise<void> {
    batch(() => {
      settings.value = { ...settings.value, ...patch };
      stored.value = true;
    });
    const gameKey = settingsGameKey;
    if (!gameKey) return;
    try {
      await deps.storage.saveSettings(deps.account.username(), gameKey, patch);
    } catch (e) {
      quiet('saving settings')(e);
    }
  }

  async function setClarity(index: number): Promise<boolean> {
    if (!isClarityAllowed(index, clarityCtx.value)) return false;
    const s = st.value;
    if (s.phase === 'playing' && s.scId && s.game) {
      try {
        const res = await api.displayGrade({ game_key: s.game.game_key, sc_id: s.scId, display_grade: gradeOf(index) });
        levelConfig.value = res.level_config;
        sdk.setServiceLevel(res.level_config.display_grade);
      } catch (e) {
        quiet('display_grade')(e);
        return false;
      }
    }
    await persist({ clarity: index });
    return true;
  }

  /** Back to the non-member default clarity (membership lost, trial over), on the stream too. */
  async function fallBackClarity(): Promise<void> {
    await persist({ clarity: nonMemberDefaultIndex(clarityCtx.value) });
    await applyClarityToStream();
  }

  // The blu-ray trial counts down, once a second, while the stream plays blu-ray through the trial.
  const trialRunning = computed(
    () => st.value.phase === 'playing' && st.value.hasStream && gradeOf(clarity.value) === DISPLAY_GRADE.bluray && bluray.value === 'trial',
  );
  let trialTimer: TimerId | undefined;
  let trialTicks = 0;
  const TRIAL_SAVE_EVERY = 10;
  const saveTrial = (): void => {
    deps.storage.saveTrialSeconds(deps.account.clientSid(), trialSeconds.value).catch(quiet('saving the blu-ray trial'));
  };
  const stopTrialEffect = effect(() => {
    const on = trialRunning.value;
    if (on && trialTimer === undefined) {
      trialTicks = 0;
      trialTimer = clock.setInterval(() => {
        trialSeconds.value = Math.max(0, trialSeconds.value - 1);
        trialTicks++;
        if (trialSeconds.value === 0) {
          saveTrial();
          void fallBackClarity();
        } else if (trialTicks % TRIAL_SAVE_EVERY === 0) saveTrial();
      }, TICK_MS);
    } else if (!on && trialTimer !== undefined) {
      clock.clearInterval(trialTimer);
      trialTimer = undefined;
      if (trialSeconds.value > 0) saveTrial();
    }
  });

  // ------------------------------------------------------------ realtime info (issue 7 part 5)
  // Measured once a second, only while the overlay shows it: getStats is not free.
  const statsWanted = computed(() => st.value.phase === 'playing' && st.value.hasStream && settings.value.realtime_info === 1);
  let statsTimer: TimerId | undefined;
  const stopStatsEffect = effect(() => {
    if (statsWanted.value && statsTimer === undefined) {
      statsTimer = clock.setInterval(() => {
        sdk.stats().then(
          (v) => {
            if (statsWanted.peek()) stats.value = v;
          },
          quiet('stream stats'),
        );
      }, TICK_MS);
    } else if (!statsWanted.value && statsTimer !== undefined) {
      clock.clearInterval(statsTimer);
      statsTimer = undefined;
      stats.value = null;
    }
  });

  // ------------------------------------------------------------ membership
  function applyUserInfo(next: UserInfo): void {
    const was = isMember(user.value);
    user.value = next;
    if (was && !isMember(next)) void onMembershipLost();
    // Otherwise the clarity in force may still change (the blu-ray trial ended): the stream follows.
    else if (st.value.phase === 'playing') void applyClarityToStream();
  }

  /** SPEC §4, §5: clarity falls back to the non-member default; a type-2 hang-up choice resets to the default. */
  async function onMembershipLost(): Promise<void> {
    log('game session: membership lost, falling back');
    const minutes = settings.value.hangup_duration;
    if (!isHangupAllowed(minutes, hang.value, false)) {
      const fallback = effectiveHangupMinutes(minutes, hang.value, false);
      await persist({ hangup_duration: fallback });
      const s = st.value;
      if (s.scId && s.game && (s.phase === 'playing' || s.phase === 'loading' || s.phase === 'reconnecting')) {
        api.setHangUpTimer({ game_key: s.game.game_key, sc_id: s.scId, hang_up_timer: fallback }, { silent: true }).catch(quiet('set_hang_up_timer'));
      }
    }
    await fallBackClarity();
  }

  // ------------------------------------------------------------ after login / app start
  async function checkSessionsNow(attempt: number): Promise<void> {
    const manufacturer = checkManufacturer;
    let list;
    try {
      const sn = `${clock.now().toString(36)}${Math.floor(random() * 1e9).toString(36)}`;
      list = (await api.userScList({ manufacturer, client_sid: deps.account.clientSid(), sn }, { silent: true })).list;
    } catch (e) {
      quiet('user_sc_list')(e);
      dispatch({ type: 'failed', attempt, step: 'sessions', message: message(e) });
      return;
    }
    const recon = list.find((x) => x.type === 'able_recon');
    let minutes = 0;
    let remainingMs = 0;
    let serverHangingUp = false;
    if (recon) {
      await loadSettingsFor(recon.game_key);
      minutes = effectiveHangupMinutes(settings.value.hangup_duration, undefined, member.value);
      const end = recon.hang_up_end_time ?? 0;
      serverHangingUp = end > 0;
      remainingMs = serverHangingUp ? end * 1000 - clock.now() : hangupMs(minutes);
    }
    dispatch({ type: 'sessions', attempt, list, manufacturer, minutes, remainingMs, serverHangingUp });
  }

  // ------------------------------------------------------------ saves
  const saves = createSavesController(api, () => {
    const s = st.value;
    return s.game ? { gameKey: s.game.game_key, scId: s.scId, clientSid: deps.account.clientSid() } : null;
  });

  // ------------------------------------------------------------ input
  function input(send: () => void): void {
    if (st.value.phase !== 'playing') return;
    send();
    if (st.value.idleEndsAt !== null) dispatch({ type: 'input' });
  }

  const sel = <T>(fn: (s: SessionState) => T): ReadonlySignal<T> => computed(() => fn(st.value));

  return {
    state: st,
    phase: sel((s) => s.phase),
    flags: computed(() => flagsOf(st.value)),
    game: sel((s) => s.game),
    progress: sel((s) => s.progress),
    stage: sel((s) => progressStage(s.progress, s.sdkReady, s.token !== null || s.phase !== 'starting')),
    queue: sel((s) => s.queue),
    seatSecondsLeft: computed(() => secondsLeft(st.value.seatEndsAt, now.value)),
    hangup: sel((s) => s.hangup),
    hangupSecondsLeft: computed(() => secondsLeft(st.value.hangup?.endsAt, now.value)),
    idleSecondsLeft: computed(() => secondsLeft(st.value.idleEndsAt, now.value)),
    reconnectSecondsLeft: computed(() => secondsLeft(st.value.reconnectEndsAt, now.value)),
    end: sel((s) => s.end),
    quitDialog: sel((s) => s.quitDialog),
    timeoutDialog: sel((s) => s.timeoutDialog),
    reloginRequired: sel((s) => s.reloginRequired),
    settings,
    clarity,
    clarityOptions: computed(() => listClarity(clarityCtx.value)),
    bluray,
    trialSecondsLeft: trialSeconds,
    levelConfig,
    hangOptions: computed(() => hangChoices(hang.value, member.value)),
    hangupMinutes,
    user,
    stats,
    saves,

    start(game, opts = {}) {
      if (disposed || !canStart(st.value)) return false;
      playOptions = opts;
      away = false;
      const u = deps.getUser();
      if (u) applyUserInfo(u);
      system.value = deps.getSystem();
      levelConfig.value = null;
      stats.value = null;
      hangupSyncedFor = null;
      saves.clear();
      void loadSettingsFor(game.game_key);
      dispatch({ type: 'start', game });
      return true;
    },
    acceptSeat: () => dispatch({ type: 'accept-seat' }),
    cancelQueue: () => dispatch({ type: 'cancel-queue' }),
    leave() {
      away = true;
      dispatch({ type: 'leave', minutes: hangupMinutes.value });
    },
    returnToGame() {
      away = false;
      dispatch({ type: 'return' });
    },
    reconnect() {
      away = false;
      dispatch({ type: 'reconnect' });
    },
    back() {
      const action = backAction(st.value);
      if (action === 'stopped-queue') dispatch({ type: 'cancel-queue' });
      else if (action === 'quit-dialog') dispatch({ type: 'open-quit-dialog' });
      return action;
    },
    openQuitDialog: () => dispatch({ type: 'open-quit-dialog' }),
    closeQuitDialog: () => dispatch({ type: 'close-quit-dialog' }),
    quit: () => dispatch({ type: 'quit' }),
    dismissTimeoutDialog: () => dispatch({ type: 'dismiss-timeout-dialog' }),
    tokenExpired: () => dispatch({ type: 'token-expired' }),
    checkSessions(opts = {}) {
      if (opts.manufacturer) checkManufacturer = opts.manufacturer;
      const u = deps.getUser();
      if (u) applyUserInfo(u);
      system.value = deps.getSystem();
      const before = st.value.attempt;
      dispatch({ type: 'check-sessions' });
      return st.value.attempt !== before ? lastCheck : Promise.resolve();
    },
    applyUserInfo,
    setClarity,
    async setHangupDuration(minutes) {
      if (!isHangupAllowed(minutes, hang.value, member.value)) return false;
      await persist({ hangup_duration: minutes });
      const s = st.value;
      if (s.scId && s.game && (s.phase === 'playing' || s.phase === 'loading' || s.phase === 'reconnecting')) {
        api.setHangUpTimer({ game_key: s.game.game_key, sc_id: s.scId, hang_up_timer: minutes }, { silent: true }).catch(quiet('set_hang_up_timer'));
      }
      return true;
    },
    async setMouseSensitivity(value) {
      const v = clampSensitivity(value);
      sdk.setMouseSensitivity(sdkMouseSensitivity(v));
      await persist({ mouse_sensitivity: v });
    },
    updateSettings: (patch) => persist(patch),
    sendGamepad: (i) => input(() => sdk.sendGamepad(i)),
    sendKey: (key, down) => input(() => sdk.sendKey(key, down)),
    sendMouse: (i) => input(() => sdk.sendMouse(i)),
    sendTouch: (i) => input(() => sdk.sendTouch(i)),
    mount: (el) => sdk.mount(el),
    unmount: () => sdk.unmount(),
    on(event, fn) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(fn as (payload: never) => void);
      return () => {
        set.delete(fn as (payload: never) => void);
      };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const name of [...timers.keys()]) clearTimer(name);
      clock.clearInterval(ticker);
      ticker = undefined;
      clock.clearInterval(trialTimer);
      trialTimer = undefined;
      clock.clearInterval(statsTimer);
      statsTimer = undefined;
      stopTrialEffect();
      stopStatsEffect();
      unsubscribeSdk();
      duration.close();
      listeners.clear();
    },
  };
}
