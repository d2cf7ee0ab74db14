/**
 * The mouse in keyboard-and-mouse mode (decision 0007, "Mouse"): a locked pointer's relative
 * motion, scaled by mouse_sensitivity × 1.19 (SPEC §9; the SDK applies the
 * value the session sets), every button 0–4 and the wheel in lines.
 */
import { describe, expect, it } from 'vitest';
import { mouseInput } from '../../../web/game/mock-input.ts';
import { sdkMouseSensitivity } from '../../../web/game/settings.ts';
import { mouseInputOf, wheelLines, type MouseReading } from '../../../web/pages/submodules/game/game/pointer-mouse.ts';

const ev = (over: Partial<MouseReading>): MouseReading => ({ type: 'mousemove', button: 0, buttons: 0, movementX: 0, movementY: 0, ...over });

describe('pointer-lock mouse', () => {
  it('motion goes as relative dx, dy with the held buttons', () => {
    expect(mouseInputOf(ev({ movementX: 12, movementY: -4, buttons: 1 }))).toEqual({ action: 'move', dx: 12, dy: -4, buttons: 1 });
    expect(mouseInputOf(ev({ movementX: 0, movementY: 0 }))).toBeNull();
  });

  it('SPEC §9 the SDK scales the motion by mouse_sensitivity × 1.19 (setting 50 → 59.5 %)', () => {
    const input = mouseInputOf(ev({ movementX: 100, movementY: -20 }));
    if (!input) throw new Error('no input');
    const half = mouseInput(input, sdkMouseSensitivity(50));
    expect(half).toMatchObject({ device: 'mouse', action: 'move', dx: 59.5 });
    expect(half.device === 'mouse' ? half.dy : 0).toBeCloseTo(-11.9, 9);
    const full = mouseInput(input, sdkMouseSensitivity(100));
    expect(full.device === 'mouse' ? [full.dx, full.dy] : []).toEqual([119, expect.closeTo(-23.8, 9)]);
    expect(mouseInput(input, sdkMouseSensitivity(0))).toMatchObject({ dx: 0 });
  });

  it.each([0, 1, 2, 3, 4])('button %i goes down and up with the held mask', (button) => {
    expect(mouseInputOf(ev({ type: 'mousedown', button, buttons: 1 << button }))).toEqual({ action: 'down', dx: 0, dy: 0, button, buttons: 1 << button });
    expect(mouseInputOf(ev({ type: 'mouseup', button, buttons: 0 }))).toEqual({ action: 'up', dx: 0, dy: 0, button, buttons: 0 });
  });

  it('a button outside 0–4, or another event, is not sent', () => {
    expect(mouseInputOf(ev({ type: 'mousedown', button: 5 }))).toBeNull();
    expect(mouseInputOf(ev({ type: 'mousedown', button: -1 }))).toBeNull();
    expect(mouseInputOf(ev({ type: 'click' }))).toBeNull();
  });

  it('the wheel goes in lines, positive down (pixels, lines and pages)', () => {
    expect(wheelLines(100, 0)).toBe(3);
    expect(wheelLines(-100, 0)).toBe(-3);
    expect(wheelLines(3, 1)).toBe(3);
    expect(wheelLines(1, 2)).toBe(30);
    expect(mouseInputOf(ev({ type: 'wheel', deltaY: 100, deltaMode: 0 }))).toEqual({ action: 'wheel', dx: 0, dy: 0, wheel: 3, buttons: 0 });
    expect(mouseInputOf(ev({ type: 'wheel', deltaY: 0, deltaMode: 0 }))).toBeNull();
  });

  it('broken numbers are zero', () => {
    expect(mouseInputOf(ev({ movementX: Number.NaN, movementY: 5 }))).toEqual({ action: 'move', dx: 0, dy: 5, buttons: 0 });
    expect(wheelLines(Number.NaN, 0)).toBe(0);
  });
});
