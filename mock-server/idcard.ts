/**
 * Real-name verification's ID check (auth_post): the rule of
 * web/api/idcard.ts, shared with the app's form, with the mock's messages.
 */
import { checkIdCard as check, type IdCardProblem } from '../web/api/idcard.ts';
import type { WordsId } from './http/words.ts';

const PROBLEMS: Record<IdCardProblem, WordsId> = {
  empty: 'idCardEmpty',
  length: 'idCardLength',
  format: 'idCardFormat',
  region: 'idCardRegion',
  birth: 'idCardBirth',
  future: 'idCardFuture',
  checksum: 'idCardChecksum',
};

export type IdCardResult = { ok: true; birth: string; normalized: string } | { ok: false; failure: WordsId };

/** Check an ID against `today` ("YYYY-MM-DD", the server's day). */
export function checkIdCard(id: string, today: string): IdCardResult {
  const r = check(id, today);
  return r.ok ? { ok: true, birth: r.birth, normalized: r.id } : { ok: false, failure: PROBLEMS[r.problem] };
}
