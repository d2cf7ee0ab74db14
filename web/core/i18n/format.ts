/**
 * Plain numbers in the reader's language (decision 0010; 1,234). Pure: the language is an argument. Money is in money.ts,
 * counts in count.ts, durations and dates in format-time.ts: home's first load carries only what its first view
 * formats.
 *
 * English and Chinese take a table-driven path first (plain-number.ts), Intl the rest: a page's first
 * `Intl.NumberFormat` costs 60–80 ms of main thread while ICU loads its number data (docs/decisions/0016).
 */
import type { Lang } from './lang.ts';
import { plainNumber } from './plain-number.ts';

export const finite = (n: number): number => (Number.isFinite(n) ? n : 0);

export function formatNumber(n: number, lang: Lang): string {
  const plain = plainNumber(finite(n), lang);
  if (plain !== null) return plain;
  return new Intl.NumberFormat(lang).format(finite(n));
}
