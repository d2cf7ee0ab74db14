/**
 * Shape checks shared by request parsing and fixture loading. A failed check
 * throws `FieldError` naming the field by its full path, so a request answers
 * `Missing field "mobile"` and a fixture fails with `personas[2].mobile ...`.
 */

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

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}` : typeof value;
}

interface IntOptions {
  min?: number;
  max?: number;
}

interface StringOptions {
  /** Reject "" (default true: an empty string is as good as missing, SPEC §5 drops them). */
  nonEmpty?: boolean;
  pattern?: RegExp;
  /** Describes the pattern in the error message, e.g. "digits only". */
  patternHint?: string;
  maxLength?: number;
}

/**
 * A typed view on one object. `loose` is for data that arrived as text
 * (urlencoded bodies, GET `/key/value` pairs), where every value is a string:
 * there, "42" is accepted for an integer field. JSON input is strict.
 */
export class Fields {
  private constructor(
    private readonly value: Obj,
    private readonly at: string,
    private readonly loose: boolean,
  ) {}

  /** Wrap `value`, which must be an object; `at` names it in errors ("" for a request body). */
  static of(value: unknown, at = '', loose = false): Fields {
    if (!isObj(value)) throw new FieldError(at || 'body', `must be an object, got ${describe(value)}`);
    return new Fields(value, at, loose);
  }

  /** Raw access (own properties only), for checks this class does not cover. */
  raw(key: string): unknown {
    return Object.hasOwn(this.value, key) ? this.value[key] : undefined;
  }

  has(key: string): boolean {
    const v = this.raw(key);
    return v !== undefined && v !== null;
  }

  path(key: string): string {
    return this.at ? `${this.at}.${key}` : key;
  }

  private present(key: string): unknown {
    const v = this.raw(key);
    if (v === undefined || v === null) throw new FieldError(this.path(key), 'is missing');
    return v;
  }

  string(key: string, options: StringOptions = {}): string {
    const v = this.present(key);
    if (typeof v !== 'string') throw new FieldError(this.path(key), `must be a string, got ${describe(v)}`);
    if ((options.nonEmpty ?? true) && v === '') throw new FieldError(this.path(key), 'is missing');
    if (options.maxLength !== undefined && v.length > options.maxLength) {
      throw new FieldError(this.path(key), `must be at most ${options.maxLength} characters`);
    }
    if (options.pattern && !options.pattern.test(v)) {
      throw new FieldError(this.path(key), `must be ${options.patternHint ?? `like ${String(options.pattern)}`}`);
    }
    return v;
  }

  optionalString(key: string, options: StringOptions = {}): string | undefined {
    return this.has(key) ? this.string(key, { ...options, nonEmpty: options.nonEmpty ?? false }) : undefined;
  }

  int(key: string, options: IntOptions = {}): number {
    const v = this.present(key);
    let n: number;
    if (typeof v === 'number') n = v;
    else if (this.loose && typeof v === 'string' && /^-?\d{1,15}$/.test(v)) n = Number(v);
    else throw new FieldError(this.path(key), `must be an integer, got ${describe(v)}`);
    if (!Number.isSafeInteger(n)) throw new FieldError(this.path(key), `must be an integer, got ${n}`);
    if (options.min !== undefined && n < options.min) throw new FieldError(this.path(key), `must be at least ${options.min}`);
    if (options.max !== undefined && n > options.max) throw new FieldError(this.path(key), `must be at most ${options.max}`);
    return n;
  }

  /** A 0/1 flag, as the backend sends them. */
  flag(key: string): 0 | 1 {
    return this.oneOfNumber(key, [0, 1] as const);
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T {
    const v = this.present(key);
    const found = values.find((x) => x === v);
    if (found === undefined) {
      throw new FieldError(this.path(key), `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${describe(v)}`);
    }
    return found;
  }

  oneOfNumber<T extends number>(key: string, values: readonly T[]): T {
    const n = this.int(key);
    const found = values.find((x) => x === n);
    if (found === undefined) throw new FieldError(this.path(key), `must be one of ${values.join(', ')}, got ${n}`);
    return found;
  }

  object(key: string): Fields {
    return Fields.of(this.present(key), this.path(key), this.loose);
  }

  /** An array of objects, each wrapped. */
  objects(key: string): Fields[] {
    const v = this.present(key);
    if (!Array.isArray(v)) throw new FieldError(this.path(key), `must be an array, got ${describe(v)}`);
    return v.map((item: unknown, i) => Fields.of(item, `${this.path(key)}[${i}]`, this.loose));
  }
}
