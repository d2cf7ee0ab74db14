/**
 * Real-name form checks before anything is sent (the server checks again):
 * the ID rule of web/api/idcard.ts, shared with the mock cloud, in the form's
 * words, and the name rule of `AuthPostRequest`.
 */
import { checkIdCard, type IdCardProblem } from '../api/idcard.ts';
import { messages } from '../core/i18n/messages.ts';

// Read when a message is made, so it is in the language showing then.
const text = messages('state/idcard', {
  empty: 'Enter your ID card number',
  length: 'An ID card number has 18 characters',
  format: '17 digits followed by a digit or X',
  region: 'The region code in this number is not valid',
  birth: 'The birth date in this number is not valid',
  checksum: 'This ID card number is not valid, check it again',
  nameEmpty: 'Enter your real name',
  nameLength: 'A name has 2 to 30 characters',
  nameChars: 'Use Chinese characters, letters, spaces or ·',
});

function problemText(problem: IdCardProblem): string {
  const t = text.get();
  const byProblem: Record<IdCardProblem, string> = {
    empty: t.empty,
    length: t.length,
    format: t.format,
    region: t.region,
    birth: t.birth,
    future: t.birth,
    checksum: t.checksum,
  };
  return byProblem[problem];
}

/** What is wrong with the number typed, at `now` (ms), or null; the region list is left to the server. */
export function idCardError(raw: string, now: number): string | null {
  const check = checkIdCard(raw, new Date(now).toISOString().slice(0, 10), { region: false });
  return check.ok ? null : problemText(check.problem);
}

/** 2–30 characters: Chinese, letters, spaces or "·" (AuthPostRequest). */
export function checkRealName(raw: string): string | null {
  const name = raw.trim();
  const t = text.get();
  if (!name) return t.nameEmpty;
  if (name.length < 2 || name.length > 30) return t.nameLength;
  if (!/^[\p{Script=Han}A-Za-z ·]+$/u.test(name)) return t.nameChars;
  return null;
}
