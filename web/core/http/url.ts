/** Where a request goes: relative paths hang off the configured base (SPEC §7 "api prefix"). */

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

export function isAbsoluteUrl(url: string): boolean {
  return ABSOLUTE.test(url) || url.startsWith('//');
}

export function joinUrl(base: string, url: string): string {
  if (isAbsoluteUrl(url)) return url;
  return base.replace(/\/+$/, '') + '/' + url.replace(/^\/+/, '');
}

/**
 * The pathname+search the server will see, which is what gets signed. The
 * WHATWG parser is the same one fetch uses, so any normalisation it does
 * (dot segments, escaping) is applied identically on both sides.
 */
export function pathWithQuery(url: string): string {
  const u = new URL(url, 'http://signing.invalid');
  return u.pathname + u.search;
}
