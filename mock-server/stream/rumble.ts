/**
 * When a streamed game asks for rumble (decision 0007): a life lost is a hit
 * (the ship is struck, the car crashes, a bomb is caught), the last life a
 * longer, full-strength one. Read from the game's state before and after a
 * tick, so the games themselves know nothing of it.
 */
import type { StreamGameState, StreamVibrateMessage } from '../../web/api/contract.ts';

const HIT: StreamVibrateMessage = { type: 'vibrate', duration_ms: 200, strong: 0.8, weak: 0.5 };
const GAME_OVER: StreamVibrateMessage = { type: 'vibrate', duration_ms: 600, strong: 1, weak: 1 };

export function rumbleFor(before: StreamGameState, after: StreamGameState): StreamVibrateMessage | null {
  // A restart gives the lives back: no hit there.
  if (after.lives >= before.lives) return null;
  return { ...(after.over ? GAME_OVER : HIT) };
}
