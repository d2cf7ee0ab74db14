/**
 * What the player may have and what the stream gets (SPEC §3 clarity and
 * settings, §4 hang-up, §5 blu-ray and membership): the per-game settings,
 * the clarity in force and its display_grade on the stream, the blu-ray
 * trial countdown and its saving, the hang-up options and set_hang_up_timer,
 * and the fallback when membership is lost. The rules are pure (clarity.ts,
 * hangup.ts, settings.ts); this holds their inputs in signals and does the
 * calls they lead to.
 */
import { batch, computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { DISPLAY_GRADE, type DisplayGrade, type LevelConfig, type SystemInfo, type UserInfo } from '../api/contract.ts';
import { BLURAY_TRY_DURATION_DEFAULT } from '../core/constants.ts';
import type { TimerId } from '../core/clock.ts';
import {
  blurayAccess,
  clarityOptions as listClarity,
  effectiveClarityIndex,
  gradeOf,
  isClarityAllowed,
  nonMemberDefaultIndex,
  type ClarityContext,
} from './clarity.ts';
import { effectiveHangupMinutes, hangChoices, hangOptionsOf, isHangupAllowed } from './hangup.ts';
import { isMember } from './membership.ts';
import type { GameSession, SessionCore } from './session-types.ts';
import { clampSensitivity, GAME_SETTING_DEFAULTS, sdkMouseSensitivity, type GameSettings } from './settings.ts';

/** The session's settings, clarity and hang-up surface (see GameSession), plus what its other parts need. */
export interface ClarityControl
  extends Pick<
    GameSession,
    | 'user'
    | 'settings'
    | 'clarity'
    | 'clarityOptions'
    | 'bluray'
    | 'trialSecondsLeft'
    | 'hangOptions'
    | 'hangupMinutes'
    | 'setClarity'
    | 'setHangupDuration'
    | 'setMouseSensitivity'
    | 'applyUserInfo'
  > {
  readonly member: ReadonlySignal<boolean>;
  /** The fields of the settings the player stored for this game (a field that is absent was never chosen). */
  readonly chosen: ReadonlySignal<Partial<GameSettings>>;
  /** The service level the stream has: from the play answer, then from display_grade. */
  readonly levelConfig: Signal<LevelConfig | null>;
  /** A new start: the user and system info are read again, nothing of the last session's stream is kept. */
  newSession(gameKey: string): void;
  /** Reads the user and system info again (a session check after login). */
  refresh(): void;
  /** Loads this user's settings of a game and the trial seconds; the stored clarity takes effect when they arrive. */
  loadSettingsFor(gameKey: string): Promise<void>;
  persist(patch: Partial<GameSettings>): Promise<void>;
  /** The stream reached 100 %: the SDK gets the mouse sensitivity, the cloud the hang-up minutes (once per session) and the clarity in force. */
  onLive(): Promise<void>;
  dispose(): void;
}

const TICK_MS = 1000;
/** The trial seconds are saved every this many ticks, and when the countdown stops. */
const TRIAL_SAVE_EVERY = 10;

export function createClarityControl(core: SessionCore): ClarityControl {
  const { deps, state: st, quiet } = core;
  const { clock, api, sdk } = deps;

  const user = signal<UserInfo | null>(deps.getUser());
  const system = signal<SystemInfo | null>(deps.getSystem());
  const settings = signal<GameSettings>({ ...GAME_SETTING_DEFAULTS });
  const chosen = signal<Partial<GameSettings>>({});
  const trialSeconds = signal(BLURAY_TRY_DURATION_DEFAULT);
  const levelConfig = signal<LevelConfig | null>(null);
  let settingsReady: Promise<void> = Promise.resolve();
  let settingsGameKey: string | null = null;
  let hangupSyncedFor: string | null = null;

  const member = computed(() => isMember(user.value));
  const clarityCtx = computed<ClarityContext>(() => ({ user: user.value, system: system.value, trialSeconds: trialSeconds.value }));
  // Only a clarity the player chose beats the membership default: switching controls or brightness is not choosing one.
  const clarity = computed(() => effectiveClarityIndex(settings.value.clarity, chosen.value.clarity !== undefined, clarityCtx.value));
  const hang = computed(() => hangOptionsOf(st.value.game?.hang));
  const hangupMinutes = computed(() => effectiveHangupMinutes(settings.value.hangup_duration, hang.value, member.value));
  const bluray = computed(() => blurayAccess(clarityCtx.value));

  // ------------------------------------------------------------ settings
  function loadSettingsFor(gameKey: string): Promise<void> {
    settingsGameKey = gameKey;
    const username = deps.account.username();
    const clientSid = deps.account.clientSid();
    settingsReady = Promise.all([deps.storage.loadSettings(username, gameKey), deps.storage.loadTrialSeconds(clientSid)]).then(
      ([loaded, trial]) => {
        if (settingsGameKey !== gameKey) return;
        batch(() => {
          settings.value = loaded.settings;
          chosen.value = loaded.chosen;
          trialSeconds.value = trial;
        });
      },
      (e: unknown) => {
        quiet('loading settings')(e);
        batch(() => {
          settings.value = { ...GAME_SETTING_DEFAULTS };
          chosen.value = {};
        });
      },
    );
    return settingsReady;
  }

  async function persist(patch: Partial<GameSettings>): Promise<void> {
    batch(() => {
      settings.value = { ...settings.value, ...patch };
      chosen.value = { ...chosen.value, ...patch };
    });
    const gameKey = settingsGameKey;
    if (!gameKey) return;
    try {
      await deps.storage.saveSettings(deps.account.username(), gameKey, patch);
    } catch (e) {
      quiet('saving settings')(e);
    }
  }

  // ------------------------------------------------------------ the cloud's side
  /** display_grade for the stream being played; the SDK follows the level granted. False when the call failed. */
  async function requestGrade(grade: DisplayGrade, silent: boolean): Promise<boolean> {
    const s = st.value;
    if (s.phase !== 'playing' || !s.scId || !s.game) return true;
    try {
      const res = await api.displayGrade({ game_key: s.game.game_key, sc_id: s.scId, display_grade: grade }, { silent });
      levelConfig.value = res.level_config;
      sdk.setServiceLevel(res.level_config.display_grade);
      return true;
    } catch (e) {
      quiet('display_grade')(e);
      return false;
    }
  }

  /** display_grade when the stream's service level is not the clarity in force; the player did not ask, so no toast. */
  function applyClarityToStream(): Promise<boolean> {
    const want = gradeOf(clarity.value);
    if (levelConfig.value?.display_grade === want) return Promise.resolve(true);
    return requestGrade(want, true);
  }

  /** set_hang_up_timer for a session whose stream is up or coming (SPEC §4); a failure only logs. */
  function sendHangupTimer(minutes: number): void {
    const s = st.value;
    if (!s.scId || !s.game || !(s.phase === 'playing' || s.phase === 'loading' || s.phase === 'reconnecting')) return;
    api.setHangUpTimer({ game_key: s.game.game_key, sc_id: s.scId, hang_up_timer: minutes }, { silent: true }).catch(quiet('set_hang_up_timer'));
  }

  async function setClarity(index: number): Promise<boolean> {
    if (!isClarityAllowed(index, clarityCtx.value)) return false;
    // The player asked: a refusal shows its toast.
    if (!(await requestGrade(gradeOf(index), false))) return false;
    await persist({ clarity: index });
    return true;
  }

  /** Back to the non-member default clarity (membership lost, trial over), on the stream too. */
  async function fallBackClarity(): Promise<void> {
    await persist({ clarity: nonMemberDefaultIndex(clarityCtx.value) });
    await applyClarityToStream();
  }

  // ------------------------------------------------------------ the blu-ray trial
  // It counts down, once a second, while the stream plays blu-ray through the trial.
  const trialRunning = computed(
    () => st.value.phase === 'playing' && st.value.hasStream && gradeOf(clarity.value) === DISPLAY_GRADE.bluray && bluray.value === 'trial',
  );
  let trialTimer: TimerId | undefined;
  let trialTicks = 0;
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
    core.log('membership lost, falling back');
    const minutes = settings.value.hangup_duration;
    if (!isHangupAllowed(minutes, hang.value, false)) {
      const fallback = effectiveHangupMinutes(minutes, hang.value, false);
      await persist({ hangup_duration: fallback });
      sendHangupTimer(fallback);
    }
    await fallBackClarity();
  }

  function refresh(): void {
    const u = deps.getUser();
    if (u) applyUserInfo(u);
    system.value = deps.getSystem();
  }

  return {
    user,
    member,
    settings,
    chosen,
    clarity,
    clarityOptions: computed(() => listClarity(clarityCtx.value)),
    bluray,
    trialSecondsLeft: trialSeconds,
    levelConfig,
    hangOptions: computed(() => hangChoices(hang.value, member.value)),
    hangupMinutes,
    newSession(gameKey) {
      refresh();
      levelConfig.value = null;
      hangupSyncedFor = null;
      void loadSettingsFor(gameKey);
    },
    refresh,
    loadSettingsFor,
    persist,
    setClarity,
    async setHangupDuration(minutes) {
      if (!isHangupAllowed(minutes, hang.value, member.value)) return false;
      await persist({ hangup_duration: minutes });
      sendHangupTimer(minutes);
      return true;
    },
    async setMouseSensitivity(value) {
      const v = clampSensitivity(value);
      sdk.setMouseSensitivity(sdkMouseSensitivity(v));
      await persist({ mouse_sensitivity: v });
    },
    applyUserInfo,
    async onLive() {
      const scId = st.value.scId;
      await settingsReady;
      const s = st.value;
      if (s.phase !== 'playing' || s.scId !== scId || !scId || !s.game) return;
      sdk.setMouseSensitivity(sdkMouseSensitivity(settings.value.mouse_sensitivity));
      if (hangupSyncedFor !== scId) {
        hangupSyncedFor = scId;
        sendHangupTimer(hangupMinutes.value);
      }
      await applyClarityToStream();
    },
    dispose() {
      clock.clearInterval(trialTimer);
      trialTimer = undefined;
      stopTrialEffect();
    },
  };
}
