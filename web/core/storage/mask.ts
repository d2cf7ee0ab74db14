/**
 * SPEC §3: the displayed mobile is first 3 digits, ****, last 4. Numbers too
 * short for that would be revealed almost whole, so they keep only a short tail.
 */
export function maskMobile(mobile: string): string {
  const m = typeof mobile === 'string' ? mobile.trim() : '';
  if (m.length >= 8) return `${m.slice(0, 3)}****${m.slice(-4)}`;
  if (m.length === 0) return '';
  return `****${m.slice(-Math.floor(m.length / 2))}`;
}
