/**
 * SPEC §5: identical requests (same url, data and method) in flight are
 * refused. Keys sort object fields so `{a,b}` and `{b,a}` count as the same.
 */
export function requestKey(method: string, url: string, data: unknown): string {
  return `${method} ${url} ${stableJson(data)}`;
}

function stableJson(v: unknown): string {
  if (v === undefined) return '';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  const entries = Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(',')}}`;
}

/** Counts rather than flags, so a `repeat: true` twin finishing does not unlock the first. */
export class InFlight {
  private readonly counts = new Map<string, number>();

  has(key: string): boolean {
    return (this.counts.get(key) ?? 0) > 0;
  }

  enter(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  leave(key: string): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }
}
