/**
 * The ICU-free counts, numbers and prices (web/core/i18n/plain-number.ts, count.ts, money.ts; decision 0016) answer what Intl answers,
 * over a sweep of values, in every language the table covers; elsewhere they step aside for Intl.
 */
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../web/core/i18n/lang.ts';
import { plainNumber } from '../../../web/core/i18n/plain-number.ts';
import { formatCount, plainCount } from '../../../web/core/i18n/count.ts';
import { plainPrice } from '../../../web/core/i18n/money.ts';

const TABLE_LANGS: readonly Lang[] = ['en', 'zh-Hans', 'zh-Hant'];

const intlCount = (n: number, lang: Lang): string =>
  new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' } as Intl.NumberFormatOptions).format(n);
const intlPrice = (n: number, lang: Lang, digits: number): string =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

/** A fixed pseudo-random sequence: the sweep is the same on every run. */
function* seeded(count: number, seed = 7): Generator<number> {
  let s = seed;
  for (let i = 0; i < count; i++) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    yield s / 2 ** 31;
  }
}

/** Every boundary of the tables (each unit, one under, ten times) plus small numbers and random integers of every size. */
function countSweep(): number[] {
  const values = new Set<number>();
  for (let n = 0; n <= 1200; n++) values.add(n);
  for (let p = 3; p <= 12; p++) {
    const size = 10 ** p;
    for (const d of [-1, 0, 1, size / 10 - 1, size / 10, size / 20]) values.add(size + d);
    values.add(size - 1);
    values.add(Math.floor(size * 9.99));
  }
  for (const r of seeded(3000)) values.add(Math.floor(r * 10 ** Math.floor(r * 1e6 % 13)));
  return [...values].filter((n) => n >= 0 && n < 1e12);
}

describe('plainCount (SPEC §8 counts, compact and cut)', () => {
  it.each(TABLE_LANGS)('matches Intl for every count below 1e12 in %s', (lang) => {
    const wrong = countSweep().filter((n) => plainCount(n, lang) !== intlCount(n, lang));
    expect(wrong.slice(0, 5).map((n) => `${n}: ${plainCount(n, lang)} vs ${intlCount(n, lang)}`)).toEqual([]);
  });

  it('steps aside for Intl outside the table', () => {
    expect(plainCount(1e12, 'en')).toBeNull();
    expect(plainCount(-5, 'en')).toBeNull();
    expect(plainCount(-0, 'en')).toBeNull();
    expect(plainCount(12.5, 'zh-Hans')).toBeNull();
    expect(plainCount(12_345, 'fr')).toBeNull();
    expect(plainCount(12_345, 'es')).toBeNull();
  });

  it('is what formatCount answers, and formatCount still answers the rest through Intl', () => {
    expect(formatCount(184_000, 'zh-Hant')).toBe('18.4萬');
    expect(formatCount(2_560_000, 'en')).toBe('2.5M');
    expect(formatCount(12_345, 'fr')).toBe(intlCount(12_345, 'fr'));
    expect(formatCount(-12_345, 'en')).toBe('-12.3K');
  });
});

describe('plainNumber and plainPrice', () => {
  const numbers = [0, 1, 12, 999, 1000, 1234, 12_345, 1_234_567, 987_654_321_012, 0.5, 12.25, 1234.567, 1_000_000.001, 2 ** 53 - 1];
  for (const r of seeded(500, 11)) numbers.push(Math.round(r * 10 ** (r * 1e4 % 10)) / 1000);

  it.each(TABLE_LANGS)('numbers match Intl in %s', (lang) => {
    for (const n of numbers) expect([n, plainNumber(n, lang)]).toEqual([n, new Intl.NumberFormat(lang).format(n)]);
  });

  it.each(TABLE_LANGS)('prices match Intl in %s, with 2 and 0 decimals', (lang) => {
    const prices = [0, 0.01, 0.1, 1, 6, 30, 68, 99.9, 128.5, 648, 1234.5, 1_234_567.89];
    for (const r of seeded(300, 3)) prices.push(Math.round(r * 10 ** (r * 1e4 % 8)) / 100);
    for (const p of prices) expect([p, plainPrice(p, lang, 2)]).toEqual([p, intlPrice(p, lang, 2)]);
    for (const p of prices.filter(Number.isInteger)) expect([p, plainPrice(p, lang, 0)]).toEqual([p, intlPrice(p, lang, 0)]);
  });

  it('leaves rounding, signs, exponents and other languages to Intl', () => {
    expect(plainPrice(1.005, 'en', 2)).toBeNull();
    expect(plainPrice(30.5, 'en', 0)).toBeNull();
    expect(plainPrice(-30, 'zh-Hans', 2)).toBeNull();
    expect(plainPrice(30, 'fr', 2)).toBeNull();
    expect(plainNumber(1e21, 'en')).toBeNull();
    expect(plainNumber(1.2345, 'en')).toBeNull();
    expect(plainNumber(1234, 'es')).toBeNull();
  });
});
