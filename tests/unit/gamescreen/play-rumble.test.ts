/** Playing the game's rumble (decision 0007): on the pad's dual-rumble motors when it has them, else the phone's vibration. */
import { describe, expect, it } from 'vitest';
import { playRumble, rumbleTarget, type RumblePad } from '../../../web/pages/submodules/game/game/play-rumble.ts';

const HIT = { durationMs: 200, strong: 0.8, weak: 0.5 };

function fakePad(result: Promise<unknown> = Promise.resolve('complete')): RumblePad & { effects: unknown[] } {
  const effects: unknown[] = [];
  return {
    effects,
    vibrationActuator: {
      playEffect(type, params) {
        effects.push({ type, ...params });
        return result;
      },
    },
  };
}

describe('rumble', () => {
  it('a pad with motors plays dual-rumble with the strengths and duration; the phone stays still', () => {
    const pad = fakePad();
    const phone: number[] = [];
    expect(playRumble(HIT, { pad, vibrate: (ms) => (phone.push(ms), true) })).toBe('pad');
    expect(pad.effects).toEqual([{ type: 'dual-rumble', duration: 200, startDelay: 0, strongMagnitude: 0.8, weakMagnitude: 0.5 }]);
    expect(phone).toEqual([]);
  });

  it('no pad, or a pad without motors: the phone vibrates for the duration', () => {
    const phone: number[] = [];
    const vibrate = (ms: number): boolean => (phone.push(ms), true);
    expect(playRumble(HIT, { pad: null, vibrate })).toBe('phone');
    expect(playRumble(HIT, { pad: { vibrationActuator: null }, vibrate })).toBe('phone');
    expect(phone).toEqual([200, 200]);
  });

  it('neither: nothing, and the Vibration switch has nothing to switch', () => {
    expect(playRumble(HIT, { pad: null, vibrate: null })).toBe('none');
    expect(rumbleTarget({ pad: { vibrationActuator: {} }, vibrate: null })).toBe('none');
    expect(rumbleTarget({ pad: fakePad(), vibrate: null })).toBe('pad');
  });

  it('a pad that refuses (unplugged meanwhile) or throws is not an error', async () => {
    const refused = fakePad(Promise.reject(new Error('InvalidStateError')));
    expect(playRumble(HIT, { pad: refused, vibrate: null })).toBe('pad');
    const throwing: RumblePad = {
      vibrationActuator: {
        playEffect() {
          throw new Error('gone');
        },
      },
    };
    expect(() => playRumble(HIT, { pad: throwing, vibrate: null })).not.toThrow();
    await Promise.resolve();
  });
});
