/**
 * Starting and opening the game page through `transition()` (SPEC §4 Start, Hang-up, Reconnect, After login
 * or app start): when a game may start, and what opening the page for a game does to the session there is.
 */
import { describe, expect, it } from 'vitest';
import { canStart } from '../../../web/game/start.ts';
import { initialState, type GameTarget, type SessionState } from '../../../web/game/state.ts';
import { GAME, queued } from './fakes.ts';
import { emitted, loading, playing, run, started, T, types } from './machine-run.ts';

const OTHER: GameTarget = { game_key: 'chess', game_id: 9, manufacturer: 'mock', title: 'Chess' };
const hungUp = run([{ type: 'leave', minutes: 3 }], playing).state;
/** An able_recon session found after login: only its key, id and manufacturer are known. */
const foundRecon: SessionState = run(
  [{ type: 'sessions', attempt: 1, list: [{ sc_id: 'sc-9', game_key: GAME.game_key, game_id: GAME.game_id, type: 'able_recon' }], manufacturer: 'mock', hangupDuration: 3, member: false }],
  run([{ type: 'check-sessions' }], { ...initialState, sdkReady: true }).state,
).state;
const queuedState = run(
  [{ type: 'token-ok', attempt: 1, token: 't' }, { type: 'sdk-ready', attempt: 1 }, { type: 'play-answer', attempt: 1, gameKey: GAME.game_key, res: queued(2) }],
  started,
).state;
const ended = run([{ type: 'quit' }], playing).state;

describe('SPEC §4 Start: when a game may start', () => {
  it('canStart: idle, ended, or an able_recon session waiting; never over a session under way', () => {
    expect(canStart(initialState)).toBe(true);
    expect(canStart(ended)).toBe(true);
    expect(canStart(foundRecon)).toBe(true);
    for (const s of [started, queuedState, loading, playing, hungUp]) expect(canStart(s)).toBe(false);
  });

  it('SPEC §4 a start under way refuses another: nothing changes', () => {
    const r = run([{ type: 'start', game: OTHER }], playing);
    expect(r.state).toBe(playing);
    expect(r.effects).toEqual([]);
  });

  it('SPEC §4 a start is a new attempt: the play options go with it, get_token first', () => {
    const r = run([{ type: 'start', game: GAME, opts: { ableQueue: false } }], ended);
    expect(r.state).toMatchObject({ phase: 'starting', attempt: ended.attempt + 1, game: GAME, scId: null, end: null });
    expect(r.effects[0]).toEqual({ type: 'new-session', opts: { ableQueue: false } });
    expect(types(r.effects)).toEqual(['new-session', 'record-play', 'get-token']);
  });

  it('SPEC §4 starting over a waiting able_recon session drops its countdown (enable_restart replaces it in the cloud)', () => {
    const r = run([{ type: 'start', game: OTHER }], foundRecon);
    expect(r.state).toMatchObject({ phase: 'starting', game: OTHER, hangup: null, reconnectReady: false, sdkReady: true });
    expect(r.effects).toContainEqual({ type: 'clear-timer', name: 'hangup' });
    expect(types(r.effects)).not.toContain('stop-game');
  });
});

describe('opening the game page for a game (SPEC §4 Start, Hang-up, Reconnect)', () => {
  it('SPEC §4 no session (idle or ended): the game starts with the default play options', () => {
    for (const from of [initialState, ended]) {
      const r = run([{ type: 'open', game: GAME }], from);
      expect(r.state).toMatchObject({ phase: 'starting', game: GAME, attempt: from.attempt + 1 });
      expect(types(r.effects)).toEqual(['new-session', 'record-play', 'get-token']);
      expect(r.effects[0]).toEqual({ type: 'new-session', opts: {} });
    }
  });

  it('SPEC §4 returning cancels hang-up: this game hung up resumes (sc_hang_up 0, the stream resumes)', () => {
    const r = run([{ type: 'open', game: GAME }], hungUp);
    expect(r.state).toMatchObject({ phase: 'playing', hangup: null, away: null, attempt: hungUp.attempt });
    expect(types(r.effects)).toEqual(['sc-hang-up', 'stream-resume']);
  });

  it('SPEC §4 Reconnect: this game waiting as able_recon reconnects, its controls completed from the page', () => {
    const page: GameTarget = { ...GAME, op_type: '0,1', default_op_type: 1 };
    const r = run([{ type: 'open', game: page }], foundRecon, T);
    expect(r.state).toMatchObject({ phase: 'reconnecting', reconnectReady: false, game: { ...page, manufacturer: 'mock' } });
    expect(types(r.effects)).toContain('recon');
  });

  it('this game under way (starting, queued, loading, playing) is kept as it is', () => {
    for (const from of [started, queuedState, loading, playing]) {
      const r = run([{ type: 'open', game: GAME }], from);
      expect(r.state).toEqual(from);
      expect(r.effects).toEqual([]);
    }
  });

  it('another game under way is quit first (stop_game for it, its ending heard), then the game starts', () => {
    const r = run([{ type: 'open', game: OTHER }], playing);
    expect(r.state).toMatchObject({ phase: 'starting', game: OTHER, attempt: playing.attempt + 1, end: null, scId: null });
    expect(r.effects).toContainEqual({ type: 'stop-game', scId: 'sc-1', gameKey: GAME.game_key, body: 'user-quit', silent: false });
    expect(r.effects).toContainEqual({ type: 'emit', event: 'ended', end: { reason: 'user-quit', message: '' } });
    const order = types(r.effects);
    expect(order.indexOf('stream-stop')).toBeLessThan(order.indexOf('new-session'));
    expect(order.slice(-3)).toEqual(['new-session', 'record-play', 'get-token']);
  });

  it('SPEC §4 Queue: another game queued leaves its queue (cancel_queue for that game), then the game starts', () => {
    const r = run([{ type: 'open', game: OTHER }], queuedState);
    expect(r.state).toMatchObject({ phase: 'starting', game: OTHER, queue: null });
    expect(r.effects).toContainEqual({ type: 'cancel-queue', queueId: 'q-1', gameKey: GAME.game_key });
    expect(emitted(r.effects)).toEqual(['ended']);
    expect(r.effects).toContainEqual({ type: 'emit', event: 'ended', end: { reason: 'queue-cancelled', message: '' } });
  });

  it('another game hung up is stopped before the game starts; one waiting as able_recon is replaced without a stop', () => {
    const stopped = run([{ type: 'open', game: OTHER }], hungUp);
    expect(stopped.effects).toContainEqual({ type: 'stop-game', scId: 'sc-1', gameKey: GAME.game_key, body: 'user-quit', silent: false });
    expect(stopped.state).toMatchObject({ phase: 'starting', game: OTHER });
    const replaced = run([{ type: 'open', game: OTHER }], foundRecon);
    expect(types(replaced.effects)).toEqual(['new-session', 'record-play', 'get-token']);
    expect(replaced.state).toMatchObject({ phase: 'starting', game: OTHER });
  });

  it('opening the page is being on it: away is cleared whatever else happens', () => {
    const away = run([{ type: 'leave', minutes: 3 }], started).state;
    expect(run([{ type: 'open', game: GAME }], away).state).toEqual({ ...started, away: null });
  });
});
