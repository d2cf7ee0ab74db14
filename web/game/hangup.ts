/**
 * Hang-up options (SPEC §3 `hang`, §4 "Hang-up", §5 "type 2 reset when
 * membership is lost", §9 minutes × 60000). Pure rules; the countdown itself
 * is a timer of the session machine (`machine.ts`).
 */
import { DEFAULT_HANG_OPTIONS, HANGUP_MINUTE_MS, type HangOption } from '../api/contract.ts';
import { GAME_SETTING_DEFAULTS } from '../core/storage/db.ts';
import { initialState, type Effect, type SessionEvent, type SessionState, type Step } from './state.ts';
import { clearTimer, endSession, enterReconnect, same, setTimer, step } from './steps.ts';

export interface HangChoice extends HangOption {
  /** Type-2 options are member-only. */
  available: boolean;
}

export function hangOptionsOf(hang: readonly HangOption[] | null | undefined): readonly HangOption[] {
  return hang && hang.length > 0 ? hang : DEFAULT_HANG_OPTIONS;
}

export function hangChoices(hang: readonly HangOption[] | null | undefined, member: boolean): HangChoice[] {
  return hangOptionsOf(hang).map((o) => ({ ...o, available: o.type !== 2 || member }));
}

/** The settings default (3 minutes) when the game offers it as a free option, else its first free option, else 3. */
export function defaultHangupMinutes(hang: readonly HangOption[] | null | undefined): number {
  const options = hangOptionsOf(hang);
  const preferred = options.find((o) => o.duration === GAME_SETTING_DEFAULTS.hangup_duration && o.type !== 2);
  return (preferred ?? options.find((o) => o.type !== 2))?.duration ?? GAME_SETTING_DEFAULTS.hangup_duration;
}

export function isHangupAllowed(minutes: number, hang: readonly HangOption[] | null | undefined, member: boolean): boolean {
  const option = hangOptionsOf(hang).find((o) => o.duration === minutes);
  return !!option && (option.type !== 2 || member);
}

/**
 * The minutes to count down with: the setting when the game offers it and
 * the user may use it, else the default. Used when leaving and after
 * membership loss (a type-2 choice resets to the default).
 */
export function effectiveHangupMinutes(setting: number, hang: readonly HangOption[] | null | undefined, member: boolean): number {
  return isHangupAllowed(setting, hang, member) ? setting : defaultHangupMinutes(hang);
}

export function hangupMs(minutes: number): number {
  return Math.max(0, minutes) * HANGUP_MINUTE_MS;
}

// ---------------------------------------------------------------- the machine's hang-up part

/**
 * Leave / return / run out (SPEC §4 "Hang-up") and the sessions found after
 * login or app start (SPEC §4 "After login or app start"). Null when the
 * event is not about hang-up.
 */
export function hangupTransition(s: SessionState, e: SessionEvent, now: number): Step | null {
  switch (e.type) {
    case 'leave': {
      if (s.phase !== 'playing' && s.phase !== 'loading') return same(s);
      if (e.minutes <= 0) {
        return endSession(s, 'hangup-over', '', { extra: [{ type: 'emit', event: 'hangup-over' }] });
      }
      const ms = hangupMs(e.minutes);
      return step(
        { ...s, phase: 'hung-up', hasStream: false, hangup: { minutes: e.minutes, endsAt: now + ms }, idleEndsAt: null, quitDialog: false },
        clearTimer('no-operation'),
        { type: 'stream-pause' },
        { type: 'sc-hang-up', minutes: e.minutes },
        setTimer('hangup', ms),
      );
    }

    case 'return': {
      if (s.phase !== 'hung-up') return same(s);
      const back = e.game && s.game && e.game.game_key === s.game.game_key ? { ...s, game: { ...s.game, ...e.game } } : s;
      if (back.reconnectReady) return enterReconnect(back, now);
      return step(
        { ...back, phase: 'playing', hangup: null, progress: 0, hasStream: false },
        clearTimer('hangup'),
        { type: 'sc-hang-up', minutes: 0 },
        { type: 'stream-resume' },
      );
    }

    case 'timer':
      if (e.name !== 'hangup') return null;
      if (s.phase !== 'hung-up') return same(s);
      return endSession(s, 'hangup-over', '', { extra: [{ type: 'emit', event: 'hangup-over' }] });

    case 'wake':
      // Away longer than the countdown while the page was hidden: it is over now, whatever the late timer says.
      if (s.phase !== 'hung-up' || !s.hangup || now < s.hangup.endsAt) return null;
      return endSession(s, 'hangup-over', '', { extra: [{ type: 'emit', event: 'hangup-over' }] });

    case 'sessions': {
      if (s.phase !== 'idle' && s.phase !== 'ended') return same(s);
      const stops: Effect[] = e.list
        .filter((x) => x.type !== 'able_recon')
        .map((x) => ({ type: 'stop-game', scId: x.sc_id, gameKey: x.game_key, body: 'not reconnectable', silent: true }));
      const recon = e.list.find((x) => x.type === 'able_recon');
      if (!recon) return step(s, ...stops);
      const ms = Math.max(0, e.remainingMs);
      return step(
        {
          ...initialState,
          attempt: s.attempt,
          sdkReady: s.sdkReady,
          phase: 'hung-up',
          reconnectReady: true,
          game: { game_key: recon.game_key, game_id: recon.game_id, manufacturer: e.manufacturer },
          scId: recon.sc_id,
          hangup: { minutes: e.minutes, endsAt: now + ms },
        },
        ...stops,
        // The cloud is not counting down yet (the app died mid-play): start its hang-up so both agree.
        ...(e.serverHangingUp ? [] : [{ type: 'sc-hang-up', minutes: e.minutes } satisfies Effect]),
        setTimer('hangup', ms),
      );
    }

    default:
      return null;
  }
}
