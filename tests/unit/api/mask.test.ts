import { describe, expect, it } from 'vitest';
import { maskMobile } from '../../../web/api/mask.ts';

describe('maskMobile (SPEC §3), shared by the app and the mock', () => {
  it('shows the first 3 digits, ****, and the last 4', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('51234567')).toBe('512****4567');
  });

  it('does not crash on short or odd input and never reveals a short number whole', () => {
    expect(maskMobile('')).toBe('');
    expect(maskMobile('123')).toBe('****3');
    expect(maskMobile('1234567')).toBe('****567');
    expect(maskMobile(' 13812345678 ')).toBe('138****5678');
    expect(maskMobile(undefined as unknown as string)).toBe('');
  });
});
