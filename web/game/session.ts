/**
 * `createGameSession(deps)`: the game session the game screen drives
 * (SPEC §3–§6, §8, §9). It holds the pure machine's state (`machine.ts`) in
 * a signal, runs the machine loop and exposes the public API. Beside it:
 * `effects.ts` runs the machine's effects (API calls, SDK, timers on the
 * injected clock, the duration socket); `clarity-control.ts` holds settings,
 * clarity with the blu-ray trial, hang-up options and membership loss;
 * `stats-poll.ts` the realtime figures; `saves.ts` the cloud saves.
 *
 * The screen reads signals and calls methods; it holds no rule. It calls
 * `open(game)` when the game page opens, `leave()` when the page is hidden
 * or left, `returnToGame()` when it is shown again, and `dispose()` when the
 * session goes away for good.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { TimerId } from '../core/clock.ts';
import { createEmitter } from '../core/emitter.ts';
import { createClarityControl } from './clarity-control.ts';
import { createEffectRunner } from './effects.ts';
import { backAction, transition } from './machine.ts';
import { opChoice } from './op-type.ts';
import { progressStage } from './progress.ts';
import { createMinorGuard, memoryUsageStore } from './minor.ts';
import { createSavesController } from './saves.ts';
import { errorMessage, type GameSession, type GameSessionDeps, type GameSessionEvents, type SessionCore } from './session-types.ts';
import { createStatsPoll } from './stats-poll.ts';
import { createNetworkAdvice } from './network-advice.ts';
import { createSoundControl } from './sound-control.ts';
import { flagsOf } from './flags.ts';
import { initialState, type EndReason, type SessionEvent, type SessionState } from './state.ts';

export type { GameSession, GameSessionDeps } from './session-types.ts';

const TICK_MS = 1000;
const LOGIN_GONE: ReadonlySet<EndReason> = new Set<EndReason>(['token-expired', 'relogin']);

const secondsLeft = (endsAt: number | null | undefined, now: number): number | null =>
  endsAt === null || endsAt === undefined ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));

export function createGameSession(deps: GameSessionDeps): GameSession {
  const { clock, sdk } = deps;
  const log = (msg: string): void => deps.log?.(`game session: ${msg}`);
  const st = signal<SessionState>(initialState);
  const now = signal(clock.now());
  const events = createEmitter<GameSessionEvents>(log);
  let ticker: TimerId | undefined;
  let disposed = false;

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
            runner.run(fx);
          } catch (err) {
            log(`effect ${fx.type} failed: ${errorMessage(err)}`);
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

  // ------------------------------------------------------------ the parts
  const core: SessionCore = {
    deps,
    state: st,
    dispatch,
    log,
    quiet: (what) => (e) => log(`${what} failed: ${errorMessage(e)}`),
  };
  const control = createClarityControl(core);
  const statsPoll = createStatsPoll({
    clock,
    sdk,
    // Always while playing, not only for the realtime info: the network advice reads them too.
    wanted: computed(() => st.value.phase === 'playing' && st.value.hasStream),
    quiet: core.quiet,
  });
  const advice = createNetworkAdvice({
    stats: statsPoll.stats,
    clarity: control.clarity,
    options: control.clarityOptions,
    level: control.levelConfig,
    setClarity: (index) => control.setClarity(index).catch(core.quiet('the offered clarity')),
  });
  const minor = createMinorGuard({
    clock,
    api: deps.api,
    uid: () => deps.account.uid(),
    gameId: () => st.peek().game?.game_id ?? null,
    playing: computed(() => st.value.phase === 'playing' && st.value.hasStream),
    usage: deps.minorUsage ?? memoryUsageStore(),
    loggedIn: () => !LOGIN_GONE.has(st.peek().end?.reason ?? 'user-quit'),
    onLimit: () => dispatch({ type: 'minor-limit' }),
    log,
    quiet: core.quiet,
  });
  const sound = createSoundControl(sdk, control.settings);
  const saves = createSavesController(deps.api, () => {
    const s = st.value;
    return s.game ? { gameKey: s.game.game_key, scId: s.scId, clientSid: deps.account.clientSid() } : null;
  });
  const runner = createEffectRunner({ core, control, events, clearStats: statsPoll.clear, clearSaves: saves.clear });

  /** Input reaches the SDK only while playing; any input cancels the 45001 no-operation countdown. */
  function input(send: () => void): void {
    if (st.value.phase !== 'playing') return;
    send();
    if (st.value.idleEndsAt !== null) dispatch({ type: 'input' });
  }

  const sel = <T>(fn: (s: SessionState) => T): ReadonlySignal<T> => computed(() => fn(st.value));
  // Decision 0007: the game's op_type list and op_mode, and what the player stored for it.
  const ops = computed(() => opChoice(st.value.game ?? {}, control.chosen.value));

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
    settings: control.settings,
    chosen: control.chosen,
    opType: computed(() => ops.value.opType),
    opTypes: computed(() => ops.value.opTypes),
    clarity: control.clarity,
    clarityOptions: control.clarityOptions,
    bluray: control.bluray,
    trialSecondsLeft: control.trialSecondsLeft,
    levelConfig: control.levelConfig,
    hangOptions: control.hangOptions,
    hangupMinutes: control.hangupMinutes,
    user: control.user,
    stats: statsPoll.stats,
    networkOffer: advice.offer,
    takeNetworkOffer: advice.accept,
    dismissNetworkOffer: advice.dismiss,
    saves,

    start(game, opts = {}) {
      const before = st.value.attempt;
      dispatch({ type: 'start', game, opts });
      // The machine starts a new attempt only when no session is under way (start.ts canStart).
      const started = st.value.attempt !== before;
      if (started) advice.reset();
      return started;
    },
    open: (game) => dispatch({ type: 'open', game }),
    acceptSeat: () => dispatch({ type: 'accept-seat' }),
    cancelQueue: () => dispatch({ type: 'cancel-queue' }),
    leave: () => dispatch({ type: 'leave', minutes: control.hangupMinutes.value }),
    returnToGame: (game) => dispatch(game ? { type: 'return', game } : { type: 'return' }),
    wake() {
      now.value = clock.now();
      dispatch({ type: 'wake' });
    },
    reconnect: () => dispatch({ type: 'reconnect' }),
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
      if (opts.manufacturer) runner.setCheckManufacturer(opts.manufacturer);
      control.refresh();
      const before = st.value.attempt;
      dispatch({ type: 'check-sessions' });
      return st.value.attempt !== before ? runner.lastCheck : Promise.resolve();
    },
    applyUserInfo: control.applyUserInfo,
    setClarity: control.setClarity,
    setHangupDuration: control.setHangupDuration,
    setMouseSensitivity: control.setMouseSensitivity,
    async setOpType(opType) {
      if (!ops.value.opTypes.includes(opType)) return false;
      await control.persist({ op_type: opType });
      return true;
    },
    updateSettings: (patch) => control.persist(patch),
    soundBlocked: sound.blocked,
    unblockSound: sound.unblock,
    sendGamepad: (i) => input(() => sdk.sendGamepad(i)),
    sendKey: (key, down) => input(() => sdk.sendKey(key, down)),
    sendMouse: (i) => input(() => sdk.sendMouse(i)),
    sendTouch: (i) => input(() => sdk.sendTouch(i)),
    mount: (el) => sdk.mount(el),
    unmount: () => sdk.unmount(),
    on: (event, fn) => events.on(event, fn),
    dispose() {
      if (disposed) return;
      disposed = true;
      runner.dispose();
      minor.dispose();
      clock.clearInterval(ticker);
      ticker = undefined;
      control.dispose();
      statsPoll.dispose();
      advice.dispose();
      sound.dispose();
      events.clear();
    },
  };
}
