/**
 * Mainland China resident ID numbers (GB 11643-1999): 6-digit region, 8-digit
 * birth date, 3-digit sequence and a check character computed with ISO 7064
 * MOD 11-2. Shared by the real-name form (before anything is sent) and the
 * mock cloud (auth_post), like phone.ts, so both judge a number the same way.
 * Imports nothing.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK = '10X98765432';
/** First two digits: the province-level regions. */
const PROVINCES: ReadonlySet<number> = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82,
]);

/** 17 digits and a digit or X (either case): the shape auth_post accepts. */
export const ID_CARD_SHAPE = /^\d{17}[\dXx]$/;

/** The check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK[sum % 11] ?? '';
}

/** Drops spaces and upper-cases a trailing x. */
export function normalizeIdCard(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export type IdCardProblem = 'empty' | 'length' | 'format' | 'region' | 'birth' | 'future' | 'checksum';

export type IdCardCheck = { ok: true; id: string; birth: string } | { ok: false; problem: IdCardProblem };

/**
 * The number normalised with its birth date ("YYYY-MM-DD"), or the first
 * problem found, checked against `today` ("YYYY-MM-DD"). `region: false`
 * skips the region list: the form catches what a typing slip breaks (length,
 * date, check character) and leaves to the server whether a region exists.
 */
export function checkIdCard(raw: string, today: string, opts: { region?: boolean } = {}): IdCardCheck {
  const id = normalizeIdCard(raw);
  const fail = (problem: IdCardProblem): IdCardCheck => ({ ok: false, problem });
  if (!id) return fail('empty');
  if (id.length !== 18) return fail('length');
  if (!ID_CARD_SHAPE.test(id)) return fail('format');
  if (opts.region !== false && !PROVINCES.has(Number(id.slice(0, 2)))) return fail('region');
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return fail('birth');
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (birth > today) return fail('future');
  if (idCardCheckChar(id) !== id[17]) return fail('checksum');
  return { ok: true, id, birth };
}
