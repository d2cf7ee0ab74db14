/**
 * Counts, numbers and prices without ICU, for the languages whose rules fit in a small table (English, Simplified
 * and Traditional Chinese: "," groups, "." decimals, ¥ before the amount). Each function answers exactly what
 * format.ts's Intl call would, or null when the value is outside what the table covers (negative, non-integer
 * counts, more decimals than shown, huge values, other languages): the caller then asks Intl. A test sweeps values
 * against Intl, so the two cannot drift.
 *
 * Why at all: a page's first Intl.NumberFormat costs 60–80 ms of main thread while ICU loads its number data, a long
 * task on every page that shows a count or a price (docs/decisions/0016).
 */
import type { Lang } from './lang.ts';

/** Compact units, largest first, up to where the table and Intl agree (English "T" and Chinese 万亿/兆 start at 1e12). */
const COMPACT: Partial<Record<Lang, readonly (readonly [number, string])[]>> = {
  en: [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ],
  'zh-Hans': [
    [1e8, '亿'],
    [1e4, '万'],
  ],
  'zh-Hant': [
    [1e8, '億'],
    [1e4, '萬'],
  ],
};
const COMPACT_LIMIT = 1e12;

/** The shortest decimal that reads back as `n` (what ICU formats from), split; null for exponents and signs. */
function decimalParts(n: number): { int: string; frac: string } | null {
  if (n < 0 || Object.is(n, -0)) return null;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(n));
  return m ? { int: m[1] ?? '0', frac: m[2] ?? '' } : null;
}

const grouped = (int: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 18.4万, 184K: cut to one decimal, never rounded up; null where Intl must answer. */
export function plainCount(n: number, lang: Lang): string | null {
  const units = COMPACT[lang];
  if (!units || !Number.isSafeInteger(n) || n < 0 || Object.is(n, -0) || n >= COMPACT_LIMIT) return null;
  const unit = units.find(([size]) => n >= size);
  if (!unit) return String(n);
  const [size, suffix] = unit;
  // Integer tenths: n * 10 is exact below 1e12, so the cut never trips on a binary fraction.
  const tenths = Math.floor((n * 10) / size);
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return `${whole}${tenth === 0 ? '' : `.${tenth}`}${suffix}`;
}

/** 1,234,567.5 (Intl's default: up to three decimals); null where Intl must answer. */
export function plainNumber(n: number, lang: Lang): string | null {
  if (!COMPACT[lang]) return null;
  const parts = decimalParts(n);
  if (!parts || parts.frac.length > 3) return null;
  return grouped(parts.int) + (parts.frac ? `.${parts.frac}` : '');
}

/** ¥1,234.50 with exactly `digits` decimals; null when the amount has more decimals than shown (Intl rounds those). */
export function plainPrice(yuan: number, lang: Lang, digits: number): string | null {
  if (!COMPACT[lang] || !Number.isInteger(digits) || digits < 0 || digits > 20) return null;
  const parts = decimalParts(yuan);
  if (!parts || parts.frac.length > digits) return null;
  return `¥${grouped(parts.int)}${digits > 0 ? `.${parts.frac.padEnd(digits, '0')}` : ''}`;
}
