import { describe, expect, it } from 'vitest';
import { checkIdCard, checkRealName, idCardCheckChar, normalizeIdCard } from '../../../web/state/idcard.ts';

const TODAY = new Date('2025-06-01T00:00:00Z');
const withCheck = (first17: string): string => first17 + idCardCheckChar(first17);

describe('ID card format (real-name verification, GB 11643 MOD 11-2)', () => {
  it('computes the check character', () => {
    // The standard's own example.
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(withCheck('44030419900307123')).toHaveLength(18);
  });

  it('accepts a well-formed number, lower-case x and spaces', () => {
    expect(checkIdCard('11010519491231002X', TODAY)).toBeNull();
    expect(checkIdCard('110105 19491231 002x', TODAY)).toBeNull();
    expect(normalizeIdCard(' 11010519491231002x ')).toBe('11010519491231002X');
  });

  it('names the first problem', () => {
    expect(checkIdCard('', TODAY)).toBe('empty');
    expect(checkIdCard('1234', TODAY)).toBe('length');
    expect(checkIdCard('1101051949123100XX', TODAY)).toBe('format');
    expect(checkIdCard(withCheck('11010519491331002'), TODAY)).toBe('birth');
    expect(checkIdCard(withCheck('11010520300101002'), TODAY)).toBe('birth');
    expect(checkIdCard('110105194912310021', TODAY)).toBe('checksum');
  });
});

describe('real name', () => {
  it('takes 2–30 Chinese characters, letters, spaces or ·', () => {
    expect(checkRealName('张三')).toBeNull();
    expect(checkRealName('Anna Lee')).toBeNull();
    expect(checkRealName('阿依古丽·买买提')).toBeNull();
    expect(checkRealName('')).not.toBeNull();
    expect(checkRealName('张')).not.toBeNull();
    expect(checkRealName('Anna1')).not.toBeNull();
    expect(checkRealName('a'.repeat(31))).not.toBeNull();
  });
});
