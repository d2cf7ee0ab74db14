/**
 * Numbers, money, counts, durations and dates in the reader's language, through
 * Intl (issue 9: 2小时30分钟, ¥30.00, 18.4万). Pure: the language is an argument.
 *
 * Counts, plain numbers and prices in English and Chinese take a table-driven path first (plain-number.ts): a page's
 * first `Intl.NumberFormat` costs 60–80 ms of main thread while ICU loads its number data (docs/decisions/0016).
 */
import type { Lang } from './lang.ts';
import { plainCount, plainNumber, plainPrice } from './plain-number.ts';

const finite = (n: number): number => (Number.isFinite(n) ? n : 0);

/** Yuan with the narrow symbol (¥30.00 in every language); `digits` 0 for whole-yuan prices. */
export function formatPrice(yuan: number, lang: Lang, digits = 2): string {
  const plain = plainPrice(finite(yuan), lang, digits);
  if (plain !== null) return plain;
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(finite(yuan));
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

export function formatNumber(n: number, lang: Lang): string {
  const plain = plainNumber(finite(n), lang);
  if (plain !== null) return plain;
  return new Intl.NumberFormat(lang).format(finite(n));
}

const unit = (lang: Lang, u: 'hour' | 'minute' | 'second', n: number): string =>
  new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'narrow' }).format(n);

/**
 * A play-time length in hours and minutes: "2h 05m"-style in English, 2小时30分钟 in Chinese. Under a minute reads
 * as 0 minutes; negative or non-numbers as 0.
 */
export function formatDuration(seconds: number, lang: Lang): string {
  const s = Math.max(0, Math.floor(finite(seconds)));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  // Whole hours read as hours alone (1小时, not 1小时0分钟).
  const parts = h === 0 ? [unit(lang, 'minute', m)] : m === 0 ? [unit(lang, 'hour', h)] : [unit(lang, 'hour', h), unit(lang, 'minute', m)];
  return new Intl.ListFormat(lang, { style: 'narrow', type: 'unit' }).format(parts);
}

/** A calendar date (and time when asked), in the language's order. */
export function formatDate(ms: number, lang: Lang, withTime = false): string {
  const opts: Intl.DateTimeFormatOptions = withTime
    ? { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }
    : { year: 'numeric', month: '2-digit', day: '2-digit' };
  return new Intl.DateTimeFormat(lang, opts).format(new Date(finite(ms)));
}
