/**
 * Personal data as it is shown, shared by the app and the mock cloud. Its own
 * module, apart from phone.ts: home shows a masked number, and its first load
 * must not carry the country list.
 */

/**
 * SPEC §3: a mobile is shown as its first 3 digits, ****, and its last 4 (the
 * app's "Mine" and the mock's invited friends). Numbers too short for that
 * would be revealed almost whole, so they keep only a short tail.
 */
export function maskMobile(mobile: string): string {
  const m = typeof mobile === 'string' ? mobile.trim() : '';
  if (m.length >= 8) return `${m.slice(0, 3)}****${m.slice(-4)}`;
  if (m.length === 0) return '';
  return `****${m.slice(-Math.floor(m.length / 2))}`;
}
