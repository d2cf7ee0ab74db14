/**
 * Real-name verification's ID check (auth_post): the rule of
 * web/api/idcard.ts, shared with the app's form, with the mock's messages.
 */
import { checkIdCard as check, type IdCardProblem } from '../web/api/idcard.ts';

const PROBLEMS: Record<IdCardProblem, string> = {
  empty: 'the number is empty',
  length: 'the number must have 18 characters',
  format: 'the number must be 17 digits and a digit or X',
  region: 'the region code is not valid',
  birth: 'the birth date is not a real date',
  future: 'the birth date is in the future',
  checksum: 'the check character does not match',
};

export type IdCardResult = { ok: true; birth: string; normalized: string } | { ok: false; problem: string };

/** Check an ID against `today` ("YYYY-MM-DD", the server's day). */
export function checkIdCard(id: string, today: string): IdCardResult {
  const r = check(id, today);
  return r.ok ? { ok: true, birth: r.birth, normalized: r.id } : { ok: false, problem: PROBLEMS[r.problem] };
}
