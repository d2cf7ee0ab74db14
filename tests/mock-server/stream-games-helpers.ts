/** The mock games driven tick by tick, for the stream-games tests. */
import type { ControlState } from '../../mock-server/stream/controls.ts';
import { createStreamGame } from '../../mock-server/stream/games/index.ts';
import type { GameKind, StreamGame } from '../../mock-server/stream/games/types.ts';
const STILL = { dx: 0, dy: 0 } as const;
export const IDLE: ControlState = { x: 0, y: 0, action: false, start: false, pointer: null, motion: STILL };
export const TITLE = 'Test Drive';
/** A minute of play: every condition below is reached well before this on the seeds used. */
export const MINUTE = 60 * 60;

export const make = (kind: GameKind, seed = 1): StreamGame => createStreamGame({ kind, title: TITLE, seed });

export function run(game: StreamGame, ticks: number, c: ControlState | ((i: number) => ControlState)): void {
  for (let i = 0; i < ticks; i++) game.tick(typeof c === 'function' ? c(i) : c);
}

/** Ticks until `done` holds; fails the test rather than spinning forever. */
export function until(game: StreamGame, done: () => boolean, c: ControlState, limit = 3 * MINUTE): number {
  for (let i = 0; i < limit; i++) {
    if (done()) return i;
    game.tick(c);
  }
  throw new Error(`${game.kind}: condition not reached in ${limit} ticks`);
}

/** Sweeps side to side while firing: plays well enough to score in every game. */
export const sweep = (i: number): ControlState => ({ x: Math.sin(i / 35), y: Math.cos(i / 60) * 0.5, action: true, start: false, pointer: null, motion: STILL });
