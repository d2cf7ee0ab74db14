/**
 * Big counts shortened the language's way (SPEC §8 play counts): 184K, 18.4万, 18.4萬. A table answers English and
 * Chinese without ICU (decision 0016), Intl the rest; a sweep test holds the table to Intl's answers.
 */
import { finite } from './format.ts';
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

/** The table's answer, cut to one decimal and never rounded up; null where Intl must answer. */
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

/**
 * Big counts shortened the language's way: 184K, 18.4万, 18.4萬. Cut, not rounded: 2,560,000 plays are "2.5M",
 * never more than there were. (`roundingMode` is ES2023, newer than the lib we type against.)
 */
export function formatCount(n: number, lang: Lang): string {
  const plain = plainCount(finite(n), lang);
  if (plain !== null) return plain;
  const opts = { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' } as Intl.NumberFormatOptions;
  return new Intl.NumberFormat(lang, opts).format(finite(n));
}
