/**
 * The brightness setting (SPEC §3 game settings, default 50) on the picture: the default draws it with no filter at
 * all, so the browser does not filter every video frame of a picture it shows as sent.
 */
import { describe, expect, it } from 'vitest';
import { brightnessStyle } from '../../../web/pages/submodules/game/game/brightness.ts';

describe('the picture’s brightness', () => {
  it('SPEC §3: the default 50 is the picture as sent, with no filter', () => {
    expect(brightnessStyle(50)).toBeUndefined();
  });

  it('brighter and darker scale it, never below a fifth (0 would be a black screen)', () => {
    expect(brightnessStyle(80)).toEqual({ filter: 'brightness(1.60)' });
    expect(brightnessStyle(25)).toEqual({ filter: 'brightness(0.50)' });
    expect(brightnessStyle(0)).toEqual({ filter: 'brightness(0.20)' });
  });

  it('a stored value that is not a number leaves the picture as sent', () => {
    expect(brightnessStyle(Number.NaN)).toBeUndefined();
  });
});
