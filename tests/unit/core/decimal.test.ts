import { describe, expect, it } from 'vitest';
import { add, div, mul, round, sub } from '../../../web/core/decimal';

describe('decimal helpers (SPEC §5)', () => {
  it('adds and subtracts decimals exactly (SPEC §5)', () => {
    expect(add(0.1, 0.2)).toBe(0.3);
    expect(add('0.7', 0.1)).toBe(0.8);
    expect(sub(0.3, 0.1)).toBe(0.2);
    expect(sub(1, 0.9)).toBe(0.1);
    expect(add(-0.1, 0.1)).toBe(0);
    expect(add(1e-7, 2e-7)).toBe(3e-7);
  });

  it('multiplies and divides decimals exactly (SPEC §5)', () => {
    expect(mul(1.1, 3)).toBe(3.3);
    expect(mul('19.9', 100)).toBe(1990);
    expect(mul(-0.07, 100)).toBe(-7);
    expect(div(0.3, 0.1)).toBe(3);
    expect(div(6.6, 3)).toBe(2.2);
    expect(div(1, 3)).toBe(1 / 3);
    expect(div(-1, 8)).toBe(-0.125);
    expect(div(1e-20, 3e-20)).toBe(1 / 3);
  });

  it('accepts numeric strings with spaces, signs and exponents (SPEC §5)', () => {
    expect(add(' 1.5 ', '+2')).toBe(3.5);
    expect(mul('1e3', '.5')).toBe(500);
    expect(add('5.', 0)).toBe(5);
  });

  it.each([['abc'], [''], ['.'], ['1.2.3'], ['1e'], [NaN], [Infinity], [null], [undefined], [true], [{}], ['1e99999']])(
    'throws parameter error on non-numeric input %s (SPEC §5)',
    (bad) => {
      const v = bad as unknown as number;
      expect(() => add(v, 1)).toThrow('parameter error');
      expect(() => sub(1, v)).toThrow('parameter error');
      expect(() => mul(v, 1)).toThrow('parameter error');
      expect(() => div(1, v)).toThrow('parameter error');
    },
  );

  it('throws parameter error on division by zero (SPEC §5)', () => {
    expect(() => div(1, 0)).toThrow('parameter error');
    expect(() => div('3', '0.000')).toThrow('parameter error');
  });

  it('rounds half away from zero at a decimal digit (SPEC §5)', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(-1.005, 2)).toBe(-1.01);
    expect(round(2.5)).toBe(3);
    expect(round(1.234, 5)).toBe(1.234);
    expect(() => round(1, -1)).toThrow('parameter error');
  });
});
