/**
 * Real-name form checks before anything is sent (the server checks again):
 * the 18-character resident ID of GB 11643 with its ISO 7064 MOD 11-2 check
 * character, and the name rule of `AuthPostRequest`.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK = '10X98765432';

/** The check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK[sum % 11] ?? '';
}

export type IdCardProblem = 'empty' | 'length' | 'format' | 'birth' | 'checksum';

export const ID_CARD_MESSAGES: Record<IdCardProblem, string> = {
  empty: 'Enter your ID card number',
  length: 'An ID card number has 18 characters',
  format: '17 digits followed by a digit or X',
  birth: 'The birth date in this number is not valid',
  checksum: 'This ID card number is not valid, check it again',
};

/** Upper-cases a trailing x and drops spaces. */
export function normalizeIdCard(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** null when the number is well-formed, else the first problem found. */
export function checkIdCard(raw: string, today: Date): IdCardProblem | null {
  const id = normalizeIdCard(raw);
  if (!id) return 'empty';
  if (id.length !== 18) return 'length';
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > today.getTime()) return 'birth';
  return idCardCheckChar(id) === id[17] ? null : 'checksum';
}

/** 2–30 characters: Chinese, letters, spaces or "·" (AuthPostRequest). */
export function checkRealName(raw: string): string | null {
  const name = raw.trim();
  if (!name) return 'Enter your real name';
  if (name.length < 2 || name.length > 30) return 'A name has 2 to 30 characters';
  if (!/^[\p{Script=Han}A-Za-z ·]+$/u.test(name)) return 'Use Chinese characters, letters, spaces or ·';
  return null;
}
