/**
 * Building blocks the machine's parts share: a step with effects, ending the
 * session (every timer cleared, stream and duration socket closed, the cloud
 * session stopped when it should be) and entering a reconnect.
 */
import { RECONNECT_WAIT_MS, SDK_INIT_WAIT_MS } from '../core/constants.ts';
import { TIMER_NAMES, type Effect, type EndReason, type SessionState, type Step, type TimerName } from './state.ts';

export const same = (state: SessionState): Step => ({ state, effects: [] });

export const step = (state: SessionState, ...effects: Effect[]): Step => ({ state, effects });

export const setTimer = (name: TimerName, ms: number): Effect => ({ type: 'set-timer', name, ms });
export const clearTimer = (name: TimerName): Effect => ({ type: 'clear-timer', name });

/** Phases in which a cloud session (sc_id) exists and may be streaming. */
export function hasLiveSession(s: SessionState): boolean {
  return s.phase === 'loading' || s.phase === 'playing' || s.phase === 'hung-up' || s.phase === 'reconnecting';
}

/**
 * Reasons after which the client does not call stop_game: the cloud ended
 * the session itself (54001), the login is gone (30001, 408 relogin), or the
 * reconnect was refused (the session is not there to stop).
 */
const NO_STOP: ReadonlySet<EndReason> = new Set<EndReason>(['session-ended', 'token-expired', 'relogin', 'reconnect-failed']);

export interface EndOptions {
  /** Also leave the queue (cancel_queue). */
  cancelQueue?: boolean;
  extra?: Effect[];
}

export function endSession(s: SessionState, reason: EndReason, message: string, opts: EndOptions = {}): Step {
  const effects: Effect[] = TIMER_NAMES.map(clearTimer);
  if (s.stream || hasLiveSession(s)) effects.push({ type: 'stream-stop' });
  effects.push({ type: 'duration-close' });
  if (s.scId && s.game && !NO_STOP.has(reason)) {
    // Only a stop the user asked for shows a failure (SPEC §8 "A stop-game non-200 response shows the message").
    effects.push({ type: 'stop-game', scId: s.scId, gameKey: s.game.game_key, body: reason, silent: reason !== 'user-quit' });
  }
  if (opts.cancelQueue && s.queue) effects.push({ type: 'cancel-queue', queueId: s.queue.queueId, gameKey: s.game?.game_key ?? '' });
  effects.push(...(opts.extra ?? []));
  const end = { reason, message };
  effects.push({ type: 'emit', event: 'ended', end });
  return step(
    {
      ...s,
      phase: 'ended',
      end,
      hasStream: false,
      reconnectReady: false,
      queue: null,
      seat: null,
      seatEndsAt: null,
      hangup: null,
      idleEndsAt: null,
      reconnectEndsAt: null,
      cloudEnded: false,
      quitDialog: false,
      timeoutDialog: false,
    },
    ...effects,
  );
}

/** The user's confirmed quit: a queue is left (cancel_queue), a session is stopped; nothing to quit changes nothing. */
export function quitStep(s: SessionState): Step {
  if (s.phase === 'queued' || s.phase === 'seat-ready') return endSession(s, 'queue-cancelled', '', { cancelQueue: true });
  if (s.phase === 'idle' || s.phase === 'ended') return same(s);
  return endSession(s, 'user-quit', '', { cancelQueue: !!s.queue });
}

/**
 * Reconnect by sc_id (SPEC §4 "Reconnect"): recon_play_game, then the SDK
 * reconnects and the machine waits up to RECONNECT_WAIT_MS for 100 percent.
 * A cold start (an able_recon session after login) initialises the SDK first.
 */
export function enterReconnect(s: SessionState, now: number): Step {
  const base: SessionState = {
    ...s,
    phase: 'reconnecting',
    progress: 0,
    hasStream: false,
    hangup: null,
    idleEndsAt: null,
    reconnectReady: false,
    quitDialog: false,
    reconnectEndsAt: null,
  };
  // Resuming a session found after login starts play in this visit: recorded as a start is (SPEC §7 playgame).
  const resumed: Effect[] = s.phase === 'hung-up' && s.reconnectReady ? [{ type: 'record-play' }] : [];
  const first = [...resumed, clearTimer('hangup'), clearTimer('no-operation'), clearTimer('reconnect-retry')];
  if (!s.sdkReady) return step(base, ...first, { type: 'sdk-init' }, setTimer('sdk-init', SDK_INIT_WAIT_MS));
  return beginRecon(base, now, first);
}

/** The SDK is ready: ask the cloud for the session and start the 60 s wait. */
export function beginRecon(s: SessionState, now: number, before: Effect[] = []): Step {
  return step({ ...s, reconnectEndsAt: now + RECONNECT_WAIT_MS }, ...before, { type: 'recon' }, setTimer('reconnect-wait', RECONNECT_WAIT_MS));
}
