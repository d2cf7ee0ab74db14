/** Physical gamepads (decision 0007, SPEC §9): the radial dead zone, which pad plays, the snapshot sent and the name a toast shows. */
import { describe, expect, it } from 'vitest';
import { activePad, deadZone, padName, padSnapshot, sameSnapshot, STICK_DEAD_ZONE, type PadReading } from '../../../web/pages/submodules/game/game/gamepad-logic.ts';

const pad = (over: Partial<PadReading> = {}): PadReading => ({
  index: 0,
  id: 'Pad',
  connected: true,
  timestamp: 1,
  buttons: Array.from({ length: 17 }, () => ({ value: 0, pressed: false })),
  axes: [0, 0, 0, 0],
  ...over,
});

describe('radial dead zone', () => {
  it('a resting or worn stick inside the zone reads centred, diagonals included', () => {
    expect(deadZone(0, 0)).toEqual([0, 0]);
    expect(deadZone(0.1, -0.1)).toEqual([0, 0]);
    expect(deadZone(STICK_DEAD_ZONE, 0)).toEqual([0, 0]);
    // A square zone per axis would pass this diagonal's 0.1 on each axis as 0; radially it is inside too.
    expect(deadZone(0.1, 0.1)).toEqual([0, 0]);
  });

  it('past the zone the distance is rescaled, so a full tilt still reads 1 and the direction is kept', () => {
    expect(deadZone(1, 0)).toEqual([1, 0]);
    expect(deadZone(0, -1)).toEqual([0, -1]);
    const [x, y] = deadZone(0.6, 0.6);
    expect(x).toBeCloseTo(y, 6);
    expect(Math.hypot(x, y)).toBeCloseTo((Math.hypot(0.6, 0.6) - STICK_DEAD_ZONE) / (1 - STICK_DEAD_ZONE), 2);
    const [hx] = deadZone(0.575, 0);
    expect(hx).toBeCloseTo(0.5, 3);
    // Corners of a square gate reach past 1: capped, direction kept.
    const [cx, cy] = deadZone(1, 1);
    expect(Math.hypot(cx, cy)).toBeCloseTo(1, 2);
    expect(cx).toBeCloseTo(cy, 6);
  });

  it('a broken reading is centred', () => {
    expect(deadZone(Number.NaN, 0.9)).toEqual([0, 0.882]);
    expect(deadZone(Number.POSITIVE_INFINITY, Number.NaN)).toEqual([0, 0]);
  });
});

describe('which pad plays', () => {
  it('the connected pad used last, at any index', () => {
    const a = pad({ index: 0, timestamp: 10 });
    const b = pad({ index: 3, timestamp: 20 });
    expect(activePad([a, null, null, b])).toBe(b);
    expect(activePad([null, b])).toBe(b);
    expect(activePad([{ ...b, connected: false }, a])).toBe(a);
    expect(activePad([null, null])).toBeNull();
    expect(activePad([])).toBeNull();
  });
});

describe('the snapshot sent', () => {
  it('button values (a pressed digital button is 1) and both sticks through the dead zone', () => {
    const buttons = Array.from({ length: 17 }, (_, i) => ({ value: i === 7 ? 0.4 : 0, pressed: i === 0 }));
    const snap = padSnapshot(pad({ buttons, axes: [0.05, 0.1, 0.9, 0.1] }));
    expect(snap.buttons[0]).toBe(1);
    expect(snap.buttons[7]).toBe(0.4);
    expect(snap.buttons).toHaveLength(17);
    expect(snap.axes.slice(0, 2)).toEqual([0, 0]);
    expect(snap.axes[2]).toBeGreaterThan(0.8);
    expect(snap.axes).toHaveLength(4);
    // Radial: a stick pushed down keeps its small sideways part (a square zone would snap it to the axis).
    expect(padSnapshot(pad({ axes: [0.2, -1, 0, 0] })).axes[0]).toBeCloseTo(0.196, 2);
  });

  it('a pad with fewer axes sends centred ones', () => {
    expect(padSnapshot(pad({ axes: [1] })).axes).toEqual([1, 0, 0, 0]);
  });

  it('stick noise inside the zone is no change (nothing is sent)', () => {
    const a = padSnapshot(pad({ axes: [0.02, 0.01, 0, 0] }));
    const b = padSnapshot(pad({ axes: [0.08, -0.05, 0.1, 0] }));
    expect(sameSnapshot(a, b)).toBe(true);
    expect(sameSnapshot(a, padSnapshot(pad({ axes: [0.5, 0, 0, 0] })))).toBe(false);
  });
});

describe('the name a toast shows', () => {
  it.each([
    ['Xbox 360 Controller (XInput STANDARD GAMEPAD)', 'Xbox 360 Controller'],
    ['Wireless Controller (STANDARD GAMEPAD Vendor: 054c Product: 09cc)', 'Wireless Controller'],
    ['054c-09cc-Wireless Controller', 'Wireless Controller'],
    ['8BitDo Pro 2 (Bluetooth)', '8BitDo Pro 2 (Bluetooth)'],
    ['   ', null],
    ['(Vendor: 0000 Product: 0000)', null],
  ])('%s → %s', (id, want) => expect(padName(id)).toBe(want));
});
