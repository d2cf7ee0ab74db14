import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '../../../web/api/idcard.ts';
import { checkRealName, idCardError } from '../../../web/state/idcard.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const withCheck = (first17: string): string => first17 + idCardCheckChar(first17);

describe('the real-name form’s ID check (the shared rule, in the form’s words)', () => {
  it('accepts a well-formed number, lower-case x and spaces', () => {
    expect(idCardError('11010519491231002X', NOW)).toBeNull();
    expect(idCardError('110105 19491231 002x', NOW)).toBeNull();
  });

  it('says what is wrong', () => {
    expect(idCardError('', NOW)).toBe('Enter your ID card number');
    expect(idCardError('1234', NOW)).toBe('An ID card number has 18 characters');
    expect(idCardError('1101051949123100XX', NOW)).toBe('17 digits followed by a digit or X');
    expect(idCardError(withCheck('11010519491331002'), NOW)).toBe('The birth date in this number is not valid');
    expect(idCardError(withCheck('11010520300101002'), NOW)).toBe('The birth date in this number is not valid');
    expect(idCardError('110105194912310021', NOW)).toBe('This ID card number is not valid, check it again');
  });

  it('counts today by the UTC date of the clock, and leaves the region list to the server', () => {
    expect(idCardError(withCheck('11010520250601002'), NOW)).toBeNull();
    expect(idCardError(withCheck('11010520250602002'), NOW)).toBe('The birth date in this number is not valid');
    expect(idCardError(withCheck('99010519900307123'), NOW)).toBeNull();
  });
});

describe('real name', () => {
  it('takes 2–30 Chinese characters, letters, spaces or ·', () => {
    expect(checkRealName('张三')).toBeNull();
    expect(checkRealName('Anna Lee')).toBeNull();
    expect(checkRealName('阿依古丽·买买提')).toBeNull();
    expect(checkRealName('')).toBe('Enter your real name');
    expect(checkRealName('张')).toBe('A name has 2 to 30 characters');
    expect(checkRealName('Anna1')).toBe('Use Chinese characters, letters, spaces or ·');
    expect(checkRealName('a'.repeat(31))).toBe('A name has 2 to 30 characters');
  });
});
