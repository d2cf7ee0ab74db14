/**
 * Yuan in the reader's language (decision 0010; ¥30.00). English and Chinese through the ICU-free table of plain-number.ts
 * (decision 0016), Intl the rest.
 */
import { finite } from './format.ts';
import type { Lang } from './lang.ts';
import { decimalParts, grouped, TABLE_LANGS } from './plain-number.ts';

/** ¥1,234.50 with exactly `digits` decimals; null when the amount has more decimals than shown (Intl rounds those). */
export function plainPrice(yuan: number, lang: Lang, digits: number): string | null {
  if (!TABLE_LANGS.has(lang) || !Number.isInteger(digits) || digits < 0 || digits > 20) return null;
  const parts = decimalParts(yuan);
  if (!parts || parts.frac.length > digits) return null;
  return `¥${grouped(parts.int)}${digits > 0 ? `.${parts.frac.padEnd(digits, '0')}` : ''}`;
}

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
