/**
 * What the app does with a 30001 (SPEC §8; decision 0008 §6), as two pure
 * rules so they can be tested without a browser:
 * - on the login page already: nothing (several calls in flight all answer 30001; the first one got here);
 * - on the game screen with a game session under way: the session ends as token-expired and offers "Log in";
 * - anywhere else — logged out already, or on a game screen with no session — log out and go to login.
 */
import type { EndReason } from '../game/index.ts';
import type { Phase } from '../game/state.ts';
import { GAME_PATH, PAGE_PATH } from '../core/paths.ts';

export type ExpiryStep = 'nothing' | 'game-session' | 'login';

/** `here` is the normalised path; `gameTakesIt` asks the game session (and hands it the expiry when it says yes). */
export function expiryStep(here: string, loggedIn: boolean, gameTakesIt: () => boolean): ExpiryStep {
  if (here === PAGE_PATH.login) return 'nothing';
  if (here === GAME_PATH && loggedIn && gameTakesIt()) return 'game-session';
  return 'login';
}

/**
 * Whether a game session in this phase takes the expiry: one under way does, and one that already ended
 * as token-expired (a second call's 30001 is the same expiry); an idle one, or one ended otherwise, does not.
 */
export function sessionTakesExpiry(phase: Phase | undefined, endReason: EndReason | undefined): boolean {
  if (phase === undefined || phase === 'idle') return false;
  return phase !== 'ended' || endReason === 'token-expired';
}
