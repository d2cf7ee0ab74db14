/** Driving the pure machine in tests: events in order at one time, and the states a session passes through. */
import { transition } from '../../../web/game/machine.ts';
import { initialState, type Effect, type SessionEvent, type SessionState } from '../../../web/game/state.ts';
import { GAME, playAnswer } from './fakes.ts';

export const T = 1_000_000;

export function run(events: SessionEvent[], from: SessionState = initialState, now = T): { state: SessionState; effects: Effect[] } {
  let state = from;
  let effects: Effect[] = [];
  for (const e of events) ({ state, effects } = transition(state, e, now));
  return { state, effects };
}

/** The effects as short names, timers cleared left out: `set-timer <name> <ms>`, `emit <event>`, else the type. */
export const types = (effects: Effect[]): string[] =>
  effects.filter((e) => e.type !== 'clear-timer').map((e) => (e.type === 'set-timer' ? `set-timer ${e.name} ${e.ms}` : e.type));

export const emitted = (effects: Effect[]): string[] => effects.flatMap((e) => (e.type === 'emit' ? [e.event] : []));

export const started = run([{ type: 'start', game: GAME }]).state;

export const loading = run(
  [
    { type: 'token-ok', attempt: 1, token: 't' },
    { type: 'sdk-ready', attempt: 1 },
    { type: 'play-answer', attempt: 1, gameKey: GAME.game_key, res: playAnswer() },
  ],
  started,
).state;

export const playing = run([{ type: 'progress', value: 100 }], loading).state;

/** Reconnecting after 43001, the recon answer in: the stream comes back at 100. */
export const reconnecting = run([{ type: 'stream-event', code: 43001 }, { type: 'recon-answer', attempt: 1, res: playAnswer() }], playing).state;
