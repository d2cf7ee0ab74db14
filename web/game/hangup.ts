/**
 * Hang-up options (SPEC §3 `hang`, §4 "Hang-up", §5 "type 2 reset when
 * membership is lost", §9 minutes × 60000). Pure rules; the countdown itself
 * is a timer of the session machine (`machine.ts`).
 */
import { DEFAULT_HANG_OPTIONS, HANGUP_MINUTE_MS, type HangOption, type UserSession } from '../api/contract.ts';
import { GAME_SETTING_DEFAULTS } from '../core/storage/db.ts';
import { initialState, type Effect, type GameTarget, type SessionEvent, type SessionState, type Step } from './state.ts';
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

/** The hang-up an able_recon session found after login or app start resumes (SPEC §4 "After login or app start"). */
export interface FoundHangup {
  minutes: number;
  /** Clock ms. */
  endsAt: number;
  /** The cloud already counts it down (hang_up_end_time given): the client does not start its countdown again. */
  serverHangingUp: boolean;
}

/**
 * The found session's countdown: the cloud's own end time when it counts down already, else a full
 * hangup_duration from now (the app died mid-play). The setting counts as when leaving: a type-2
 * choice is a member's only; the found session's game offers the default options.
 */
export function foundHangup(recon: Pick<UserSession, 'hang_up_end_time'>, hangupDuration: number, member: boolean, now: number): FoundHangup {
  const minutes = effectiveHangupMinutes(hangupDuration, undefined, member);
  const end = recon.hang_up_end_time ?? 0;
  if (end > 0) return { minutes, endsAt: Math.max(now, end * 1000), serverHangingUp: true };
  return { minutes, endsAt: now + hangupMs(minutes), serverHangingUp: false };
}

const hangupOver = (s: SessionState): Step => endSession(s, 'hangup-over', '', { extra: [{ type: 'emit', event: 'hangup-over' }] });

/**
 * SPEC §4 "Leaving the game page while playing stops streaming and starts a countdown of hangup_duration
 * minutes": the stream pauses, the cloud is told (sc_hang_up) and the countdown runs; 0 minutes is over at once.
 */
export function hangUp(s: SessionState, minutes: number, now: number, before: Effect[] = []): Step {
  if (minutes <= 0) {
    const over = hangupOver(s);
    return { state: over.state, effects: [...before, ...over.effects] };
  }
  const ms = hangupMs(minutes);
  return step(
    { ...s, phase: 'hung-up', hasStream: false, hangup: { minutes, endsAt: now + ms }, idleEndsAt: null, quitDialog: false },
    ...before,
    clearTimer('no-operation'),
    { type: 'stream-pause' },
    { type: 'sc-hang-up', minutes },
    setTimer('hangup', ms),
  );
}

/**
 * SPEC §4 "Returning cancels hang-up": the cloud's countdown is cancelled and the stream resumes; a
 * session found after login (reconnect-ready) reconnects instead. `game` (same game_key) completes what
 * the session knows of its game.
 */
export function returnTo(s: SessionState, game: GameTarget | undefined, now: number): Step {
  const here = s.away ? { ...s, away: null } : s;
  if (here.phase !== 'hung-up') return same(here);
  const back = game && here.game && game.game_key === here.game.game_key ? { ...here, game: { ...here.game, ...game } } : here;
  if (back.reconnectReady) return enterReconnect(back, now);
  return step(
    { ...back, phase: 'playing', hangup: null, progress: 0, hasStream: false },
    clearTimer('hangup'),
    { type: 'sc-hang-up', minutes: 0 },
    { type: 'stream-resume' },
  );
}

/**
 * Leave / return / run out (SPEC §4 "Hang-up") and the sessions found after
 * login or app start (SPEC §4 "After login or app start"). Null when the
 * event is not about hang-up.
 */
export function hangupTransition(s: SessionState, e: SessionEvent, now: number): Step | null {
  switch (e.type) {
    case 'leave': {
      // Away whatever the phase: a stream that comes up later (a reconnect, a load) hangs up then (machine.ts `live`).
      const away = { ...s, away: { minutes: e.minutes } };
      return s.phase === 'playing' || s.phase === 'loading' ? hangUp(away, e.minutes, now) : same(away);
    }

    case 'return':
      return returnTo(s, e.game, now);

    case 'timer':
      if (e.name !== 'hangup') return null;
      return s.phase === 'hung-up' ? hangupOver(s) : same(s);

    case 'wake':
      // Away longer than the countdown while the page was hidden: it is over now, whatever the late timer says.
      if (s.phase !== 'hung-up' || !s.hangup || now < s.hangup.endsAt) return null;
      return hangupOver(s);

    case 'sessions': {
      if (s.phase !== 'idle' && s.phase !== 'ended') return same(s);
      const stops: Effect[] = e.list
        .filter((x) => x.type !== 'able_recon')
        .map((x) => ({ type: 'stop-game', scId: x.sc_id, gameKey: x.game_key, body: 'not reconnectable', silent: true }));
      const recon = e.list.find((x) => x.type === 'able_recon');
      if (!recon) return step(s, ...stops);
      const found = foundHangup(recon, e.hangupDuration, e.member, now);
      return step(
        {
          ...initialState,
          attempt: s.attempt,
          sdkReady: s.sdkReady,
          away: s.away,
          phase: 'hung-up',
          reconnectReady: true,
          game: { game_key: recon.game_key, game_id: recon.game_id, manufacturer: e.manufacturer },
          scId: recon.sc_id,
          hangup: { minutes: found.minutes, endsAt: found.endsAt },
        },
        ...stops,
        // The cloud is not counting down yet (the app died mid-play): start its hang-up so both agree.
        ...(found.serverHangingUp ? [] : [{ type: 'sc-hang-up', minutes: found.minutes } satisfies Effect]),
        setTimer('hangup', found.endsAt - now),
      );
    }

    default:
      return null;
  }
}
