import { describe, expect, it } from 'vitest';
import { formatClock, formatPlayTime, memberLabel } from '../../../web/state/format.ts';

describe('display formats', () => {
  it('formats play time in hours and minutes', () => {
    expect(formatPlayTime(0)).toBe('0m');
    expect(formatPlayTime(59)).toBe('0m');
    expect(formatPlayTime(60 * 12)).toBe('12m');
    expect(formatPlayTime(3600 * 2 + 300)).toBe('2h 05m');
    expect(formatPlayTime(-5)).toBe('0m');
    expect(formatPlayTime(Number.NaN)).toBe('0m');
  });
  it('formats a clock as m:ss by default, the minutes running on past an hour (the game screen)', () => {
    expect(formatClock(40)).toBe('0:40');
    expect(formatClock(185)).toBe('3:05');
    expect(formatClock(3_700)).toBe('61:40');
    expect(formatClock(-3)).toBe('0:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
  it('adds hours from an hour up when asked (the video player)', () => {
    expect(formatClock(5, { hours: true })).toBe('0:05');
    expect(formatClock(62.9, { hours: true })).toBe('1:02');
    expect(formatClock(3_723, { hours: true })).toBe('1:02:03');
    expect(formatClock(Number.POSITIVE_INFINITY, { hours: true })).toBe('0:00');
  });
  it('pads the minutes when asked (the pop-up countdown: mm:ss and h:mm:ss)', () => {
    const countdown = (s: number) => formatClock(s, { hours: true, padMinutes: true });
    expect(countdown(0)).toBe('00:00');
    expect(countdown(65)).toBe('01:05');
    expect(countdown(3_725)).toBe('1:02:05');
    expect(countdown(-3)).toBe('00:00');
  });
  it('labels member_status (SPEC §3)', () => {
    expect(memberLabel(0)).toBe('Free');
    expect(memberLabel(1)).toBe('Member');
    expect(memberLabel(2)).toBe('Member · Quick');
  });
});
