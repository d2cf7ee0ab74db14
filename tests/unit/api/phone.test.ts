import { describe, expect, it } from 'vitest';
import { isValidPhone, searchCountries } from '../../../web/api/phone.ts';

describe('phone numbers per country (login)', () => {
  it.each([
    ['86', '13800000000', true],
    ['86', '23800000000', false],
    ['86', '1380000000', false],
    ['1', '2015550123', true],
    ['1', '1015550123', false],
    ['44', '7400123456', true],
    ['852', '51234567', true],
    ['852', '5123456', false],
    ['999', '12345', true],
    ['999', '1234', false],
    ['86', '138-0000-0000', true],
    ['86', '1380000000a', false],
  ])('+%s %s is %s', (code, mobile, ok) => {
    expect(isValidPhone(code, mobile)).toBe(ok);
  });

  it('finds countries by name, code or ISO', () => {
    expect(searchCountries('kingdom').map((c) => c.iso)).toEqual(['GB']);
    expect(searchCountries('+852').map((c) => c.iso)).toEqual(['HK']);
    expect(searchCountries('jp').map((c) => c.iso)).toEqual(['JP']);
    expect(searchCountries('').length).toBeGreaterThan(30);
  });
});
