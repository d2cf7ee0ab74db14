/**
 * Prices of member cards, products and orders: yuan as "0.00" strings, shown
 * and compared through the exact decimal helpers (SPEC §5 decimal helpers),
 * never float arithmetic; written out through Intl in the language showing.
 */
import { div, round, sub } from '../core/decimal.ts';
import { formatPrice as intlPrice } from '../core/i18n/money.ts';
import type { Lang } from '../core/i18n/lang.ts';
import { locale } from '../core/i18n/locale.ts';
import { messages, params } from '../core/i18n/messages.ts';

const priceText = messages('state/price', {
  save: params('Save {price}'),
  perDay: params('{price}/day'),
});

/** "¥30.00"; anything unreadable shows as "¥–". */
export function formatPrice(yuan: string | number, lang: Lang = locale.get()): string {
  try {
    return intlPrice(round(yuan, 2), lang);
  } catch {
    return '¥–';
  }
}

/** Money saved against the original price, "" when none. */
export function savingLabel(price: string, original: string, lang: Lang = locale.get()): string {
  try {
    const saved = sub(original, price);
    return saved > 0 ? priceText.get().save({ price: formatPrice(saved, lang) }) : '';
  } catch {
    return '';
  }
}

/** Price per day, e.g. "¥0.73/day" for 268.00 over 365 days; "" for no days. */
export function perDayLabel(price: string, days: number, lang: Lang = locale.get()): string {
  if (!(days > 0)) return '';
  try {
    return priceText.get().perDay({ price: formatPrice(div(price, days), lang) });
  } catch {
    return '';
  }
}
