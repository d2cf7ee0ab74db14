/**
 * The game session as a pure state machine (SPEC §4): `transition(state,
 * event, now)` returns the next state and the effects to run. No I/O and no
 * timers here: `effects.ts` runs the effects on the injected clock and feeds
 * results back. Parts live beside their rules: start.ts (start, opening
 * the game page), queue.ts, hangup.ts, duration.ts; progress, stream
 * events, reconnect and quit are here.
 */
import { STREAM_EVENT } from '../api/contract.ts';
import { CLOUD_END_REASON_WAIT_MS, NO_OPERATION_MS, SOCKET_RECONNECT_DELAY_MS } from '../core/constants.ts';
import { durationTransition } from './duration.ts';
import { hangUp, hangupTransition } from './hangup.ts';
import { clampProgress, STREAM_RECEIVED } from './progress.ts';
import { queueTransition } from './queue.ts';
import { startTransition } from './start.ts';
import { isPlayStart, subMessage, targetOf } from './answers.ts';
import { TIMER_NAMES, type Effect, type SessionEvent, type SessionState, type Step } from './state.ts';
import { beginRecon, clearTimer, endSession, enterReconnect, hasLiveSession, quitStep, same, setTimer, step } from './steps.ts';

export type BackAction = 'quit-dialog' | 'stopped-queue' | 'none';

/**
 * SPEC §2 back gesture on the game screen: queued → stop the queue; starting,
 * loading, playing or reconnecting → the quit dialog; otherwise nothing (the
 * shell closes the host webview).
 */
export function backAction(s: SessionState): BackAction {
  if (s.phase === 'queued' || s.phase === 'seat-ready') return 'stopped-queue';
  if (s.phase === 'starting' || s.phase === 'loading' || s.phase === 'playing' || s.phase === 'reconnecting') return 'quit-dialog';
  return 'none';
}

export function transition(s: SessionState, e: SessionEvent, now: number): Step {
  // Any answer to an older attempt (the user quit and started again meanwhile) changes nothing; a late play answer is undone (start.ts).
  if ('attempt' in e && e.attempt !== s.attempt && e.type !== 'play-answer') return same(s);
  if (s.cloudEnded) return afterCloudEnd(s, e, now);
  return startTransition(s, e, now) ?? queueTransition(s, e, now) ?? hangupTransition(s, e, now) ?? durationTransition(s, e) ?? core(s, e, now);
}

function core(s: SessionState, e: SessionEvent, now: number): Step {
  switch (e.type) {
    // ------------------------------------------------ the SDK ready (a start, a cold reconnect)
    case 'sdk-ready': {
      const ready = { ...s, sdkReady: true };
      if (s.phase === 'starting' && !s.sdkReady) return step(ready, clearTimer('sdk-init'), { type: 'play-game' });
      if (s.phase === 'reconnecting' && !s.sdkReady) return beginRecon(ready, now, [clearTimer('sdk-init')]);
      return same(ready);
    }

    case 'failed':
      switch (e.step) {
        case 'token':
        case 'play':
        case 'sdk':
          if (s.phase !== 'starting' && !(e.step === 'sdk' && s.phase === 'reconnecting')) return same(s);
          return endSession(s, 'error', e.message, { cancelQueue: !!s.queue });
        case 'queue':
          return s.phase === 'queued' ? endSession(s, 'queue-error', e.message, { cancelQueue: true }) : same(s);
        case 'recon':
          return s.phase === 'reconnecting' ? endSession(s, 'reconnect-failed', e.message) : same(s);
        case 'sessions':
          return same(s);
      }
      return same(s);

    // ------------------------------------------------ progress (SPEC §4 "Progress")
    case 'progress': {
      const v = clampProgress(e.value);
      if (s.phase === 'loading' || s.phase === 'reconnecting') {
        if (v < STREAM_RECEIVED) return same({ ...s, progress: Math.max(s.progress, v) });
        return live({ ...s, phase: 'playing', reconnectEndsAt: null }, now, [clearTimer('reconnect-wait'), clearTimer('reconnect-retry')]);
      }
      if (s.phase === 'playing') {
        // After a return from hang-up the stream comes back through the same steps.
        if (v < STREAM_RECEIVED) return same({ ...s, progress: v, hasStream: false });
        return s.hasStream ? same(s) : live(s, now, []);
      }
      return same(s);
    }

    // ------------------------------------------------ stream events (SPEC §4 "Stream events")
    case 'stream-event':
      if (!hasLiveSession(s)) return same(s);
      switch (e.code) {
        case STREAM_EVENT.quit:
          return endSession(s, 'stream-quit', '');
        case STREAM_EVENT.ended:
          return cloudEnd(s);
        case STREAM_EVENT.reconnect:
        case STREAM_EVENT.reconnectAlt:
          return s.phase === 'playing' || s.phase === 'loading' ? enterReconnect(s, now) : same(s);
        case STREAM_EVENT.idle:
          if (s.phase !== 'playing') return same(s);
          return step({ ...s, idleEndsAt: now + NO_OPERATION_MS }, setTimer('no-operation', NO_OPERATION_MS));
      }
      return same(s);

    case 'stream-disconnect':
      if (!hasLiveSession(s)) return same(s);
      if (e.reason === 'ended') return cloudEnd(s);
      if (e.reason === 'failed') return endSession(s, 'stream-failed', e.message ?? '');
      if (s.phase === 'playing' || s.phase === 'loading') return enterReconnect(s, now);
      // A reconnect attempt that dropped: try again shortly, still inside the 60 s wait.
      if (s.phase === 'reconnecting' && s.stream) return step(s, setTimer('reconnect-retry', SOCKET_RECONNECT_DELAY_MS));
      return same(s);

    case 'input':
      return s.idleEndsAt === null ? same(s) : step({ ...s, idleEndsAt: null }, clearTimer('no-operation'));

    case 'timer':
      switch (e.name) {
        case 'sdk-init':
          return (s.phase === 'starting' || s.phase === 'reconnecting') && !s.sdkReady ? endSession(s, 'sdk-timeout', 'sdk init timed out') : same(s);
        case 'no-operation':
          return s.phase === 'playing' && s.idleEndsAt !== null ? endSession(s, 'idle', '') : same(s);
        case 'reconnect-wait':
          return s.phase === 'reconnecting' ? endSession(s, 'reconnect-timeout', 'reconnect timed out') : same(s);
        case 'reconnect-retry':
          return s.phase === 'reconnecting' && s.stream ? step(s, { type: 'stream-reconnect', target: s.stream }) : same(s);
        default:
          return same(s);
      }

    // ------------------------------------------------ reconnect (SPEC §4 "Reconnect")
    case 'reconnect': {
      // Asking to reconnect is being at the game: its stream must not hang up as away.
      const here = s.away ? { ...s, away: null } : s;
      if (s.phase === 'playing' || s.phase === 'loading' || (s.phase === 'hung-up' && s.reconnectReady)) return enterReconnect(here, now);
      return same(here);
    }

    case 'recon-answer': {
      if (s.phase !== 'reconnecting') return same(s);
      const res = e.res;
      if (!isPlayStart(res)) return endSession(s, 'reconnect-failed', subMessage(res));
      const target = targetOf(res);
      return step({ ...s, scId: res.sc_id, stream: target }, { type: 'stream-reconnect', target }, { type: 'duration-open' });
    }

    case 'check-sessions':
      if (s.phase !== 'idle' && s.phase !== 'ended') return same(s);
      return step({ ...s, attempt: s.attempt + 1 }, { type: 'check-sessions' });

    // ------------------------------------------------ quit, dialogs, token
    case 'open-quit-dialog':
      return backAction(s) === 'quit-dialog' ? same({ ...s, quitDialog: true }) : same(s);

    case 'close-quit-dialog':
      return same({ ...s, quitDialog: false });

    case 'quit':
      return quitStep(s);

    case 'minor-limit':
      // The server's tip is not shown: it is the mock's English only, and the app's own text says the same in every language.
      return hasLiveSession(s) ? endSession(s, 'minor-limit', '') : same(s);

    case 'dismiss-timeout-dialog':
      return same({ ...s, timeoutDialog: false });

    case 'token-expired': {
      // SPEC §8: on the game screen token expiry is an event; the session ends without any further call.
      const emit = { type: 'emit', event: 'token-expired' } as const;
      if (s.phase === 'idle' || s.phase === 'ended') return step(s, emit);
      return endSession({ ...s, queue: null }, 'token-expired', '', { extra: [emit] });
    }

    default:
      return same(s);
  }
}

/**
 * The cloud ended the stream (54001, or the stream closed as ended). When it ends a session for a reason of the
 * duration socket's (out of play time, SPEC §4 "200 … quits when duration_coin is 0"; kicked; a relogin), that
 * reason comes on another connection, in no fixed order with the stream's end: wait a moment for it, so the player
 * is told why (and offered play time) rather than only that the game ended.
 */
function cloudEnd(s: SessionState): Step {
  return step({ ...s, cloudEnded: true }, ...TIMER_NAMES.map(clearTimer), setTimer('cloud-end', CLOUD_END_REASON_WAIT_MS));
}

/** The stream is gone: only the duration socket's reason, the wait's end, a quit or the login's end are heard. */
function afterCloudEnd(s: SessionState, e: SessionEvent, now: number): Step {
  switch (e.type) {
    case 'duration':
      return durationTransition(s, e) ?? same(s);
    case 'duration-lost':
    case 'quit':
      // The cloud stopped the session itself: there is nothing to stop_game.
      return endSession(s, 'session-ended', '');
    case 'timer':
      return e.name === 'cloud-end' ? endSession(s, 'session-ended', '') : same(s);
    case 'token-expired':
    case 'minor-limit':
      return core(s, e, now);
    default:
      return same(s);
  }
}

/**
 * The stream is received (100 %): playing, with the stream. Away from the game page meanwhile (left while it
 * loaded or reconnected), it hangs up at once with the minutes in force when the page was left (SPEC §4 Hang-up).
 */
function live(s: SessionState, now: number, before: Effect[]): Step {
  const effects: Effect[] = [...before, { type: 'stream-live' }, { type: 'emit', event: 'playing' }];
  const next: SessionState = { ...s, progress: STREAM_RECEIVED, hasStream: true };
  return s.away ? hangUp(next, s.away.minutes, now, effects) : step(next, ...effects);
}
