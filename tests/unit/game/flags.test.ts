/** SPEC §4 "Game session flags" and what the game screen draws by, from `flagsOf(state)` alone. */
import { describe, expect, it } from 'vitest';
import { flagsOf, type SessionFlags } from '../../../web/game/flags.ts';
import { initialState } from '../../../web/game/state.ts';
import { queued, seatReady } from './fakes.ts';
import { loading, playing, reconnecting, run, started } from './machine-run.ts';

const queuedState = run(
  [{ type: 'token-ok', attempt: 1, token: 't' }, { type: 'sdk-ready', attempt: 1 }, { type: 'play-answer', attempt: 1, gameKey: 'space-race', res: queued(2) }],
  started,
).state;
const seat = run([{ type: 'queue-answer', attempt: 1, res: seatReady() }], queuedState).state;
const hungUp = run([{ type: 'leave', minutes: 3 }], playing).state;
/** Back from hang-up: playing again while the stream comes back. */
const resuming = run([{ type: 'return' }], hungUp).state;
const ended = run([{ type: 'quit' }], playing).state;

const screen = (f: SessionFlags) => ({ live: f.live, loadingScreen: f.loadingScreen, queueScreen: f.queueScreen, inGame: f.inGame, underWay: f.underWay });
const none = { live: false, loadingScreen: false, queueScreen: false, inGame: false, underWay: false };

describe('flagsOf (SPEC §4 Game session flags)', () => {
  it('SPEC §4 the spec\'s flags: sdk initialised, playing, reconnect-ready, reconnecting, queue screen, has stream, loading percent', () => {
    expect(flagsOf(initialState)).toMatchObject({ sdkReady: false, playing: false, reconnectReady: false, reconnecting: false, queueScreen: false, hasStream: false, loadingPercent: 0 });
    expect(flagsOf(playing)).toMatchObject({ sdkReady: true, playing: true, hasStream: true, loadingPercent: 100 });
    expect(flagsOf(run([{ type: 'progress', value: 50 }], loading).state).loadingPercent).toBe(50);
    expect(flagsOf(reconnecting)).toMatchObject({ reconnecting: true, playing: false, hasStream: false });
    expect(flagsOf(queuedState).queueScreen).toBe(true);
    expect(flagsOf(seat).queueScreen).toBe(true);
    expect(flagsOf({ ...hungUp, reconnectReady: true }).reconnectReady).toBe(true);
  });

  it('what the screen draws, phase by phase', () => {
    expect(screen(flagsOf(initialState))).toEqual(none);
    expect(screen(flagsOf(started))).toEqual({ ...none, loadingScreen: true, underWay: true });
    expect(screen(flagsOf(queuedState))).toEqual({ ...none, queueScreen: true, underWay: true });
    expect(screen(flagsOf(seat))).toEqual({ ...none, queueScreen: true, underWay: true });
    expect(screen(flagsOf(loading))).toEqual({ ...none, loadingScreen: true, inGame: true, underWay: true });
    expect(screen(flagsOf(playing))).toEqual({ ...none, live: true, inGame: true, underWay: true });
    expect(screen(flagsOf(reconnecting))).toEqual({ ...none, loadingScreen: true, inGame: true, underWay: true });
    expect(screen(flagsOf(hungUp))).toEqual(none);
    expect(screen(flagsOf(ended))).toEqual(none);
  });

  it('SPEC §4 back from hang-up the stream comes back through loading: playing, but not live until 100', () => {
    expect(flagsOf(resuming)).toMatchObject({ playing: true, hasStream: false });
    expect(screen(flagsOf(resuming))).toEqual({ ...none, loadingScreen: true });
    expect(screen(flagsOf(run([{ type: 'progress', value: 100 }], resuming).state))).toEqual({ ...none, live: true, inGame: true, underWay: true });
  });
});
