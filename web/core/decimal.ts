/**
 * Exact decimal arithmetic for money and durations (SPEC §5): binary floats
 * give 0.1 + 0.2 = 0.30000000000000004, which shows up in prices. Values are
 * held as a BigInt over a power of ten; results become the nearest number.
 */

export type Numeric = number | string;

export const PARAMETER_ERROR = 'parameter error';

interface Dec {
  /** value = int / 10^scale */
  int: bigint;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
/** Far beyond any double; stops '1e999999' from building a megabyte BigInt. */
const MAX_EXPONENT = 1000;
/** Extra digits a quotient is carried to before rounding: comfortably past double precision. */
const DIV_DIGITS = 25;

function fail(): never {
  throw new Error(PARAMETER_ERROR);
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

function parse(v: unknown): Dec {
  let text: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) fail();
    // String() gives the shortest text that round-trips, so 0.1 is read as exactly 0.1.
    text = String(v);
  } else if (typeof v === 'string') {
    text = v.trim();
  } else {
    fail();
  }
  const m = DECIMAL.exec(text);
  if (!m) fail();
  const [, sign = '', whole = '', frac = '', exp = '0'] = m;
  if (whole === '' && frac === '') fail();
  const e = Number(exp);
  if (Math.abs(e) > MAX_EXPONENT) fail();
  let int = BigInt((whole || '0') + frac);
  let scale = frac.length - e;
  if (scale < 0) {
    int *= pow10(-scale);
    scale = 0;
  }
  return { int: sign === '-' ? -int : int, scale };
}

function toText({ int, scale }: Dec): string {
  const neg = int < 0n;
  const digits = (neg ? -int : int).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return neg ? `-${body}` : body;
}

const toNumber = (d: Dec): number => Number(toText(d));

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.int * pow10(scale - a.scale), b.int * pow10(scale - b.scale), scale];
}

/** Integer division rounding half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < (d < 0n ? -d : d)) return q;
  return (n < 0n) !== (d < 0n) ? q - 1n : q + 1n;
}

export function add(a: Numeric, b: Numeric): number {
  const [x, y, scale] = align(parse(a), parse(b));
  return toNumber({ int: x + y, scale });
}

export function sub(a: Numeric, b: Numeric): number {
  const [x, y, scale] = align(parse(a), parse(b));
  return toNumber({ int: x - y, scale });
}

export function mul(a: Numeric, b: Numeric): number {
  const x = parse(a);
  const y = parse(b);
  return toNumber({ int: x.int * y.int, scale: x.scale + y.scale });
}

export function div(a: Numeric, b: Numeric): number {
  const x = parse(a);
  const y = parse(b);
  if (y.int === 0n) fail();
  // x/y = (x.int·10^y.scale) / (y.int·10^x.scale), carried to enough digits for any double.
  const n = x.int * pow10(y.scale);
  const d = y.int * pow10(x.scale);
  const scale = DIV_DIGITS + d.toString().length;
  return toNumber({ int: divRound(n * pow10(scale), d), scale });
}

/** Half away from zero at the decimal digit, so round(1.005, 2) is 1.01 (toFixed says 1.00). */
export function round(value: Numeric, digits = 0): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 100) fail();
  const x = parse(value);
  if (x.scale <= digits) return toNumber(x);
  return toNumber({ int: divRound(x.int, pow10(x.scale - digits)), scale: digits });
}
