/** The input protocol (web/api/contract/stream.ts, decision 0005): what a client may send up the data channel or the stream socket. */
import { describe, expect, it } from 'vitest';
import { parseInput } from '../../mock-server/stream/input.ts';

describe('input messages', () => {
  it('SPEC §9 gamepad: up to 17 buttons and 4 axes, numbered', () => {
    expect(parseInput({ type: 'input', seq: 4, device: 'gamepad', buttons: [1, 0], axes: [0.5, -1, 0, 0] })).toEqual({
      input: { type: 'input', seq: 4, device: 'gamepad', buttons: [1, 0], axes: [0.5, -1, 0, 0] },
    });
    expect(parseInput({ device: 'gamepad', buttons: Array(18).fill(0), axes: [] })).toMatchObject({ error: expect.stringMatching(/17/) as string });
    expect(parseInput({ device: 'gamepad', buttons: [], axes: [0, 0, 0, 0, 0] })).toMatchObject({ error: expect.stringMatching(/4/) as string });
    expect(parseInput({ device: 'gamepad', buttons: [Number.NaN], axes: [] })).toHaveProperty('error');
  });

  it('keyboard by KeyboardEvent.code; touch absolute; mouse relative with buttons and wheel', () => {
    expect(parseInput({ seq: 1, device: 'keyboard', key: 'KeyW', down: true })).toMatchObject({ input: { device: 'keyboard', key: 'KeyW', down: true } });
    expect(parseInput({ seq: 1, device: 'keyboard', key: 'x'.repeat(33), down: true })).toHaveProperty('error');
    expect(parseInput({ seq: 2, device: 'touch', x: 0.2, y: 0.9, action: 'move' })).toMatchObject({ input: { device: 'touch', x: 0.2, y: 0.9 } });
    expect(parseInput({ seq: 2, device: 'touch', x: 0.2, action: 'move' })).toHaveProperty('error');
    expect(parseInput({ seq: 3, device: 'mouse', action: 'wheel', dx: 0, dy: 0, wheel: -3 })).toMatchObject({ input: { device: 'mouse', action: 'wheel', wheel: -3 } });
    expect(parseInput({ seq: 3, device: 'mouse', action: 'down', dx: 1, dy: 2, button: 2, buttons: 2 })).toMatchObject({ input: { button: 2, buttons: 2 } });
    expect(parseInput({ seq: 3, device: 'mouse', action: 'drag', dx: 1, dy: 2 })).toHaveProperty('error');
    expect(parseInput({ seq: 3, device: 'mouse', action: 'move', dx: '1', dy: 2 })).toHaveProperty('error');
  });

  it('seq is a whole number ≥ 0; left out it counts as 0 (a hand-written QA client)', () => {
    expect(parseInput({ device: 'keyboard', key: 'Space', down: false })).toMatchObject({ input: { seq: 0 } });
    for (const seq of [-1, 1.5, '3', 2 ** 53]) expect(parseInput({ seq, device: 'keyboard', key: 'Space', down: false })).toMatchObject({ error: expect.stringMatching(/seq/) as string });
  });

  it('an unknown device says which ones exist', () => {
    expect(parseInput({ seq: 1, device: 'joystick' })).toEqual({ error: 'input device must be "gamepad", "keyboard", "touch" or "mouse"' });
  });
});
