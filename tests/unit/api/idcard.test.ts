import { describe, expect, it } from 'vitest';
import { checkIdCard, ID_CARD_SHAPE, idCardCheckChar, normalizeIdCard } from '../../../web/api/idcard.ts';

const TODAY = '2025-06-01';
const withCheck = (first17: string): string => first17 + idCardCheckChar(first17);

describe('resident ID numbers (GB 11643, ISO 7064 MOD 11-2), shared by the app and the mock', () => {
  it('computes the check character (the standard’s own example)', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(withCheck('44030419900307123')).toHaveLength(18);
  });

  it('accepts a well-formed number, normalising spaces and a lower-case x, and reads the birth date', () => {
    expect(checkIdCard('11010519491231002X', TODAY)).toEqual({ ok: true, id: '11010519491231002X', birth: '1949-12-31' });
    expect(checkIdCard('110105 19491231 002x', TODAY)).toEqual({ ok: true, id: '11010519491231002X', birth: '1949-12-31' });
    expect(normalizeIdCard(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(ID_CARD_SHAPE.test('11010519491231002x')).toBe(true);
    expect(ID_CARD_SHAPE.test('1101051949123100')).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['1234', 'length'],
    ['1101051949123100XX', 'format'],
    [withCheck('99010519900307123'), 'region'],
    [withCheck('11010519491331002'), 'birth'],
    [withCheck('11010518991231002'), 'birth'],
    [withCheck('11010520250602002'), 'future'],
    ['110105194912310021', 'checksum'],
  ])('names the first problem of %j: %s', (id, problem) => {
    expect(checkIdCard(id, TODAY)).toEqual({ ok: false, problem });
  });

  it('takes a birth date of today, and a region it does not know when told to leave regions to the server', () => {
    expect(checkIdCard(withCheck('11010520250601002'), TODAY)).toMatchObject({ ok: true, birth: '2025-06-01' });
    expect(checkIdCard(withCheck('99010519900307123'), TODAY, { region: false })).toMatchObject({ ok: true });
    expect(checkIdCard('990105194912310021', TODAY, { region: false })).toEqual({ ok: false, problem: 'checksum' });
  });
});
