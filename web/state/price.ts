/**
 * Prices of member cards, products and orders: yuan as "0.00" strings, shown
 * and compared through the exact decimal helpers (SPEC §5 decimal helpers),
 * never float arithmetic.
 */
import { div, round, sub } from '../core/decimal.ts';

/** "¥30.00"; anything unreadable shows as "¥–". */
export function formatPrice(yuan: string | number): string {
  try {
    return `¥${round(yuan, 2).toFixed(2)}`;
  } catch {
    return '¥–';
  }
}

/** Money saved against the original price, "" when none. */
export function savingLabel(price: string, original: string): string {
  try {
    const saved = sub(original, price);
    return saved > 0 ? `Save ${formatPrice(saved)}` : '';
  } catch {
    return '';
  }
}

/** Price per day, e.g. "¥0.73/day" for 268.00 over 365 days; "" for no days. */
export function perDayLabel(price: string, days: number): string {
  if (!(days > 0)) return '';
  try {
    return `${formatPrice(div(price, days))}/day`;
  } catch {
    return '';
  }
}
