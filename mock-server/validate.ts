/**
 * Checking JSON from outside — fixture and scenario files, QA's control API,
 * API requests — with zod schemas, and saying what is wrong the same way
 * everywhere: the first problem becomes a `FieldError` naming the field by
 * its full path, so a request answers `Missing field "mobile"` and a fixture
 * fails with `personas[2].mobile must be a string, got number`.
 *
 * The field builders below are zod schemas with the wording the app, QA and
 * the tests rely on; everything else is plain zod.
 */
import * as z from 'zod';

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class FieldError extends Error {
  constructor(
    /** Full path of the field, e.g. `mobile` or `personas[2].balance.duration`. */
    readonly field: string,
    /** What is wrong, e.g. `is missing` or `must be a string`. */
    readonly problem: string,
  ) {
    super(problem === 'is missing' ? `Missing field "${field}"` : `Field "${field}" ${problem}`);
    this.name = 'FieldError';
  }
}

/** A value as an error message shows it: `string "abc"`, `an array`, `number`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}` : typeof value;
}

const shown = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));
/** A wrong value for a number field: the number itself (1.5, 2^60), else what it is. */
const gotNumber = (v: unknown): string => (typeof v === 'number' ? String(v) : describe(v));

/** The words for an issue whose schema gave none (zod's per-parse error map). */
function problemOf(issue: z.core.$ZodRawIssue): string | undefined {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null) return 'is missing';
      if (issue.expected === 'string') return `must be a string, got ${describe(input)}`;
      if (issue.expected === 'int') return `must be an integer, got ${gotNumber(input)}`;
      if (issue.expected === 'number') return `must be a number, got ${describe(input)}`;
      if (issue.expected === 'boolean') return 'must be true or false';
      if (issue.expected === 'array') return 'must be an array';
      return `must be an object, got ${describe(input)}`;
    case 'too_small':
      // z.int()'s own bounds are the safe integers: out of them is not an integer as JSON carries it.
      if (issue.origin === 'int') return `must be an integer, got ${gotNumber(input)}`;
      if (issue.origin === 'array') return `must have at least ${issue.minimum} entries`;
      if (issue.origin === 'string') return issue.minimum === 1 ? 'is missing' : `must be at least ${issue.minimum} characters`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'int') return `must be an integer, got ${gotNumber(input)}`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} entries`;
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      if (input === undefined || input === null) return 'is missing';
      // A number answers a list of numbers with itself, anything else with what it is (as the old checks did).
      return `must be one of ${issue.values.map(shown).join(', ')}, got ${issue.values.every((v) => typeof v === 'number') ? gotNumber(input) : describe(input)}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    default:
      return undefined;
  }
}

/** `personas[2].mobile` from `at` ("" or "game") and a zod path. */
export function fieldPath(at: string, path: readonly PropertyKey[]): string {
  let out = at;
  for (const key of path) out = typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key);
  return out;
}

/**
 * Check `value` against `schema`; the first problem throws FieldError with the field's full path under `at`.
 * `root` names the value itself when `at` is "" (a problem with the whole body, or the whole fault).
 */
export function check<S extends z.ZodType>(schema: S, value: unknown, at = '', root = 'body'): z.output<S> {
  const result = schema.safeParse(value, { error: problemOf });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new FieldError(at || root, 'is not valid');
  // An unknown key is reported on its object: name the key itself.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  throw new FieldError(fieldPath(at, path) || root, issue.message);
}

// ---------------------------------------------------------------- field builders

export interface TextOptions {
  /** Longest accepted, in characters. */
  max?: number;
  pattern?: RegExp;
  /** The pattern in words for the error, e.g. "an http(s) URL" ("must be …"). */
  hint?: string;
  /** Accept "" (default false: an empty string is as good as missing, SPEC §5 drops them). */
  empty?: boolean;
}

export function text(o: TextOptions = {}): z.ZodString {
  let s = z.string();
  if (!o.empty) s = s.min(1, 'is missing');
  if (o.max !== undefined) s = s.max(o.max);
  if (o.pattern) s = s.regex(o.pattern, `must be ${o.hint ?? `like ${String(o.pattern)}`}`);
  return s;
}

export interface IntOptions {
  min?: number;
  max?: number;
}

export function int(o: IntOptions = {}): z.ZodInt {
  // The schema's error also words its checks' issues (min, max): only the type issue is said here.
  let n = z.int({ error: (iss) => (iss.code !== 'invalid_type' ? undefined : iss.input === undefined || iss.input === null ? 'is missing' : `must be an integer, got ${gotNumber(iss.input)}`) });
  if (o.min !== undefined) n = n.min(o.min);
  if (o.max !== undefined) n = n.max(o.max);
  return n;
}

/** A finite number from `min` to `max` (ratings, layout positions). */
export function decimal(min: number, max: number): z.ZodNumber {
  return z.number().refine((v) => v >= min && v <= max, `must be between ${min} and ${max}`);
}

/** One of these strings, or of these numbers (an integer first: "x" reads "must be an integer"). */
export function oneOf<const T extends readonly [string, ...string[]] | readonly [number, ...number[]]>(values: T): z.ZodType<T[number]> {
  const literal = z.literal(values as readonly [z.core.util.Literal, ...z.core.util.Literal[]]) as unknown as z.ZodType<T[number], number>;
  return typeof values[0] === 'number' ? int().pipe(literal) : literal;
}

/** A 0/1 flag, as the backend sends them. */
export const flag = (): z.ZodType<0 | 1> => oneOf([0, 1]);

/** A JSON object that refuses unknown keys, naming the ones it knows (a typo would otherwise be silently ignored). */
export function known<S extends z.core.$ZodLooseShape>(shape: S): z.ZodObject<S, z.core.$strict> {
  const names = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? `is not a known field (expected one of ${names})` : undefined),
  });
}

/** Absent or null: undefined, and the key optional in the output type (null is how JSON says "not given"). */
export function optional<S extends z.ZodType>(schema: S): z.ZodOptional<z.ZodPipe<z.ZodNullable<S>, z.ZodTransform<Exclude<z.output<S>, null> | undefined>>> {
  return schema
    .nullable()
    .transform((v) => (v === null ? undefined : (v as Exclude<z.output<S>, null>)))
    .optional();
}

/** `o` without its undefined values: a field sent as null is as absent as one not sent (for objects merged over defaults). */
export function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** Report a problem from a refinement at `path` (relative to the refined value). */
export function problem(ctx: z.core.$RefinementCtx, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message, input: undefined });
}

/** A refinement for a list: `keyOf` must not repeat; a repeat is named at `[i].field` ("repeats id 3"). */
export function unique<T>(keyOf: (item: T) => string | number, field: string, what = field): (items: readonly T[], ctx: z.core.$RefinementCtx) => void {
  return (items, ctx) => {
    const seen = new Set<string | number>();
    items.forEach((item, i) => {
      const key = keyOf(item);
      if (seen.has(key)) problem(ctx, [i, field], `repeats ${what} ${JSON.stringify(key)}`);
      seen.add(key);
    });
  };
}
