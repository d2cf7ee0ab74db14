/** Statistics (quantiles, means) for the stream benchmark's parts, and how its report writes numbers and tables. */

/** Linear interpolation between closest ranks; NaN for no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (pos - lo);
}

export const mean = (values: readonly number[]): number => (values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length);

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (c: string): string => c.replace(/\|/g, '\\|');
  return [`| ${header.map(esc).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

/** A plain-text table for the console. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]): string => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

export const f1 = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : '—');
export const f0 = (n: number): string => (Number.isFinite(n) ? String(Math.round(n)) : '—');
export const ratio = (value: number, base: number): string => (Number.isFinite(value) && base > 0 ? `${(value / base).toFixed(2)}×` : '—');
