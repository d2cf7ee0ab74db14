/**
 * The effects interpreter: runs what the machine (`machine.ts`) asks for —
 * the game calls, the SDK, timers on the injected clock, the duration
 * socket, the session's events — and feeds every answer back into the
 * machine as an event tagged with the attempt that asked, so an answer to
 * an attempt the user already left changes nothing.
 */
import { SDK_INIT_WAIT_MS } from '../core/constants.ts';
import type { TimerId } from '../core/clock.ts';
import type { Emitter } from '../core/emitter.ts';
import type { ClarityControl } from './clarity-control.ts';
import { createDurationLink } from './duration.ts';
import { queueGrade } from './membership.ts';
import { rumbleWanted } from './rumble.ts';
import { errorMessage, type GameSessionEvents, type SessionCore } from './session-types.ts';
import type { Effect, PlayOptions, SessionEvent, TimerName } from './state.ts';

export interface EffectRunner {
  run(fx: Effect): void;
  /** The manufacturer user_sc_list asks about from now on. */
  setCheckManufacturer(manufacturer: string): void;
  /** Settles when the last user_sc_list check has been fed to the machine. */
  readonly lastCheck: Promise<void>;
  /** Every timer cleared, the SDK no longer heard, the duration socket closed. */
  dispose(): void;
}

export interface EffectRunnerDeps {
  core: SessionCore;
  control: ClarityControl;
  events: Emitter<GameSessionEvents>;
  /** The stream stopped: its figures go. */
  clearStats(): void;
  /** A new start: the last game's saves go. */
  clearSaves(): void;
}

type AskStep = 'token' | 'sdk' | 'play' | 'queue' | 'recon';

export function createEffectRunner({ core, control, events, clearStats, clearSaves }: EffectRunnerDeps): EffectRunner {
  const { deps, state: st, dispatch, quiet } = core;
  const { clock, api, sdk } = deps;
  const random = deps.random ?? Math.random;
  const timers = new Map<TimerName, TimerId>();
  /** The options of the start under way (play_game's able_queue, enable_restart, local_stream). */
  let playOptions: PlayOptions = {};
  let checkManufacturer = deps.manufacturer ?? 'mock';
  let lastCheck: Promise<void> = Promise.resolve();

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
  function ask<T>(step: AskStep, work: () => Promise<T>, ok: (v: T, attempt: number) => SessionEvent): void {
    const attempt = st.value.attempt;
    work().then(
      (v) => dispatch(ok(v, attempt)),
      (e: unknown) => dispatch({ type: 'failed', attempt, step, message: errorMessage(e) }),
    );
  }

  const grade = (): number => queueGrade(control.user.value ?? { member_status: 0, quick_status: 0, is_new_user: 0 });

  function run(fx: Effect): void {
    const s = st.value;
    const gameKey = s.game?.game_key ?? '';
    switch (fx.type) {
      case 'new-session':
        playOptions = fx.opts;
        clearStats();
        clearSaves();
        control.newSession(gameKey);
        return;
      case 'record-play': {
        const uid = deps.account.uid();
        if (!s.game || !uid) return;
        // Recording is the cloud's bookkeeping: its failure neither stops the game nor shows the player anything.
        api.playgame({ uid, game_id: s.game.game_id }, { silent: true }).catch(quiet('playgame'));
        return;
      }
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
              model_name: deps.modelName,
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
        api.cancelQueue({ queue_id: fx.queueId, game_key: fx.gameKey }, { silent: true }).catch(quiet('cancel_queue'));
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
        lastCheck = checkSessions(s.attempt);
        return;
      case 'stream-start':
        control.levelConfig.value = fx.target.level_config;
        sdk.start(fx.target);
        return;
      case 'stream-pause':
        sdk.pause();
        return;
      case 'stream-resume':
        sdk.resume();
        return;
      case 'stream-reconnect':
        control.levelConfig.value = fx.target.level_config;
        sdk.reconnect(fx.target);
        return;
      case 'stream-stop':
        sdk.stop();
        clearStats();
        return;
      case 'stream-live':
        void control.onLive();
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
        if (fx.event === 'ended') events.emit('ended', fx.end);
        else events.emit(fx.event);
        return;
    }
  }

  /**
   * user_sc_list after login or app start (SPEC §4): the machine decides what each session found becomes
   * (hangup.ts); an able_recon one needs the player's hang-up setting of its game, loaded here.
   */
  async function checkSessions(attempt: number): Promise<void> {
    const manufacturer = checkManufacturer;
    let list;
    try {
      const sn = `${clock.now().toString(36)}${Math.floor(random() * 1e9).toString(36)}`;
      list = (await api.userScList({ manufacturer, client_sid: deps.account.clientSid(), sn }, { silent: true })).list;
    } catch (e) {
      quiet('user_sc_list')(e);
      dispatch({ type: 'failed', attempt, step: 'sessions', message: errorMessage(e) });
      return;
    }
    const recon = list.find((x) => x.type === 'able_recon');
    // A game started meanwhile: its settings are the ones in force, not the found session's.
    if (st.peek().attempt !== attempt) return;
    if (recon) await control.loadSettingsFor(recon.game_key);
    dispatch({ type: 'sessions', attempt, list, manufacturer, hangupDuration: control.settings.value.hangup_duration, member: control.member.value });
  }

  // ------------------------------------------------------------ the duration socket
  const duration = createDurationLink(
    {
      generateToken: (req) => api.generateToken(req, { silent: true }),
      openSocket: deps.openSocket,
      socketBase: deps.socketBase,
      ...(deps.socketQuery ? { query: deps.socketQuery } : {}),
      log: deps.log ?? (() => undefined),
    },
    {
      message(msg) {
        if (msg.code === 200) {
          control.applyUserInfo(msg.data);
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
    vibrate(rumble) {
      const s = st.peek();
      if (rumbleWanted(control.settings.peek().vibrates, s.phase, s.hasStream)) events.emit('vibrate', rumble);
    },
  });

  return {
    run,
    setCheckManufacturer(manufacturer) {
      checkManufacturer = manufacturer;
    },
    get lastCheck() {
      return lastCheck;
    },
    dispose() {
      for (const name of [...timers.keys()]) clearTimer(name);
      unsubscribeSdk();
      duration.close();
    },
  };
}
