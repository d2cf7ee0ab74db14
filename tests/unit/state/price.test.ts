import { describe, expect, it } from 'vitest';
import { formatPrice, perDayLabel, savingLabel } from '../../../web/state/price.ts';

describe('prices (SPEC §5 decimal helpers, not floats)', () => {
  it('formats yuan with two decimals', () => {
    expect(formatPrice('30.00')).toBe('¥30.00');
    expect(formatPrice('0.1')).toBe('¥0.10');
    expect(formatPrice(1.005)).toBe('¥1.01');
    expect(formatPrice('abc')).toBe('¥–');
  });

  it('shows the saving exactly', () => {
    expect(savingLabel('0.1', '0.3')).toBe('Save ¥0.20');
    expect(savingLabel('78.00', '135.00')).toBe('Save ¥57.00');
    expect(savingLabel('30.00', '30.00')).toBe('');
    expect(savingLabel('x', '1')).toBe('');
  });

  it('shows the price per day', () => {
    expect(perDayLabel('268.00', 365)).toBe('¥0.73/day');
    expect(perDayLabel('30.00', 30)).toBe('¥1.00/day');
    expect(perDayLabel('30.00', 0)).toBe('');
  });
});
