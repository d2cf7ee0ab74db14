/**
 * The rules every stream game shares: lives, a blinking grace period after a
 * hit, score and best, game over, and restarting on a fresh press.
 */
import type { ControlState } from '../controls.ts';

export const START_LIVES = 3;
/** Two seconds untouchable after a hit, so one crash never costs two lives. */
export const HURT_TICKS = 120;
/**
 * Presses are ignored this long after game over: a tap meant for the game
 * (touch fires and steers) must not skip the game-over card unseen.
 */
export const RESTART_DELAY_TICKS = 36;

export class Round {
  score = 0;
  best = 0;
  lives = START_LIVES;
  over = false;
  /** Ticks since this round (or its game-over card) began. */
  ticks = 0;
  hurtTicks = 0;
  /** Fresh presses of the action control over every round (the frame report's `presses`). */
  presses = 0;
  private wasPressed = true;
  private wasAction = false;
  private bestBefore = 0;

  /**
   * Call first in every tick. Returns true when a fresh press restarts the
   * game; the caller then resets its world. The edge is tracked on every
   * tick, so a button held through the crash has to be let go first.
   */
  begin(c: ControlState): boolean {
    const pressed = c.action || c.start;
    const fresh = pressed && !this.wasPressed;
    this.wasPressed = pressed;
    if (c.action && !this.wasAction) this.presses++;
    this.wasAction = c.action;
    this.ticks++;
    if (this.hurtTicks > 0) this.hurtTicks--;
    if (this.over && fresh && this.ticks > RESTART_DELAY_TICKS) {
      this.bestBefore = this.best;
      this.score = 0;
      this.lives = START_LIVES;
      this.over = false;
      this.ticks = 0;
      this.hurtTicks = 0;
      return true;
    }
    return false;
  }

  /** Game over and a press would now restart (the card shows its prompt). */
  get ready(): boolean {
    return this.over && this.ticks > RESTART_DELAY_TICKS;
  }

  /** This round beat an earlier round's best (the first round has nothing to beat). */
  get newBest(): boolean {
    return this.bestBefore > 0 && this.score > this.bestBefore;
  }

  get invulnerable(): boolean {
    return this.hurtTicks > 0;
  }

  /** The player flashes off every few frames while untouchable. */
  get blinkHidden(): boolean {
    return this.hurtTicks > 0 && Math.floor(this.hurtTicks / 5) % 2 === 1;
  }

  addScore(points: number): void {
    this.score += points;
    if (this.score > this.best) this.best = this.score;
  }

  /** Returns whether the hit counted (a hit while blinking does not). */
  hit(): boolean {
    if (this.over || this.invulnerable) return false;
    this.lives--;
    if (this.lives <= 0) {
      this.lives = 0;
      this.over = true;
      this.ticks = 0;
    } else {
      this.hurtTicks = HURT_TICKS;
    }
    return true;
  }
}
