/** Decision 0008 §6: every 30001 ends on the login page, except a live game session on the game screen (SPEC §8). */
import { describe, expect, it } from 'vitest';
import { expiryStep, sessionTakesExpiry } from '../../../web/app/token-expiry.ts';
import { GAME_PATH, HOME_PATH, PAGE_PATH } from '../../../web/core/paths.ts';

const never = (): boolean => {
  throw new Error('the game session must not be asked');
};

describe('expiryStep (SPEC §8 30001, decision 0008 §6)', () => {
  it('SPEC §8: a logged-in page goes to login', () => {
    expect(expiryStep(PAGE_PATH.user, true, never)).toBe('login');
  });

  it('already logged out (a page that needs no login) it still goes to login', () => {
    expect(expiryStep(HOME_PATH, false, never)).toBe('login');
    expect(expiryStep(GAME_PATH, false, never)).toBe('login');
  });

  it('on the login page already (a second call in flight), nothing more happens', () => {
    expect(expiryStep(PAGE_PATH.login, true, never)).toBe('nothing');
    expect(expiryStep(PAGE_PATH.login, false, never)).toBe('nothing');
  });

  it('SPEC §8: on the game screen a session that takes it ends there; without one it goes to login', () => {
    expect(expiryStep(GAME_PATH, true, () => true)).toBe('game-session');
    expect(expiryStep(GAME_PATH, true, () => false)).toBe('login');
  });
});

describe('sessionTakesExpiry (decision 0008 §6)', () => {
  it.each([
    [undefined, undefined, false],
    ['idle', undefined, false],
    ['ended', 'user-quit', false],
    ['ended', 'token-expired', true],
    ['starting', undefined, true],
    ['queued', undefined, true],
    ['playing', undefined, true],
    ['reconnecting', undefined, true],
  ] as const)('phase %s (ended as %s) → %s', (phase, reason, takes) => {
    expect(sessionTakesExpiry(phase, reason)).toBe(takes);
  });
});
