import { describe, expect, it } from 'vitest';
import {
  BALL_MARGIN,
  BALL_SIZE,
  BALL_TAP_MS,
  BALL_TAP_PX,
  dragPosition,
  isDrag,
  isTap,
  refit,
  snapToEdge,
} from '../../../web/pages/submodules/game/game/ball-logic.ts';
import {
  BUTTON,
  emptyPad,
  LAID_OUT_BUTTONS,
  moveStick,
  PAD_AXES,
  PAD_BUTTONS,
  pressButton,
  shouldVibrate,
  stickAxes,
} from '../../../web/pages/submodules/game/game/pad-logic.ts';
import { formatWait, waitEstimate } from '../../../web/state/queue-wait.ts';
import { formatClock } from '../../../web/state/format.ts';
import { canPlayAgain, isBackHomeLimited } from '../../../web/pages/submodules/game/game/texts.ts';
import { GAMEPAD_AXES, GAMEPAD_BUTTONS } from '../../../web/game/index.ts';
import type { SystemInfo } from '../../../web/api/contract.ts';

describe('floating ball (SPEC §9 "Floating ball tap: under 300 ms and 10 px")', () => {
  const o = { x: 100, y: 100 };
  it('the SPEC constants', () => {
    expect(BALL_TAP_MS).toBe(300);
    expect(BALL_TAP_PX).toBe(10);
  });
  it('a quick, still press is a tap', () => {
    expect(isTap(o, { x: 103, y: 104 }, 0, 120)).toBe(true);
    expect(isTap(o, o, 1000, 1299)).toBe(true);
  });
  it('300 ms or more is not a tap', () => {
    expect(isTap(o, o, 0, 300)).toBe(false);
  });
  it('10 px or more of movement is not a tap, and is a drag', () => {
    expect(isTap(o, { x: 106, y: 108 }, 0, 50)).toBe(false);
    expect(isDrag(o, { x: 106, y: 108 })).toBe(true);
    expect(isDrag(o, { x: 109, y: 100 })).toBe(false);
  });
  it('a drag moves the ball by the finger offset, kept inside the area', () => {
    const area = { width: 844, height: 390 };
    expect(dragPosition({ x: 8, y: 100 }, o, { x: 300, y: 150 }, area)).toEqual({ x: 208, y: 150 });
    expect(dragPosition({ x: 8, y: 100 }, o, { x: 2000, y: -500 }, area)).toEqual({ x: 844 - BALL_SIZE, y: 0 });
  });
  it('release snaps to the nearest side edge', () => {
    const area = { width: 844, height: 390 };
    expect(snapToEdge({ x: 300, y: 200 }, area)).toEqual({ x: BALL_MARGIN, y: 200 });
    expect(snapToEdge({ x: 500, y: 200 }, area)).toEqual({ x: 844 - BALL_SIZE - BALL_MARGIN, y: 200 });
    expect(snapToEdge({ x: 500, y: 380 }, area).y).toBe(390 - BALL_SIZE - BALL_MARGIN);
    expect(snapToEdge({ x: 10, y: -5 }, area).y).toBe(BALL_MARGIN);
  });
  it('a rotation keeps the side and clamps the height', () => {
    const right = { x: 844 - BALL_SIZE - BALL_MARGIN, y: 300 };
    expect(refit(right, { width: 844, height: 390 }, { width: 390, height: 844 })).toEqual({ x: 390 - BALL_SIZE - BALL_MARGIN, y: 300 });
    expect(refit({ x: BALL_MARGIN, y: 700 }, { width: 390, height: 844 }, { width: 844, height: 390 })).toEqual({ x: BALL_MARGIN, y: 390 - BALL_SIZE - BALL_MARGIN });
  });
});

describe('virtual gamepad layout (SPEC §9 "Gamepad: 17 buttons, 4 axes")', () => {
  it('matches the session: 17 buttons and 4 axes', () => {
    expect(PAD_BUTTONS).toBe(17);
    expect(PAD_AXES).toBe(4);
    expect(PAD_BUTTONS).toBe(GAMEPAD_BUTTONS);
    expect(PAD_AXES).toBe(GAMEPAD_AXES);
    expect(emptyPad()).toEqual({ buttons: new Array(17).fill(0), axes: [0, 0, 0, 0] });
  });
  it('every standard button index appears exactly once on screen', () => {
    const indices = LAID_OUT_BUTTONS.map((n) => BUTTON[n]).sort((a, b) => a - b);
    expect(indices).toEqual(Array.from({ length: 17 }, (_, i) => i));
  });
  it('uses the standard mapping indices', () => {
    expect([BUTTON.A, BUTTON.B, BUTTON.X, BUTTON.Y]).toEqual([0, 1, 2, 3]);
    expect([BUTTON.LT, BUTTON.RT, BUTTON.Select, BUTTON.Start]).toEqual([6, 7, 8, 9]);
    expect([BUTTON.Up, BUTTON.Down, BUTTON.Left, BUTTON.Right, BUTTON.Home]).toEqual([12, 13, 14, 15, 16]);
  });
  it('press and release set one button without touching the others', () => {
    const a = pressButton(emptyPad(), 'A', true);
    const ab = pressButton(a, 'RB', true);
    expect(ab.buttons[0]).toBe(1);
    expect(ab.buttons[5]).toBe(1);
    expect(pressButton(ab, 'A', false).buttons[0]).toBe(0);
    expect(a.buttons[5]).toBe(0);
  });
  it('sticks: axes 0/1 left, 2/3 right, clamped to the unit circle, with a dead zone', () => {
    expect(stickAxes(27.5, 0, 55)).toEqual([0.5, 0]);
    expect(stickAxes(0, -55, 55)).toEqual([0, -1]);
    expect(stickAxes(2, 2, 55)).toEqual([0, 0]);
    const [x, y] = stickAxes(200, 200, 50);
    expect(Math.hypot(x, y)).toBeCloseTo(1, 2);
    const pad = moveStick(moveStick(emptyPad(), 'left', [0.5, -0.5]), 'right', [-1, 0]);
    expect(pad.axes).toEqual([0.5, -0.5, -1, 0]);
  });
  it('vibrates only when the setting is on and the device can', () => {
    expect(shouldVibrate(1, true)).toBe(true);
    expect(shouldVibrate(0, true)).toBe(false);
    expect(shouldVibrate(1, false)).toBe(false);
  });
});

describe('queue wait estimate (SPEC §4 queue, §9 "Queue poll 10 s")', () => {
  it('counts the last answer down between polls, never below zero', () => {
    expect(waitEstimate(120, 0, 4)).toBe(120);
    expect(waitEstimate(120, 7, 4)).toBe(113);
    expect(waitEstimate(5, 30, 1)).toBe(0);
  });
  it('never drops below what the position implies', () => {
    expect(waitEstimate(5, 30, 4)).toBe(3);
  });
  it('formats the estimate', () => {
    expect(formatWait(30)).toBe('under a minute');
    expect(formatWait(150)).toBe('about 3 min');
    expect(formatWait(3900)).toBe('about 1 h 5 min');
    expect(formatWait(7200)).toBe('about 2 h');
  });
  it('formats countdowns as m:ss (the 40 s seat expiry)', () => {
    expect(formatClock(40)).toBe('0:40');
    expect(formatClock(185)).toBe('3:05');
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('ending and channel rules', () => {
  const system = (limit: string): SystemInfo => ({ h5_limit_back_home: limit }) as SystemInfo;
  it('SPEC §6: going back home is limited for the channels listed in h5_limit_back_home', () => {
    expect(isBackHomeLimited(system('a1, b2'), 'b2')).toBe(true);
    expect(isBackHomeLimited(system('a1,b2'), 'c3')).toBe(false);
    expect(isBackHomeLimited(system(''), 'a1')).toBe(false);
    expect(isBackHomeLimited(null, 'a1')).toBe(false);
    expect(isBackHomeLimited(system('a1'), null)).toBe(false);
  });
  it('no "Play again" when out of play time or logged out', () => {
    expect(canPlayAgain('out-of-time')).toBe(false);
    expect(canPlayAgain('token-expired')).toBe(false);
    expect(canPlayAgain('stream-quit')).toBe(true);
    expect(canPlayAgain('seat-expired')).toBe(true);
  });
});
