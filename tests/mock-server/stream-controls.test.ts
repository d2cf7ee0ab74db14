import { describe, expect, it } from 'vitest';
import { createControls } from '../../mock-server/stream/controls.ts';
import type { StreamInput } from '../../web/api/contract.ts';

const PICTURE = { width: 640, height: 360 };

function controlsAfter(...inputs: StreamInput[]) {
  const c = createControls();
  for (const i of inputs) c.apply(i, PICTURE);
  return c;
}

const key = (code: string, down = true): StreamInput => ({ device: 'keyboard', key: code, down });
const pad = (buttons: Record<number, number> = {}, axes: number[] = [0, 0, 0, 0]): StreamInput => ({
  device: 'gamepad',
  buttons: Array.from({ length: 17 }, (_, i) => buttons[i] ?? 0),
  axes,
});

describe('stream controls', () => {
  it('starts at rest with no pointer and no motion', () => {
    expect(createControls().state()).toEqual({ x: 0, y: 0, action: false, start: false, pointer: null, motion: { dx: 0, dy: 0 } });
  });

  it('reads arrows and WASD, y down-positive, and lets go on key up', () => {
    expect(controlsAfter(key('ArrowLeft')).state()).toMatchObject({ x: -1, y: 0 });
    expect(controlsAfter(key('KeyD')).state()).toMatchObject({ x: 1, y: 0 });
    expect(controlsAfter(key('KeyW')).state()).toMatchObject({ x: 0, y: -1 });
    expect(controlsAfter(key('ArrowDown')).state()).toMatchObject({ x: 0, y: 1 });
    expect(controlsAfter(key('ArrowRight'), key('ArrowRight', false)).state().x).toBe(0);
    // Opposite keys cancel; two keys the same way still read full tilt, not 2.
    expect(controlsAfter(key('ArrowLeft'), key('KeyD')).state().x).toBe(0);
    expect(controlsAfter(key('ArrowLeft'), key('KeyA')).state().x).toBe(-1);
  });

  it('maps Space to action and Enter / KeyR to start', () => {
    expect(controlsAfter(key('Space')).state()).toMatchObject({ action: true, start: false });
    expect(controlsAfter(key('Enter')).state()).toMatchObject({ action: false, start: true });
    expect(controlsAfter(key('KeyR')).state().start).toBe(true);
    expect(controlsAfter(key('Enter')).state()).toMatchObject({ action: false, start: true });
  });

  it('a press let go before the tick still acts in that tick, once', () => {
    const c = controlsAfter(key('Space'), key('Space', false), key('KeyR'), key('KeyR', false));
    expect(c.take()).toMatchObject({ action: true, start: true });
    expect(c.take()).toMatchObject({ action: false, start: false });
    // Held across ticks it stays on.
    c.apply(key('Space'), PICTURE);
    expect(c.take().action).toBe(true);
    expect(c.take().action).toBe(true);
    c.apply(key('Space', false), PICTURE);
    expect(c.take().action).toBe(false);
  });

  it('reads the d-pad and the gamepad buttons', () => {
    expect(controlsAfter(pad({ 14: 1 })).state().x).toBe(-1);
    expect(controlsAfter(pad({ 15: 1 })).state().x).toBe(1);
    expect(controlsAfter(pad({ 12: 1 })).state().y).toBe(-1);
    expect(controlsAfter(pad({ 13: 1 })).state().y).toBe(1);
    expect(controlsAfter(pad({ 0: 1 })).state().action).toBe(true);
    expect(controlsAfter(pad({ 7: 0.9 })).state().action).toBe(true);
    expect(controlsAfter(pad({ 7: 0.2 })).state().action).toBe(false);
    expect(controlsAfter(pad({ 9: 1 })).state().start).toBe(true);
    // Each gamepad message is a full snapshot: the next one lets go (the press still counts for the tick it fell in).
    const c = controlsAfter(pad({ 0: 1, 15: 1 }), pad());
    expect(c.take()).toMatchObject({ x: 0, action: true });
    expect(c.take()).toMatchObject({ x: 0, action: false });
  });

  it('ignores the stick inside the dead zone and still reaches full tilt', () => {
    expect(controlsAfter(pad({}, [0.15, -0.19, 0, 0])).state()).toMatchObject({ x: 0, y: 0 });
    expect(controlsAfter(pad({}, [1, -1, 0, 0])).state()).toMatchObject({ x: 1, y: -1 });
    const half = controlsAfter(pad({}, [0.6, 0, 0, 0])).state();
    expect(half.x).toBeCloseTo(0.5);
  });

  it('combines devices and clamps to -1..1', () => {
    expect(controlsAfter(pad({ 15: 1 }, [1, 0, 0, 0]), key('ArrowRight')).state().x).toBe(1);
    expect(controlsAfter(pad({}, [0.6, 0, 0, 0]), key('ArrowLeft')).state().x).toBeCloseTo(-0.5);
  });

  it('tracks a touch: down is action with a pointer, up ends both', () => {
    const c = controlsAfter({ device: 'touch', x: 0.25, y: 0.75, action: 'down' });
    expect(c.state()).toMatchObject({ action: true, pointer: { x: 0.25, y: 0.75, down: true } });
    c.apply({ device: 'touch', x: 0.3, y: 0.7, action: 'move' }, PICTURE);
    expect(c.state().pointer).toEqual({ x: 0.3, y: 0.7, down: true });
    c.apply({ device: 'touch', x: 0.31, y: 0.7, action: 'up' }, PICTURE);
    c.take();
    expect(c.state()).toMatchObject({ action: false, pointer: { x: 0.31, y: 0.7, down: false } });
  });

  it('adds up mouse motion between ticks in picture widths and heights; the left button is the action', () => {
    const c = controlsAfter({ device: 'mouse', action: 'move', dx: 64, dy: -36 }, { device: 'mouse', action: 'move', dx: 64, dy: 0 });
    expect(c.state().motion).toEqual({ dx: 0.2, dy: -0.1 });
    expect(c.state().pointer).toBeNull();
    expect(c.take().motion).toEqual({ dx: 0.2, dy: -0.1 });
    expect(c.take().motion).toEqual({ dx: 0, dy: 0 });
    c.apply({ device: 'mouse', action: 'down', dx: 0, dy: 0, button: 0, buttons: 1 }, PICTURE);
    expect(c.take().action).toBe(true);
    expect(c.state().action).toBe(true);
    c.apply({ device: 'mouse', action: 'up', dx: 0, dy: 0, button: 0, buttons: 0 }, PICTURE);
    expect(c.take().action).toBe(false);
    // The right button, the middle one and the wheel are not the action.
    for (const button of [1, 2, 3, 4]) c.apply({ device: 'mouse', action: 'down', dx: 0, dy: 0, button, buttons: 0 }, PICTURE);
    c.apply({ device: 'mouse', action: 'wheel', dx: 0, dy: 0, wheel: 3 }, PICTURE);
    expect(c.take().action).toBe(false);
  });

  it('a click shorter than a tick still acts once', () => {
    const c = controlsAfter(
      { device: 'mouse', action: 'down', dx: 0, dy: 0, button: 0, buttons: 1 },
      { device: 'mouse', action: 'up', dx: 0, dy: 0, button: 0, buttons: 0 },
    );
    expect(c.take().action).toBe(true);
    expect(c.take().action).toBe(false);
  });

  it('scales mouse motion by the picture size it was measured in; garbled motion moves nothing', () => {
    const c = createControls();
    c.apply({ device: 'mouse', action: 'move', dx: 320, dy: 0 }, { width: 1280, height: 720 });
    expect(c.state().motion.dx).toBeCloseTo(0.25);
    c.apply({ device: 'mouse', action: 'move', dx: Number.NaN, dy: Infinity }, { width: 1280, height: 720 });
    expect(c.state().motion).toEqual({ dx: 0.25, dy: 0 });
  });

  it('release() lets go of everything but keeps where the pointer was', () => {
    const c = controlsAfter(
      key('ArrowLeft'),
      key('Space'),
      key('Enter'),
      pad({ 0: 1, 15: 1 }, [0, 1, 0, 0]),
      { device: 'touch', x: 0.2, y: 0.3, action: 'down' },
    );
    c.apply({ device: 'mouse', action: 'down', dx: 0, dy: 0, button: 0, buttons: 1 }, PICTURE);
    c.apply({ device: 'mouse', action: 'move', dx: 64, dy: 0 }, PICTURE);
    c.release();
    expect(c.state()).toEqual({ x: 0, y: 0, action: false, start: false, pointer: { x: 0.2, y: 0.3, down: false }, motion: { dx: 0, dy: 0 } });
  });

  it('hands out copies: a caller cannot change the held state', () => {
    const c = controlsAfter({ device: 'touch', x: 0.2, y: 0.3, action: 'down' });
    const s = c.state();
    if (s.pointer) s.pointer.x = 0.9;
    expect(c.state().pointer?.x).toBe(0.2);
  });
});
