/**
 * Mainland China resident ID numbers (GB 11643-1999): 6-digit region, 8-digit
 * birth date, 3-digit sequence and a check character computed with
 * ISO 7064 MOD 11-2. Used by real-name verification (auth_post).
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
/** First two digits: the province-level regions. */
const PROVINCES = new Set([11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82]);

export const ID_CARD_SHAPE = /^\d{17}[\dXx]$/;

/** The check character for the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK[sum % 11] ?? '';
}

export type IdCardResult = { ok: true; birth: string; normalized: string } | { ok: false; problem: string };

/** Check an 18-character ID (shape already checked) against `today` ("YYYY-MM-DD"). */
export function checkIdCard(id: string, today: string): IdCardResult {
  const normalized = id.toUpperCase();
  if (!PROVINCES.has(Number(normalized.slice(0, 2)))) return { ok: false, problem: 'the region code is not valid' };
  const y = Number(normalized.slice(6, 10));
  const m = Number(normalized.slice(10, 12));
  const d = Number(normalized.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  const birth = `${normalized.slice(6, 10)}-${normalized.slice(10, 12)}-${normalized.slice(12, 14)}`;
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return { ok: false, problem: 'the birth date is not a real date' };
  }
  if (birth > today) return { ok: false, problem: 'the birth date is in the future' };
  const expected = idCheckChar(normalized.slice(0, 17));
  if (normalized[17] !== expected) return { ok: false, problem: 'the check character does not match' };
  return { ok: true, birth, normalized };
}
