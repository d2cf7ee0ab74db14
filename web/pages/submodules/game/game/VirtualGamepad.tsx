import { useRef, type PointerEvent } from 'react';
import type { GameSession } from '../../../../game/index.ts';
import { emptyPad, moveStick, PAD_LAYOUT, pressButton, shouldVibrate, stickAxes, type ButtonName, type PadState, type Stick } from './pad-logic.ts';

const LABEL: Partial<Record<ButtonName, string>> = { Up: '▲', Down: '▼', Left: '◀', Right: '▶', Select: 'Select', Start: 'Start', Home: 'Home' };

/**
 * The virtual gamepad (SPEC §9: 17 buttons, 4 axes, the standard layout):
 * every control takes its own pointer, so several fingers work at once;
 * a press vibrates briefly when the device can and settings.vibrates is on.
 */
export default function VirtualGamepad({ session }: { session: GameSession }) {
  const pad = useRef<PadState>(emptyPad());
  const send = (next: PadState): void => {
    pad.current = next;
    session.sendGamepad(next);
  };
  const buzz = (): void => {
    if (shouldVibrate(session.settings.peek().vibrates, typeof navigator.vibrate === 'function')) navigator.vibrate(15);
  };

  const button = (name: ButtonName) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      e.currentTarget.setPointerCapture?.(e.pointerId);
      buzz();
      send(pressButton(pad.current, name, true));
    },
    onPointerUp: () => send(pressButton(pad.current, name, false)),
    onPointerCancel: () => send(pressButton(pad.current, name, false)),
  });

  const stick = (which: Stick) => {
    const centre = (el: HTMLElement): { x: number; y: number; r: number } => {
      const b = el.getBoundingClientRect();
      return { x: b.left + b.width / 2, y: b.top + b.height / 2, r: b.width / 2 };
    };
    const update = (e: PointerEvent<HTMLDivElement>): void => {
      const c = centre(e.currentTarget);
      const axes = stickAxes(e.clientX - c.x, e.clientY - c.y, c.r);
      const knob = e.currentTarget.firstElementChild;
      if (knob instanceof HTMLElement) knob.style.transform = `translate(${axes[0] * c.r * 0.6}px, ${axes[1] * c.r * 0.6}px)`;
      send(moveStick(pad.current, which, axes));
    };
    const release = (e: PointerEvent<HTMLDivElement>): void => {
      const knob = e.currentTarget.firstElementChild;
      if (knob instanceof HTMLElement) knob.style.transform = '';
      send(moveStick(pad.current, which, [0, 0]));
    };
    return {
      onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        update(e);
      },
      onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
        if (e.currentTarget.hasPointerCapture?.(e.pointerId)) update(e);
      },
      onPointerUp: release,
      onPointerCancel: release,
    };
  };

  const btn = (name: ButtonName, cls: string) => (
    <button key={name} type="button" className={`vp-btn ${cls} vp-${name}`} aria-label={name} {...button(name)}>
      {LABEL[name] ?? name}
    </button>
  );

  return (
    <div className="vp" data-testid="virtual-gamepad">
      <div className="vp-side vp-side--left">
        <div className="vp-shoulders">{PAD_LAYOUT.shoulderLeft.map((n) => btn(n, 'vp-shoulder'))}</div>
        <div className="vp-stick" aria-label="Left stick" {...stick('left')}>
          <span />
        </div>
        <div className="vp-dpad">{PAD_LAYOUT.dpad.map((n) => btn(n, 'vp-dir'))}</div>
      </div>
      <div className="vp-centre">{PAD_LAYOUT.centre.map((n) => btn(n, 'vp-small'))}</div>
      <div className="vp-side vp-side--right">
        <div className="vp-shoulders">{PAD_LAYOUT.shoulderRight.map((n) => btn(n, 'vp-shoulder'))}</div>
        <div className="vp-face">{PAD_LAYOUT.face.map((n) => btn(n, 'vp-face-btn'))}</div>
        <div className="vp-stick" aria-label="Right stick" {...stick('right')}>
          <span />
        </div>
      </div>
    </div>
  );
}
