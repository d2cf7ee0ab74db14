import { describe, expect, it } from 'vitest';
import { formatPlayTime, memberLabel } from '../../../web/state/format.ts';

describe('display formats', () => {
  it('formats play time in hours and minutes', () => {
    expect(formatPlayTime(0)).toBe('0m');
    expect(formatPlayTime(59)).toBe('0m');
    expect(formatPlayTime(60 * 12)).toBe('12m');
    expect(formatPlayTime(3600 * 2 + 300)).toBe('2h 05m');
    expect(formatPlayTime(-5)).toBe('0m');
    expect(formatPlayTime(Number.NaN)).toBe('0m');
  });
  it('labels member_status (SPEC §3)', () => {
    expect(memberLabel(0)).toBe('Free');
    expect(memberLabel(1)).toBe('Member');
    expect(memberLabel(2)).toBe('Member · Quick');
  });
});
