import { useEffect, useState, type RefObject } from 'react';
import type { GameSession } from '../../../../game/index.ts';
import { mouseInputOf } from './pointer-mouse.ts';

/**
 * Where the mouse is in keyboard-and-mouse mode: `free` before the first
 * capture; `locked` while the pointer is locked to the stream; `released`
 * after the lock was lost (Escape, another window); `refused` when the
 * browser would not lock it (the mouse then plays while over the picture).
 */
export type MouseCapture = 'free' | 'locked' | 'released' | 'refused';

const MOUSE_EVENTS = ['mousedown', 'mouseup', 'mousemove', 'wheel'] as const;

/**
 * Pointer lock on the stream (decision 0007, "Mouse"): a click on it asks for the lock (that
 * click is not sent: it captures); while locked every mouse event goes to the
 * game as relative motion, buttons and wheel (pointer-mouse.ts). Losing the
 * lock keeps the game running. Back/forward buttons and the context menu do
 * not reach the browser meanwhile. A browser that refuses the lock still
 * gets a playable mouse: its events over the picture go through.
 */
export function usePointerLock(session: GameSession, ref: RefObject<HTMLElement | null>, active: boolean): MouseCapture {
  const [capture, setCapture] = useState<MouseCapture>('free');

  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    let refused = false;
    /** Buttons whose down the game got: the up of the click that captured the mouse is not the game's. */
    let down = 0;
    const locked = (): boolean => document.pointerLockElement === el;

    const forward = (e: Event): void => {
      if (!(e instanceof MouseEvent)) return;
      const input = mouseInputOf({
        type: e.type,
        button: e.button,
        buttons: e.buttons,
        movementX: e.movementX,
        movementY: e.movementY,
        ...(e instanceof WheelEvent ? { deltaY: e.deltaY, deltaMode: e.deltaMode } : {}),
      });
      if (!input) return;
      // The wheel would scroll, buttons 3 and 4 would go back and forward in history.
      e.preventDefault();
      const bit = 1 << (input.button ?? 0);
      if (input.action === 'up' && !(down & bit)) return;
      if (input.action === 'down') down |= bit;
      else if (input.action === 'up') down &= ~bit;
      session.sendMouse(input);
    };
    const onDocument = (e: Event): void => {
      if (locked()) forward(e);
    };
    const onStream = (e: Event): void => {
      if (locked()) return; // Heard on the document.
      // Refused, the mouse plays over the picture, and each click asks again (Chrome refuses a lock asked for right after Escape).
      if (refused) forward(e);
      if (e.type !== 'mousedown') return;
      e.preventDefault();
      ask();
    };
    const ask = (): void => {
      try {
        const pending = el.requestPointerLock() as unknown as Promise<void> | undefined;
        void pending?.catch(() => undefined);
      } catch {
        refuse();
      }
    };
    const refuse = (): void => {
      refused = true;
      setCapture('refused');
    };
    const changed = (): void => {
      if (locked()) {
        refused = false;
        setCapture('locked');
      } else setCapture((c) => (c === 'locked' ? 'released' : c));
    };
    const noMenu = (e: Event): void => {
      if (locked() || refused) e.preventDefault();
    };

    for (const type of MOUSE_EVENTS) {
      document.addEventListener(type, onDocument, { passive: false });
      el.addEventListener(type, onStream, { passive: false });
    }
    el.addEventListener('contextmenu', noMenu);
    document.addEventListener('pointerlockchange', changed);
    document.addEventListener('pointerlockerror', refuse);
    return () => {
      for (const type of MOUSE_EVENTS) {
        document.removeEventListener(type, onDocument);
        el.removeEventListener(type, onStream);
      }
      el.removeEventListener('contextmenu', noMenu);
      document.removeEventListener('pointerlockchange', changed);
      document.removeEventListener('pointerlockerror', refuse);
      if (locked()) document.exitPointerLock();
      setCapture('free');
    };
  }, [session, ref, active]);

  return capture;
}
