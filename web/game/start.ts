/**
 * The machine's start share (SPEC §4 "Start"): when a game may start, the
 * start itself (get token, init the SDK, request play) and opening the game
 * page for a game, which resumes, keeps, replaces or starts a session.
 */
import { SDK_INIT_WAIT_MS } from '../core/constants.ts';
import { returnTo } from './hangup.ts';
import { enterQueue } from './queue.ts';
import { isPlayStart, isQueued, subMessage, targetOf } from './answers.ts';
import { initialState, type GameTarget, type PlayOptions, type SessionEvent, type SessionState, type Step } from './state.ts';
import { clearTimer, endSession, quitStep, same, setTimer, step } from './steps.ts';

/** No session under way: idle, ended, or an able_recon session waiting (play_game's enable_restart replaces it in the cloud). */
export function canStart(s: SessionState): boolean {
  return s.phase === 'idle' || s.phase === 'ended' || (s.phase === 'hung-up' && s.reconnectReady);
}

/** A start over a session that may start: a new attempt, on the game page. */
function start(s: SessionState, game: GameTarget, opts: PlayOptions): Step {
  const next: SessionState = { ...initialState, sdkReady: s.sdkReady, attempt: s.attempt + 1, phase: 'starting', game };
  // Starting over an able_recon session drops its countdown; play_game's enable_restart replaces it in the cloud.
  return step(next, { type: 'new-session', opts }, { type: 'record-play' }, clearTimer('hangup'), { type: 'get-token' });
}

/**
 * The game page opens for `game`: this game hung up (left, or able_recon after login) resumes; this game
 * under way (queued, loading, playing…) is kept; another game under way is quit first; then the game starts.
 */
function open(s: SessionState, game: GameTarget, now: number): Step {
  const thisGame = s.game?.game_key === game.game_key;
  // A session found at start (able_recon) knew only the game's key: the page's target completes it.
  if (thisGame && s.phase === 'hung-up') return returnTo(s, game, now);
  const here = s.away ? { ...s, away: null } : s;
  if (thisGame && s.phase !== 'idle' && s.phase !== 'ended') return same(here);
  if (canStart(here)) return start(here, game, {});
  const quit = quitStep(here);
  const started = start(quit.state, game, {});
  return { state: started.state, effects: [...quit.effects, ...started.effects] };
}

/** Start, open and the answers of a start (token, play); null when the event is not about starting. */
export function startTransition(s: SessionState, e: SessionEvent, now: number): Step | null {
  switch (e.type) {
    case 'start':
      return canStart(s) ? start(s, e.game, e.opts ?? {}) : same(s);

    case 'open':
      return open(s, e.game, now);

    case 'token-ok':
      if (s.phase !== 'starting') return same(s);
      if (s.sdkReady) return step({ ...s, token: e.token }, { type: 'play-game' });
      return step({ ...s, token: e.token }, { type: 'sdk-init' }, setTimer('sdk-init', SDK_INIT_WAIT_MS));

    case 'play-answer': {
      // A play answer nobody waits for (the user quit meanwhile) must not leave a machine running or a ticket open.
      if (e.attempt !== s.attempt || s.phase !== 'starting') return undoPlay(s, e.gameKey, e.res);
      const res = e.res;
      if (isPlayStart(res)) {
        const target = targetOf(res);
        return step(
          { ...s, phase: 'loading', scId: res.sc_id, stream: target, progress: 0, hasStream: false, seat: null, queue: null },
          { type: 'stream-start', target },
          { type: 'duration-open' },
        );
      }
      if (isQueued(res)) return enterQueue(s, res);
      return endSession(s, 'play-failed', subMessage(res));
    }

    default:
      return null;
  }
}

/** Stop the session or leave the queue a late play answer opened. */
function undoPlay(s: SessionState, gameKey: string, res: { code: number }): Step {
  if (isPlayStart(res)) return step(s, { type: 'stop-game', scId: res.sc_id, gameKey: res.game_key, body: 'abandoned', silent: true });
  if (isQueued(res)) return step(s, { type: 'cancel-queue', queueId: res.queue_id, gameKey });
  return same(s);
}
