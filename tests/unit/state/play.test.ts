import { describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import type { LoginInfo } from '../../../web/api/contract.ts';
import { playGame } from '../../../web/state/play.ts';

describe('opening a game (playgame records a logged-in player’s play)', () => {
  const info = { swcloud_uid: 7 } as LoginInfo;
  const deps = (loginInfo: LoginInfo | null, playgame = vi.fn(async () => ({ game_id: 3, play_count: 1 }))) => ({
    playgame,
    deps: { auth: { $auth: atom({ token: loginInfo ? 't' : null, loginInfo }), isLoggedIn: () => loginInfo !== null }, api: { playgame } },
  });

  it('records the play of a logged-in player and opens the game screen', () => {
    const { deps: d, playgame } = deps(info);
    const navigate = vi.fn();
    playGame(d, 3, navigate);
    expect(playgame).toHaveBeenCalledWith({ uid: 7, game_id: 3 });
    expect(navigate).toHaveBeenCalledWith('/submodules/game/game/index?game_id=3');
  });

  it('records nothing for a visitor (the guard sends them to login), and a failed record does not stop the game', async () => {
    const visitor = deps(null);
    const navigate = vi.fn();
    playGame(visitor.deps, 3, navigate);
    expect(visitor.playgame).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledTimes(1);
    const failing = deps(info, vi.fn(async () => Promise.reject(new Error('offline'))));
    playGame(failing.deps, 4, navigate);
    await Promise.resolve();
    expect(navigate).toHaveBeenLastCalledWith('/submodules/game/game/index?game_id=4');
  });
});
