import { useEffect } from 'react';
import type { GameSession } from '../../../../game/index.ts';
import { keyRoute } from './key-filter.ts';

const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT');

/**
 * A hardware keyboard plays the game (decision 0007): every key by its
 * `KeyboardEvent.code` (key-filter.ts says which the app keeps: Escape opens
 * the menu), once per press (no auto-repeat), while the game screen plays
 * and no text field has focus. Keys held when the window loses focus are let
 * go, so none stays pressed in the cloud.
 */
export function useHardwareKeyboard(session: GameSession, active: boolean, onMenuKey: () => void): void {
  useEffect(() => {
    if (!active) return;
    const held = new Set<string>();
    const down = (e: KeyboardEvent): void => {
      if (typing(e.target)) return;
      const route = keyRoute(e);
      if (route === 'menu') {
        onMenuKey();
        return;
      }
      if (route === 'app') return;
      // Arrows, Space and Tab would scroll, press the focused button or move focus instead.
      e.preventDefault();
      if (e.repeat || held.has(e.code)) return;
      held.add(e.code);
      session.sendKey(e.code, true);
    };
    const up = (e: KeyboardEvent): void => {
      if (!held.delete(e.code)) return;
      e.preventDefault();
      session.sendKey(e.code, false);
    };
    const releaseAll = (): void => {
      for (const code of held) session.sendKey(code, false);
      held.clear();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', releaseAll);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', releaseAll);
      releaseAll();
    };
  }, [session, active, onMenuKey]);
}
