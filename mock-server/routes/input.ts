/**
 * What the routes read their input with: zod schemas built twice, once for
 * JSON (strict: a number is a number) and once for text input — urlencoded
 * bodies and GET `/key/value` pairs, where every value is a string and "42"
 * is a number. Plus the fields and user lookups several route groups share.
 */
import * as z from 'zod';
import { type PageRequest } from '../../web/api/contract.ts';
import { PAGE_SIZE_MAX } from '../limits.ts';
import { badRequest } from '../http/envelope.ts';
import type { UserRecord } from '../sessions/store.ts';
import { flag, int, oneOf, optional, type IntOptions } from '../validate.ts';

/** Numbers as the input carries them: `strictNumbers` for JSON, `textNumbers` for forms and path pairs. */
export interface Numbers {
  int(o?: IntOptions): z.ZodType<number>;
  flag(): z.ZodType<0 | 1>;
  oneOf<const T extends number>(values: readonly [T, ...T[]]): z.ZodType<T>;
}

export const strictNumbers: Numbers = {
  int: (o) => int(o),
  flag: () => flag(),
  oneOf: (values) => oneOf(values),
};

const DIGITS = /^-?\d{1,15}$/;
const fromText = (v: unknown): unknown => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v);

export const textNumbers: Numbers = {
  int: (o) => z.preprocess(fromText, int(o)),
  flag: () => z.preprocess(fromText, flag()),
  oneOf: (values) => z.preprocess(fromText, oneOf(values)),
};

export const gameId = (n: Numbers): z.ZodType<number> => n.int({ min: 1 });
export const uid = (n: Numbers): z.ZodType<number> => n.int({ min: 1 });

/** `page` and `page_size` of a paged list (SPEC §7), both optional. */
export const pageFields = (n: Numbers) => ({
  page: optional(n.int({ min: 1, max: 100_000 })),
  page_size: optional(n.int({ min: 1, max: PAGE_SIZE_MAX })),
}) satisfies z.ZodRawShape & Record<keyof PageRequest, z.ZodType>;

/** A `uid` in the request must be the logged-in user's (like get_user_balance). */
export function requireSameUid(given: number | undefined, user: UserRecord): void {
  if (given !== undefined && given !== user.uid) throw badRequest(`Field "uid" (${given}) does not match the logged-in user`);
}
