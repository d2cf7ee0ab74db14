/**
 * Numbers without ICU, for the languages whose rules fit in a small table (English, Simplified and
 * Traditional Chinese: "," groups, "." decimals, ¥ before the amount). Each function answers exactly what format.ts's
 * Intl call would, or null when the value is outside what the table covers (negative, more decimals than shown,
 * exponents, other languages): the caller then asks Intl. (Counts: count.ts; prices: money.ts.) A test sweeps values
 * against Intl, so the two cannot drift.
 *
 * Why at all: a page's first Intl.NumberFormat costs 60–80 ms of main thread while ICU loads its number data, a long
 * task on every page that shows a count or a price (docs/decisions/0016).
 */
import type { Lang } from './lang.ts';

/** The languages whose rules the table covers. */
export const TABLE_LANGS: ReadonlySet<Lang> = new Set<Lang>(['en', 'zh-Hans', 'zh-Hant']);

/** The shortest decimal that reads back as `n` (what ICU formats from), split; null for exponents and signs. */
export function decimalParts(n: number): { int: string; frac: string } | null {
  if (n < 0 || Object.is(n, -0)) return null;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(n));
  return m ? { int: m[1] ?? '0', frac: m[2] ?? '' } : null;
}

export const grouped = (int: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 1,234,567.5 (Intl's default: up to three decimals); null where Intl must answer. */
export function plainNumber(n: number, lang: Lang): string | null {
  if (!TABLE_LANGS.has(lang)) return null;
  const parts = decimalParts(n);
  if (!parts || parts.frac.length > 3) return null;
  return grouped(parts.int) + (parts.frac ? `.${parts.frac}` : '');
}
