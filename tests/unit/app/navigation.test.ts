import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleBackGesture, setGameBackHandler } from '../../../web/app/navigation.ts';
import { GAME_PATH } from '../../../web/core/paths.ts';

afterEach(() => setGameBackHandler(null));

describe('the host back gesture (SPEC §2)', () => {
  it('outside the game screen closes the host webview', () => {
    const bridge = { closeWebview: vi.fn() };
    setGameBackHandler(() => true);
    expect(handleBackGesture('/main/user/index', bridge)).toBe('close');
    expect(bridge.closeWebview).toHaveBeenCalledTimes(1);
  });

  it('on the game screen goes to the game first (quit dialog, stop the queue), and closes only when it declines', () => {
    const bridge = { closeWebview: vi.fn() };
    let handles = true;
    const handler = vi.fn(() => handles);
    setGameBackHandler(handler);
    expect(handleBackGesture(`${GAME_PATH}/`, bridge)).toBe('game');
    expect(bridge.closeWebview).not.toHaveBeenCalled();
    handles = false;
    expect(handleBackGesture(GAME_PATH, bridge)).toBe('close');
    expect(bridge.closeWebview).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('on the game screen with no game registered closes the webview', () => {
    const bridge = { closeWebview: vi.fn() };
    expect(handleBackGesture(GAME_PATH, bridge)).toBe('close');
    expect(bridge.closeWebview).toHaveBeenCalledTimes(1);
  });
});
